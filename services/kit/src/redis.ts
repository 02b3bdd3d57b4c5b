import type { QueueBase } from 'bullmq';
import { Redis } from 'ioredis';
import { stopOnSettings } from './config.ts';
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
function watchForFreeze(redis: Redis, outage: OutageReport): () => void {
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
  return () => clearInterval(timer);
}

/**
 * A connection ends only when it is closed on purpose. A deliberate disconnect ends it even
 * between two connection attempts, where ioredis would only cancel the next attempt: the
 * connection would stay 'reconnecting' without ever emitting 'end', and whoever waits for its end
 * (BullMQ closing a Worker or QueueEvents while Redis is away or just back) would wait forever.
 * Without a socket it ends as a connection that never connected does: 'close', then 'end', its
 * pending commands failing with "Connection is closed.".
 * Any other end connects again: ioredis gives up for good when the connection is dropped while it
 * asks the Sentinels for the master, which is what a failover announced mid-reconnect does.
 */
function endOnlyWhenClosed(redis: Redis, closed: () => void) {
  let closing = false;
  const disconnect = redis.disconnect.bind(redis);
  redis.disconnect = (reconnect = false) => {
    if (!reconnect) closing = true;
    if (!reconnect && redis.status === 'reconnecting') redis.status = 'wait';
    disconnect(reconnect);
  };
  const quit = redis.quit.bind(redis);
  redis.quit = ((...args: Parameters<typeof quit>) => {
    closing = true;
    return quit(...args);
  }) as typeof redis.quit;
  // At once, then no more often than a reconnect would (a connection that cannot be made at
  // all ends at every attempt).
  let lastEnd = 0;
  redis.on('end', () => {
    if (closing) return closed();
    const delay = Date.now() - lastEnd < RECONNECT_AT_MOST_EVERY_MS ? RECONNECT_AT_MOST_EVERY_MS : 0;
    lastEnd = Date.now();
    setTimeout(() => {
      if (!closing) redis.connect().catch(() => {});
    }, delay).unref();
  });
}

function reportOutages(redis: Redis, outage: OutageReport, watched = false): Redis {
  redis.on('error', (err: Error) => {
    reportedErrors.add(err);
    outage.lost(redis, err.message);
  });
  const stopWatching = watched ? watchForFreeze(redis, outage) : undefined;
  if (!watched) redis.on('ready', () => outage.back(redis));
  endOnlyWhenClosed(redis, () => {
    outage.closed(redis);
    stopWatching?.();
  });
  // BullMQ gives every Worker and QueueEvents a copy of the connection for its blocking reads.
  const duplicate = redis.duplicate.bind(redis);
  redis.duplicate = (override) => reportOutages(duplicate(override), outage);
  return redis;
}

/** Where Redis is: REDIS_URL's server, or the master its Sentinels name (REDIS_URL then gives password and db). */
export interface RedisTarget {
  REDIS_URL: string;
  REDIS_SENTINELS?: { host: string; port: number }[];
  REDIS_SENTINEL_NAME?: string;
}

/**
 * Asks one Sentinel where the master of that name is: [host, port], null if it knows no such
 * master, undefined if it does not answer within DEPENDENCY_TIMEOUT_MS.
 */
export async function askSentinel(
  sentinel: { host: string; port: number },
  name: string,
): Promise<[string, string] | null | undefined> {
  const connection = new Redis({
    ...sentinel,
    lazyConnect: true,
    retryStrategy: () => null,
    enableOfflineQueue: false,
    connectTimeout: DEPENDENCY_TIMEOUT_MS,
    commandTimeout: DEPENDENCY_TIMEOUT_MS,
  });
  connection.on('error', () => {});
  try {
    await connection.connect();
    return ((await connection.call('SENTINEL', 'get-master-addr-by-name', name)) as [string, string] | null) ?? null;
  } catch {
    return undefined;
  } finally {
    connection.disconnect();
  }
}

