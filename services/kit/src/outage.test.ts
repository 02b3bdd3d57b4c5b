import { QUEUES } from '@coach/contracts';
import { QueueEvents, Worker } from 'bullmq';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startMongo, startRedis } from '@coach/dev-stack';
import { DEPENDENCY_TIMEOUT_MS, withinDependencyTimeout } from './errors.ts';
import { createEventPublisher, createQueues } from './events.ts';
import { connectMongo } from './mongo.ts';
import { createRedis, logQueueErrors } from './redis.ts';

type Line = Record<string, unknown>;

/** A logger whose JSON lines land in `lines`. */
function memoryLogger() {
  const lines: Line[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** Everything written to stderr, directly or through console (ioredis's "Unhandled error event"). */
function captureStderr() {
  const written: string[] = [];
  const keep = (...args: unknown[]) => void written.push(args.map(String).join(' '));
  vi.spyOn(console, 'error').mockImplementation(keep);
  vi.spyOn(console, 'warn').mockImplementation(keep);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    keep(chunk);
    return true;
  });
  return written;
}

async function until(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

const roles = (found: Line[]) => found.map((line) => line.role).sort();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function killHard(pid: number | undefined) {
  expect(pid).toBeTypeOf('number');
  process.kill(pid!, 'SIGKILL');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a Redis outage', () => {
  it('is one warning per connection role and one line when it is back, not an error per retry', async () => {
    let server = await startRedis();
    const { port } = server;
    const { logger, lines } = memoryLogger();
    // The connections of a service: its store, BullMQ's producers, a worker and a job waiter
    // (those two on copies of the queue connection).
    const store = createRedis(server.url, logger);
    const queueConnection = createRedis(server.url, logger, 'queues');
    const queues = createQueues(queueConnection, logger);
    const queue = queues.get(QUEUES.chat);
    const worker = new Worker(QUEUES.chat, async () => 'done', { connection: queueConnection });
    logQueueErrors(worker, logger, 'worker error');
    const events = new QueueEvents(QUEUES.chat, { connection: queueConnection });
    logQueueErrors(events, logger, 'queue events error');
    onTestFinished(async () => {
      // Forced: a graceful close waits for Redis, which is still away if the test failed mid-outage.
      await Promise.all([worker.close(true), events.close(), queues.close()]);
      queueConnection.disconnect();
      store.disconnect();
      await server.stop();
    });
    await Promise.all([store.ping(), queue.waitUntilReady(), worker.waitUntilReady(), events.waitUntilReady()]);
    const stderr = captureStderr();

    killHard(server.pid);
    await server.stop();
    await sleep(3000); // ioredis retries every few hundred milliseconds
    const warnings = lines.filter((line) => line.level === 40);
    expect(roles(warnings)).toEqual(['queues', 'store']);
    for (const warning of warnings) {
      expect(warning).toMatchObject({ msg: 'redis unreachable', server: `127.0.0.1:${port}` });
      expect(warning.reason).toMatch(/ECONNREFUSED|ECONNRESET/);
      expect(JSON.stringify(warning)).not.toContain('stack');
    }
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(stderr).toEqual([]);

    server = await startRedis({ port });
    const reconnected = () => lines.filter((line) => line.msg === 'redis reconnected');
    await until(() => reconnected().length === 2, 10_000);
    await sleep(1000);
    expect(roles(reconnected())).toEqual(['queues', 'store']);
    for (const line of reconnected()) expect(line.awayMs).toBeGreaterThan(2000);
    expect(lines.filter((line) => line.level === 40)).toHaveLength(2);
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(stderr).toEqual([]);

    // Back in service, and a deliberate close is no outage.
    await expect((await queue.add('ping', {})).waitUntilFinished(events, 5000)).resolves.toBe('done');
    await Promise.all([worker.close(), events.close(), queues.close()]);
    await Promise.all([queueConnection.quit(), store.quit()]);
    expect(lines.filter((line) => line.level === 40)).toHaveLength(2);
  }, 30_000);

  it('is one warning for a frozen server (SIGSTOP), whose commands then fail within the dependency timeout, and one line when it thaws', async () => {
    const server = await startRedis();
    const { logger, lines } = memoryLogger();
    const store = createRedis(server.url, logger);
    const queueConnection = createRedis(server.url, logger, 'queues');
    const queues = createQueues(queueConnection, logger);
    onTestFinished(async () => {
      process.kill(server.pid!, 'SIGCONT');
      await queues.close();
      queueConnection.disconnect();
      store.disconnect();
      await server.stop();
    });
    await Promise.all([store.ping(), queues.get(QUEUES.chat).waitUntilReady()]);
    const stderr = captureStderr();

    process.kill(server.pid!, 'SIGSTOP');
    await until(() => lines.filter((line) => line.level === 40).length === 2, 6000);
    expect(roles(lines.filter((line) => line.level === 40))).toEqual(['queues', 'store']);
    expect(lines[0]).toMatchObject({ msg: 'redis unreachable', reason: 'no answer within 2000 ms' });
    // Known lost: a command and a publish each fail within the dependency timeout instead of
    // hanging. The command waits out its timeout; the publish fails at once while its connection is
    // between two attempts, or after the timeout when an attempt has just reached the frozen server.
    const failsWithinTimeout = async (call: () => Promise<unknown>) => {
      const started = Date.now();
      const error = await call().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(Date.now() - started).toBeLessThan(DEPENDENCY_TIMEOUT_MS + 250);
      return error;
    };
    expect(await failsWithinTimeout(() => store.get('anything'))).toBeInstanceOf(Error);
    expect(
      await failsWithinTimeout(() =>
        createEventPublisher(queues)('member.signed_up', { userId: 1, name: 'Ana', email: 'a@example.com' }),
      ),
    ).toMatchObject({ status: 503 });
    await sleep(3000);
    expect(lines.filter((line) => line.level === 40)).toHaveLength(2);

    process.kill(server.pid!, 'SIGCONT');
    await until(() => lines.filter((line) => line.msg === 'redis reconnected').length === 2, 10_000);
    await expect(store.set('after', '1')).resolves.toBe('OK');
    expect(lines.filter((line) => line.level === 40)).toHaveLength(2);
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(stderr).toEqual([]);
  }, 40_000);

  it('lets a connection and a QueueEvents close at once between two attempts to reconnect', async () => {
    const server = await startRedis();
    const { logger, lines } = memoryLogger();
    const queueConnection = createRedis(server.url, logger, 'queues');
    const copy = queueConnection.duplicate();
    const events = new QueueEvents(QUEUES.chat, { connection: queueConnection });
    logQueueErrors(events, logger, 'queue events error');
    onTestFinished(async () => {
      queueConnection.disconnect();
      await server.stop();
    });
    await Promise.all([copy.ping(), events.waitUntilReady()]);

    killHard(server.pid);
    await server.stop();
    await until(() => copy.status === 'reconnecting', 5000);
    const ended = new Promise((resolve) => copy.once('end', resolve));
    copy.disconnect();
    await expect(withinDependencyTimeout(ended)).resolves.toBeUndefined();
    expect(copy.status).toBe('end');
    await sleep(1000); // QueueEvents' own copy is between two attempts too
    await expect(withinDependencyTimeout(events.close())).resolves.toBeUndefined();
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });

  it('names the server, never the password, when Redis refuses the credentials', async () => {
    const server = await startRedis();
    const { logger, lines } = memoryLogger();
    const stderr = captureStderr();
    const redis = createRedis(`redis://coach:not-for-logs@127.0.0.1:${server.port}`, logger);
    onTestFinished(async () => {
      redis.disconnect();
      await server.stop();
    });
    await sleep(1500);
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, msg: 'redis unreachable', server: `127.0.0.1:${server.port}` }),
    ]);
    expect(lines[0].reason).toContain('WRONGPASS');
    expect(JSON.stringify(lines)).not.toContain('not-for-logs');
    expect(stderr).toEqual([]);
  });
});

