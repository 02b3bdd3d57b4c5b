import { describe, expect, it } from 'vitest';
import { freePort } from './embedded/redis.ts';
import { createEventPublisher, createQueues, PUBLISH_TIMEOUT_MS } from './events.ts';
import { createLogger } from './logger.ts';
import { createRedis } from './redis.ts';

describe('event publisher', () => {
  it('fails within its timeout while Redis is unreachable, instead of holding the caller', async () => {
    // A port nothing listens on: BullMQ's connection would wait for it forever.
    const connection = createRedis(
      `redis://127.0.0.1:${await freePort()}`,
      createLogger('events-test', 'silent'),
      'queues',
    );
    const queues = createQueues(connection);
    const started = Date.now();
    await expect(
      createEventPublisher(queues)('newsletter.subscribed', { subscriberId: 's1', email: 'a@example.com' }),
    ).rejects.toThrow('publishing newsletter.subscribed timed out');
    expect(Date.now() - started).toBeLessThan(PUBLISH_TIMEOUT_MS + 2000);
    connection.disconnect();
  });
});