/**
 * Asks each Sentinel for the master's address. Answers what is wrong, naming the setting: no
 * Sentinel answering, or none knowing a master of that name.
 */
export async function sentinelsProblem(
  sentinels: { host: string; port: number }[],
  name: string,
): Promise<string | undefined> {
  const answers = await Promise.all(sentinels.map((sentinel) => askSentinel(sentinel, name)));
  const listed = sentinels.map((s) => `${s.host}:${s.port}`).join(',');
  if (answers.every((a) => a === undefined))
    return `REDIS_SENTINELS: no Sentinel answered at ${listed} within ${DEPENDENCY_TIMEOUT_MS} ms`;
  if (!answers.some(Boolean)) return `REDIS_SENTINEL_NAME: the Sentinels at ${listed} know no master named '${name}'`;
  return undefined;
}

/** How long a write waits for a replica's acknowledgement (WAIT) before it counts as not replicated yet. */
const REPLICA_ACK_MS = 200;

/**
 * Whether a replica holds every write this connection has made. Redis replicates
 * asynchronously, and a failover to a replica loses what it had not received yet. Without
 * Sentinels there is no replica to fail over to: a write is as safe as the server's append-only file.
 */
export async function heldByReplica(redis: Redis): Promise<boolean> {
  if (!redis.options.sentinels?.length) return true;
  return Number(await redis.call('WAIT', '1', String(REPLICA_ACK_MS))) >= 1;
}

/** Sentinel settings checked at start, once per process. */
const checkedSentinels = new Set<string>();

/** Stops the process at start, as a wrong setting does, when the Sentinels cannot name the master. */
function stopUnlessSentinelsAnswer(sentinels: { host: string; port: number }[], name: string) {
  const key = JSON.stringify([sentinels, name]);
  if (checkedSentinels.has(key)) return;
  checkedSentinels.add(key);
  void sentinelsProblem(sentinels, name).then((problem) => {
    if (problem) stopOnSettings([`  ${problem}`]);
  });
}

/**
 * A Redis connection for one role. While Redis is unreachable or frozen, the connection and its
 * copies log one warning for the role, naming the server (never the URL's password), and one line
 * once they are back, instead of an error at every retry.
 *
 * With Sentinels the connection asks them for the master, and again once they announce a new
 * one or the server it reached refuses writes (a master demoted to replica): every connection,
 * BullMQ's copies included, follows a failover.
 */
export function createRedis(target: string | RedisTarget, logger: Logger, role: RedisRole = 'store'): Redis {
  const {
    REDIS_URL: url,
    REDIS_SENTINELS: sentinels,
    REDIS_SENTINEL_NAME: name = 'coach',
  } = typeof target === 'string' ? { REDIS_URL: target } : target;
  // While Redis is away the connection tries again after 50 ms, 100 ms, 150 ms... then every
  // 2 s: a service answers again within about 2 s of Redis's return, however long it was away.
  const retryStrategy = (attempt: number) => Math.min(attempt * 50, RECONNECT_AT_MOST_EVERY_MS);
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: true,
    retryStrategy,
    reconnectOnError: (err) => (err.message.startsWith('READONLY') ? 2 : false),
    ...(sentinels ? { sentinels, name, sentinelRetryStrategy: retryStrategy, failoverDetector: true } : {}),
    ...(role === 'queues'
      ? { maxRetriesPerRequest: null, enableReadyCheck: false }
      : { maxRetriesPerRequest: 2, commandTimeout: DEPENDENCY_TIMEOUT_MS }),
  });
  if (sentinels) stopUnlessSentinelsAnswer(sentinels, name);
  const { host, port, path } = redis.options;
  const server = sentinels
    ? `${name} via ${sentinels.map((s) => `${s.host}:${s.port}`).join(',')}`
    : (path ?? `${host}:${port}`);
  // The copies BullMQ makes block in their reads, which a ping would wait behind: only the
  // connection itself is watched.
  return reportOutages(redis, createOutageReport(logger, 'redis', { role, server }), true);
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
