import { Redis } from 'ioredis';

/**
 * A Redis connection. `forWorkers` gives the settings BullMQ requires of blocking connections
 * (no per-request retry limit, no ready check delay).
 */
export function createRedis(url: string, options: { forWorkers?: boolean } = {}): Redis {
  return new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: true,
    ...(options.forWorkers ? { maxRetriesPerRequest: null, enableReadyCheck: false } : { maxRetriesPerRequest: 2 }),
  });
}
export type { Redis };
