import { startDataServers } from '@coach/dev-stack';
import { createLogger, createRedis, type Redis } from '@coach/kit';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Changes, shareChanges, watchWrites } from './changes.ts';
import { createReadCache } from './read-cache.ts';

// Real mongod and redis-server: the writes a model tells of, the replicas told through Redis, and
// what a read cache keeps meanwhile.
let servers: Awaited<ReturnType<typeof startDataServers>>;
let connection: mongoose.Connection;
let redis: Redis;
const logger = createLogger('changes-test', 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const told = new Changes();
const schema = new mongoose.Schema({ name: String, count: Number }, { collection: 'watched' });
watchWrites(schema, told);

beforeAll(async () => {
  servers = await startDataServers('changes-test');
  connection = await mongoose.createConnection(servers.mongoUrl).asPromise();
  redis = createRedis(servers.redisUrl, logger);
});
afterAll(async () => {
  await redis?.quit();
  await connection?.close();
  await servers?.stop();
});

/** How often `changes` is told of a change while `act` runs, and whether each was a local write. */
async function heard(changes: Changes, act: () => Promise<unknown>) {
  const seen: boolean[] = [];
  const stop = changes.on((local) => void seen.push(local));
  try {
    await act();
  } finally {
    stop();
  }
  return seen;
}

describe('watchWrites', () => {
  it('tells of every write through the model that changed a document, at once, and of none that changed nothing', async () => {
    const Model = connection.model('Watched', schema);
    const [doc] = await Model.insertMany([{ name: 'a', count: 1 }]);
    const writes: Array<[string, () => Promise<unknown>, number]> = [
      ['create', () => Model.create({ name: 'b', count: 1 }), 1],
      ['save', async () => ((doc!.count = 2), doc!.save()), 1],
      ['insertMany', () => Model.insertMany([{ name: 'c' }]), 1],
      ['updateOne', () => Model.updateOne({ name: 'a' }, { $inc: { count: 1 } }), 1],
      ['updateOne matching none', () => Model.updateOne({ name: 'none' }, { $inc: { count: 1 } }), 0],
      ['updateMany', () => Model.updateMany({}, { $set: { count: 7 } }), 1],
      ['findOneAndUpdate', () => Model.findOneAndUpdate({ name: 'b' }, { count: 5 }).lean(), 1],
      ['findOneAndUpdate matching none', () => Model.findOneAndUpdate({ name: 'none' }, { count: 5 }).lean(), 0],
      ['findByIdAndUpdate', () => Model.findByIdAndUpdate(doc!._id, { count: 9 }), 1],
      ['replaceOne', () => Model.replaceOne({ name: 'c' }, { name: 'c', count: 3 }), 1],
      ['bulkWrite', () => Model.bulkWrite([{ deleteOne: { filter: { name: 'c' } } }]), 1],
      ['deleteOne matching none', () => Model.deleteOne({ name: 'none' }), 0],
      ['document updateOne', () => doc!.updateOne({ count: 11 }), 1],
      ['document deleteOne', () => doc!.deleteOne(), 1],
      ['deleteMany', () => Model.deleteMany({}), 1],
      ['a read', () => Model.find().lean(), 0],
    ];
    for (const [name, write, times] of writes) expect(await heard(told, write), name).toEqual(Array(times).fill(true));
  });
});

describe('shareChanges', () => {
  it("tells each replica of the others' writes, not of its own again, and every kind once Redis reconnects", async () => {
    const [postsA, statsA, postsB, statsB] = [new Changes(), new Changes(), new Changes(), new Changes()];
    const stopA = shareChanges(redis, logger, { posts: postsA, stats: statsA }, 'replica-a');
    const stopB = shareChanges(redis, logger, { posts: postsB, stats: statsB }, 'replica-b');
    try {
      await sleep(300); // both subscribed (and told once of everything as they did)
      const onB = { posts: [] as boolean[], stats: [] as boolean[] };
      const stops = [postsB.on((local) => void onB.posts.push(local)), statsB.on((local) => void onB.stats.push(local))];
      const onA = await heard(postsA, async () => {
        postsA.wrote();
        await sleep(200);
      });
      expect(onA).toEqual([true]); // its own write, once
      expect(onB).toEqual({ posts: [false], stats: [] });

      // A subscription cut (Redis restarted, the connection lost): whatever was said meanwhile is lost.
      await redis.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      await sleep(1000);
      expect(onB.posts.length).toBeGreaterThanOrEqual(2);
      expect(onB.stats.length).toBeGreaterThanOrEqual(1);
      stops.forEach((stop) => stop());
    } finally {
      await stopA();
      await stopB();
    }
  });
});

describe('createReadCache', () => {
  it('reads once for concurrent readers, keeps the value until a change, its expiry or a new fingerprint', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // the clock moves when the test says
    const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
    const changes = new Changes();
    let reads = 0;
    let fingerprint = 'one';
    let expiresAt: number | undefined;
    const cache = createReadCache<number>({
      build: async () => {
        await sleep(20);
        return { value: ++reads, expiresAt };
      },
      changes,
      fingerprint: async () => fingerprint,
      checkEveryMs: 100,
      maxAgeMs: 60_000,
    });
    expect(await Promise.all([cache.get('k'), cache.get('k'), cache.get('k')])).toEqual([1, 1, 1]);
    expect(await cache.get('k')).toBe(1);

    // A change told while a read is on its way: those waiting get it, no later reader does.
    const during = cache.get('other');
    changes.wrote();
    await during;
    expect(await cache.get('k')).toBe(3);

    fingerprint = 'two'; // a write made around the service
    later(99);
    expect(await cache.get('k')).toBe(3); // not checked again yet
    later(1);
    expect(await cache.get('k')).toBe(4);

    expiresAt = Date.now() + 50; // a scheduled post
    changes.heard();
    expect(await cache.get('k')).toBe(5);
    later(49);
    expect(await cache.get('k')).toBe(5);
    later(1);
    expect(await cache.get('k')).toBe(6);
    expiresAt = undefined;
    changes.heard();
    expect(await cache.get('k')).toBe(7);
    later(60_000); // the longest a value is kept
    fingerprint = 'two';
    expect(await cache.get('k')).toBe(8);
    cache.close();
    vi.useRealTimers();
  });

  it('keeps values up to their size together, dropping those read least recently', async () => {
    const changes = new Changes();
    const reads: string[] = [];
    const cache = createReadCache<string>({
      build: async (key) => {
        reads.push(key);
        return { value: key.repeat(10) };
      },
      changes,
      maxAgeMs: 60_000,
      maxBytes: 25,
      sizeOf: (value) => value.length,
    });
    await cache.get('a');
    await cache.get('b');
    await cache.get('a'); // read last: b goes first
    await cache.get('c');
    await cache.get('a');
    await cache.get('b');
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
    cache.close();
  });

  it('keeps no failed read: its readers fail, the next reader reads again', async () => {
    const changes = new Changes();
    let fail = true;
    const cache = createReadCache<string>({
      build: async () => {
        if (fail) throw new Error('database away');
        return { value: 'read' };
      },
      changes,
      maxAgeMs: 60_000,
    });
    await expect(cache.get('k')).rejects.toThrow('database away');
    fail = false;
    expect(await cache.get('k')).toBe('read');
    cache.close();
  });
});
