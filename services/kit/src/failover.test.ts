import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Queue, Worker } from 'bullmq';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  freePort,
  freePorts,
  startReplicaSet,
  startSentinelRedis,
  type ReplicaSet,
  type SentinelRedis,
} from '@coach/dev-stack';
import { connectMongo } from './mongo.ts';
import { createEventPublisher, createQueues } from './events.ts';
import { createRedis, sentinelsProblem } from './redis.ts';

// Three hosts' worth of MongoDB and Redis on this machine: the replica set and the Sentinels
// the services are pointed at in production, and what a wrong setting for them does at start.
const logger = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dir: string;
let redis: SentinelRedis;
let replicaSet: ReplicaSet;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'coach-failover-'));
  [redis, replicaSet] = await Promise.all([
    startSentinelRedis({ ports: await freePorts(5), dir: path.join(dir, 'redis') }),
    startReplicaSet({ ports: await freePorts(3), dir: path.join(dir, 'mongo') }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([redis?.stop(), replicaSet?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

/** What the service printed before it stopped at start. */
async function stopMessage(start: () => Promise<unknown>): Promise<string> {
  const printed: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => void printed.push(line));
  const exited = new Promise<void>((resolve) => {
    vi.spyOn(process, 'exit').mockImplementation((() => resolve()) as never);
  });
  await start();
  await Promise.race([exited, sleep(10_000)]);
  vi.restoreAllMocks();
  return printed.join('\n');
}

describe('Redis with Sentinel', () => {
  it('counts a published job as safe from a failover only once the replica holds it', async () => {
    const connection = createRedis(redis.target, logger, 'queues');
    const queues = createQueues(connection, logger);
    const publish = createEventPublisher(queues);
    const payload = {
      messageId: 'm1',
      name: 'Anna',
      email: 'anna@example.com',
      subject: 'general',
      message: 'Hello',
      acknowledge: true,
    };
    try {
      if (connection.status !== 'ready') await new Promise((resolve) => connection.once('ready', resolve));
      expect(await publish('contact.received', payload, 'replicated', { owed: true })).toMatchObject({
        replicated: true,
      });
      process.kill(redis.pid(1)!, 'SIGSTOP');
      expect(await publish('contact.received', payload, 'not-replicated', { owed: true })).toMatchObject({
        replicated: false,
      });
    } finally {
      process.kill(redis.pid(1)!, 'SIGCONT');
      await queues.close();
      connection.disconnect();
    }
  }, 30_000);

  it("follows the master's failover: a store and BullMQ's queue work again soon after the master's death", async () => {
    const store = createRedis(redis.target, logger);
    const connection = createRedis(redis.target, logger, 'queues');
    const queue = new Queue('failover-test', { connection });
    const done: string[] = [];
    const worker = new Worker('failover-test', async (job) => void done.push(job.id!), { connection });
    try {
      await store.set('before', '1');
      await queue.add('job', {}, { jobId: 'before' });
      expect(await redis.masterIndex()).toBe(0);

      await redis.kill(0);
      const killedAt = Date.now();
      for (;;) {
        const ok = await store.set('after', '1').then(
          () => true,
          () => false,
        );
        if (ok) break;
        // 10 s is the target, measured by the failover suite; a machine busy with other tests
        // slows the Sentinels' agreement.
        expect(Date.now() - killedAt).toBeLessThan(15_000);
        await sleep(200);
      }
      const resumedS = (Date.now() - killedAt) / 1000;
      expect(await redis.masterIndex()).toBe(1);
      await queue.add('job', {}, { jobId: 'after' });
      for (const started = Date.now(); !done.includes('after') && Date.now() - started < 10_000;) await sleep(100);
      expect(done).toContain('after');
      expect(await store.get('before')).toBe('1');
      console.log(`Redis master killed: writes resumed after ${resumedS.toFixed(1)} s`);

      // The old master comes back as a replica; the connections stay on the new one.
      await redis.restart(0);
      await store.set('later', '1');
      expect(await redis.masterIndex()).toBe(1);
    } finally {
      await worker.close();
      await queue.close();
      store.disconnect();
      connection.disconnect();
    }
  }, 60_000);

  it('keeps a connection that is dropped while it asks the Sentinels for the master, as a failover announced mid-reconnect does', async () => {
    const connection = createRedis(redis.target, logger, 'queues');
    try {
      await connection.set('dropped', '0');
      // Dropped once; dropped again while the reconnect is looking the master up.
      connection.once('connecting', () => connection.disconnect(true));
      connection.disconnect(true);
      await sleep(500);
      expect(await connection.set('dropped', '1')).toBe('OK');
      expect(await connection.get('dropped')).toBe('1');
    } finally {
      connection.disconnect();
    }
  }, 30_000);

  it('stops a service at start, naming the setting, when no Sentinel answers or none knows the master', async () => {
    const nowhere = [{ host: '127.0.0.1', port: await freePort() }];
    expect(await sentinelsProblem(nowhere, 'coach')).toBe(
      `REDIS_SENTINELS: no Sentinel answered at 127.0.0.1:${nowhere[0]!.port} within 2000 ms`,
    );
    expect(await sentinelsProblem(redis.sentinels, 'other')).toMatch(
      /^REDIS_SENTINEL_NAME: the Sentinels at .+ know no master named 'other'$/,
    );
    expect(await sentinelsProblem(redis.sentinels, redis.name)).toBeUndefined();
    const printed = await stopMessage(async () =>
      createRedis(
        { REDIS_URL: redis.url, REDIS_SENTINELS: nowhere, REDIS_SENTINEL_NAME: 'coach' },
        logger,
      ).disconnect(),
    );
    expect(printed).toContain('REDIS_SENTINELS: no Sentinel answered');
  }, 30_000);
});

describe('MongoDB as a replica set', () => {
  it('stops a service at start naming MONGO_URL when the replica set it names is not there', async () => {
    const wrong = replicaSet.url.replace(`replicaSet=${replicaSet.name}`, 'replicaSet=elsewhere');
    const printed = await stopMessage(() => connectMongo(wrong, logger, { waitMs: 0 }));
    expect(printed).toContain("MONGO_URL: a primary of replica set 'elsewhere' did not answer at 127.0.0.1:");
    expect(printed).not.toContain('mongodb://');
  }, 30_000);

  it('waits at start for a MongoDB that answers only later, then connects', async () => {
    // The database comes up 3 s after the service starts: a port that answers nothing, then a
    // forwarder on it to one member of the set.
    const port = await freePort();
    const memberPort = Number(/127\.0\.0\.1:(\d+)/.exec(replicaSet.url)![1]);
    let forwarder: net.Server | undefined;
    const opening = sleep(3000).then(() => {
      forwarder = net
        .createServer((client) => {
          const member = net.connect(memberPort, '127.0.0.1');
          client.pipe(member).pipe(client);
          client.on('error', () => member.destroy());
          member.on('error', () => client.destroy());
        })
        .listen(port, '127.0.0.1');
    });
    const started = Date.now();
    try {
      await connectMongo(`mongodb://127.0.0.1:${port}/wait-test?directConnection=true`, logger, { waitMs: 30_000 });
      expect(Date.now() - started).toBeGreaterThan(3000);
      expect(mongoose.connection.readyState).toBe(mongoose.ConnectionStates.connected);
    } finally {
      await opening;
      await mongoose.disconnect();
      forwarder?.close();
    }
  }, 60_000);

  /**
   * Writes in a loop while `fault` befalls the primary: fails once they are not answered again
   * within `withinMs`; then the member recovers and every acknowledged write must be stored once.
   */
  async function writesThrough(
    fault: (primary: number) => Promise<void> | void,
    recover: (primary: number) => Promise<void> | void,
    withinMs: number,
  ) {
    await connectMongo(replicaSet.url.replace('/?', '/failover-test?'), logger);
    const rows = mongoose.connection.db!.collection('rows');
    await rows.deleteMany({});
    const acked: { n: number; sentAt: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const sentAt = Date.now();
        await rows.insertOne({ n }).then(
          () => acked.push({ n, sentAt }),
          () => {},
        );
      }
    })();
    let recovered: (() => Promise<void> | void) | undefined;
    try {
      await sleep(1500);
      const primary = await replicaSet.waitForPrimary();
      await fault(primary);
      recovered = () => recover(primary);
      const faultAt = Date.now();
      // Answers already on their way when the fault came do not count: a write sent after it must be.
      while (!acked.some(({ sentAt }) => sentAt > faultAt)) {
        expect(Date.now() - faultAt).toBeLessThan(withinMs);
        await sleep(100);
      }
      const seconds = (Date.now() - faultAt) / 1000;
      await recovered();
      recovered = undefined;
      writing = false;
      await writer;
      const stored = new Set((await rows.find().toArray()).map((row) => row.n as number));
      expect(acked.filter(({ n }) => !stored.has(n))).toEqual([]);
      expect(await rows.countDocuments()).toBe(stored.size);
      return seconds.toFixed(1);
    } finally {
      await recovered?.();
      writing = false;
      await writer;
      await mongoose.disconnect();
    }
  }

  it('answers writes again within 15 s of its primary being killed, with every acknowledged write kept', async () => {
    const seconds = await writesThrough(
      (primary) => replicaSet.kill(primary),
      (primary) => replicaSet.start(primary),
      15_000,
    );
    console.log(`MongoDB primary killed: writes resumed after ${seconds} s`);
  }, 60_000);

  // A lost host neither answers nor refuses: no error tells the service, only its own checks, and
  // the new primary cannot hear the old one's newest writes.
  it('answers writes again within 15 s of its primary falling silent, as a lost host does', async () => {
    const seconds = await writesThrough(
      (primary) => replicaSet.pause(primary),
      (primary) => replicaSet.pause(primary, true),
      15_000,
    );
    console.log(`MongoDB primary silent: writes resumed after ${seconds} s`);
  }, 60_000);
});
