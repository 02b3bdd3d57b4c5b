import type { QueueBase } from 'bullmq';
import { Redis } from 'ioredis';
import { DEPENDENCY_TIMEOUT_MS, isOutageError, UnavailableError, withinDependencyTimeout } from './errors.ts';
import type { Logger } from './logger.ts';
import { createOutageReport, type OutageReport } from './outage.ts';

/**
 * What a connection is for. 'queues' is BullMQ's: its blocking reads need no per-request retry
 * limit, no command timeout and no ready check delay (its callers bound their own waits). 'store'
 * carries every other command, which fails after two retries or DEPENDENCY_TIMEOUT_MS, whichever
 * comes first, instead of holding a request while Redis is away or frozen.
 */
type RedisRole = 'store' | 'queues';

/** Connection errors already reported, which BullMQ repeats through its Queues, Workers and QueueEvents. */
const reportedErrors = new WeakSet<Error>();

/** The longest wait between two attempts to reconnect. */
const RECONNECT_AT_MOST_EVERY_MS = 2000;

/** How often a connection checks that Redis still answers: a frozen server never closes the socket. */
const WATCH_EVERY_MS = 1000;

/**
 * Pings Redis every WATCH_EVERY_MS. A server that gives no answer within DEPENDENCY_TIMEOUT_MS
 * (stopped, or its host unreachable) counts as lost: the connection is dropped and reconnects,
 * so the callers that check for a ready connection fail at once instead of waiting on it. It is
 * back once a ping answers again: without a ready check a connection is 'ready' as soon as the
 * frozen server's kernel accepts the socket.
 */
function watchForFreeze(redis: Redis, outage: OutageReport) {
  let pinging = false;
  let frozen = false;
  const timer = setInterval(async () => {
    if (pinging || frozen || redis.status !== 'ready') return;
    pinging = true;
    const answered = await withinDependencyTimeout(redis.ping()).then(
      () => true,
      (err: Error) => !(err instanceof UnavailableError || err.message === 'Command timed out'),
    );
    pinging = false;
    if (answered || redis.status !== 'ready') return;
    frozen = true;
    outage.lost(redis, `no answer within ${DEPENDENCY_TIMEOUT_MS} ms`);
    redis.disconnect(true);
  }, WATCH_EVERY_MS);
  timer.unref();
  redis.on('ready', () => {
    if (!frozen) return outage.back(redis);
    redis.ping().then(
      () => {
        frozen = false;
        outage.back(redis);
      },
      () => {},
    );
  });
  redis.once('end', () => clearInterval(timer));
}

/**
 * A deliberate disconnect ends the connection even between two connection attempts, where
 * ioredis would only cancel the next attempt: the connection would stay 'reconnecting' without
 * ever emitting 'end', and whoever waits for its end (BullMQ closing a Worker or QueueEvents
 * while Redis is away or just back) would wait forever. Without a socket it ends as a connection
 * that never connected does: 'close', then 'end', its pending commands failing with
 * "Connection is closed.".
 */
function endOnDisconnect(redis: Redis) {
  const disconnect = redis.disconnect.bind(redis);
  redis.disconnect = (reconnect = false) => {
    if (!reconnect && redis.status === 'reconnecting') redis.status = 'wait';
    disconnect(reconnect);
  };
}

function reportOutages(redis: Redis, outage: OutageReport, watched = false): Redis {
  endOnDisconnect(redis);
  redis.on('error', (err: Error) => {
    reportedErrors.add(err);
    outage.lost(redis, err.message);
  });
  if (watched) watchForFreeze(redis, outage);
  else redis.on('ready', () => outage.back(redis));
  redis.on('end', () => outage.closed(redis));
  // BullMQ gives every Worker and QueueEvents a copy of the connection for its blocking reads.
  const duplicate = redis.duplicate.bind(redis);
  redis.duplicate = (override) => reportOutages(duplicate(override), outage);
  return redis;
}

/**
 * A Redis connection for one role. While Redis is unreachable or frozen, the connection and its
 * copies log one warning for the role, naming the server (never the URL's password), and one line
 * once they are back, instead of an error at every retry.
 */
export function createRedis(url: string, logger: Logger, role: RedisRole = 'store'): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: true,
    // While Redis is away the connection tries again after 50 ms, 100 ms, 150 ms... then every
    // 2 s: a service answers again within about 2 s of Redis's return, however long it was away.
    retryStrategy: (attempt: number) => Math.min(attempt * 50, RECONNECT_AT_MOST_EVERY_MS),
    ...(role === 'queues'
      ? { maxRetriesPerRequest: null, enableReadyCheck: false }
      : { maxRetriesPerRequest: 2, commandTimeout: DEPENDENCY_TIMEOUT_MS }),
  });
  const { host, port, path } = redis.options;
  // The copies BullMQ makes block in their reads, which a ping would wait behind: only the
  // connection itself is watched.
  return reportOutages(redis, createOutageReport(logger, 'redis', { role, server: path ?? `${host}:${port}` }), true);
}

/**
 * Logs what a BullMQ Queue, Worker or QueueEvents emits as an error, except the connection errors it
 * repeats from kit's connections at every retry (those are reported once per outage) and, once it
 * is closing, the outage errors of the commands its close cuts short (a QueueEvents closed while
 * Redis is away fails its waiting read with "Connection is closed.").
 */
export function logQueueErrors(emitter: QueueBase, logger: Logger, message: string): void {
  emitter.on('error', (err: Error) => {
    if (emitter.closing && isOutageError(err)) return;
    if (!reportedErrors.has(err)) logger.error({ queue: emitter.name, err }, message);
  });
}
export type { Redis };