describe('a MongoDB outage', () => {
  it('is one warning and one line when the server is back', async () => {
    let server = await startMongo();
    const port = Number(new URL(server.url).port);
    const { logger, lines } = memoryLogger();
    await connectMongo(`${server.url.replace(/\/$/, '')}/outage-test`, logger);
    onTestFinished(async () => {
      await mongoose.disconnect();
      await server.stop();
    });
    const stderr = captureStderr();

    killHard(server.pid);
    await server.stop(); // removes its files
    // The driver notices at its next heartbeat, within ten seconds.
    await until(() => lines.some((line) => line.msg === 'mongodb unreachable'), 15_000);
    server = await startMongo({ port });
    await until(() => lines.some((line) => line.msg === 'mongodb reconnected'), 15_000);
    await mongoose.connection.db!.collection('probe').insertOne({ ok: true });
    await mongoose.disconnect();

    expect(lines.filter((line) => line.level === 40)).toEqual([
      expect.objectContaining({ msg: 'mongodb unreachable', server: `127.0.0.1:${port}`, db: 'outage-test' }),
    ]);
    expect(lines.filter((line) => line.msg === 'mongodb reconnected')).toEqual([
      expect.objectContaining({ server: `127.0.0.1:${port}`, awayMs: expect.any(Number) }),
    ]);
    expect(stderr).toEqual([]);
  }, 60_000);
});
