import type { QueueBase } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';
import { createOutageReport, type OutageReport } from './outage.ts';

/**
 * What a connection is for. 'queues' is BullMQ's: its blocking reads need no per-request retry
 * limit and no ready check delay. 'store' carries every other command, which fails after two
 * retries instead of holding a request while Redis is away.
 */
type RedisRole = 'store' | 'queues';

/** Connection errors already reported, which BullMQ repeats through its Workers and QueueEvents. */
const reportedErrors = new WeakSet<Error>();

function reportOutages(redis: Redis, outage: OutageReport): Redis {
  redis.on('error', (err: Error) => {
    reportedErrors.add(err);
    outage.lost(redis, err.message);
  });
  redis.on('ready', () => outage.back(redis));
  redis.on('end', () => outage.closed(redis));
  // BullMQ gives every Worker and QueueEvents a copy of the connection for its blocking reads.
  const duplicate = redis.duplicate.bind(redis);
  redis.duplicate = (override) => reportOutages(duplicate(override), outage);
  return redis;
}

/**
 * A Redis connection for one role. While Redis is unreachable, the connection and its copies log
 * one warning for the role, naming the server (never the URL's password), and one line once they
 * are back, instead of an error at every retry.
 */
export function createRedis(url: string, logger: Logger, role: RedisRole = 'store'): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: true,
    ...(role === 'queues' ? { maxRetriesPerRequest: null, enableReadyCheck: false } : { maxRetriesPerRequest: 2 }),
  });
  const { host, port, path } = redis.options;
  return reportOutages(redis, createOutageReport(logger, 'redis', { role, server: path ?? `${host}:${port}` }));
}

/**
 * Logs what a BullMQ Worker or QueueEvents emits as an error, except the connection errors it
 * repeats from kit's connections at every retry: those are reported once per outage.
 */
export function logQueueErrors(emitter: QueueBase, logger: Logger, message: string): void {
  emitter.on('error', (err: Error) => {
    if (!reportedErrors.has(err)) logger.error({ queue: emitter.name, err }, message);
  });
}
export type { Redis };
