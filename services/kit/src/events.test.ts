import { describe, expect, it } from 'vitest';
import { freePort } from '@coach/dev-stack';
import { DEPENDENCY_TIMEOUT_MS } from './errors.ts';
import { createEventPublisher, createQueues } from './events.ts';
import { createLogger } from './logger.ts';
import { createRedis } from './redis.ts';

describe('event publisher', () => {
  it('fails with 503 within its timeout while Redis is unreachable, instead of holding the caller', async () => {
    // A port nothing listens on: BullMQ's connection would wait for it forever.
    const logger = createLogger('events-test', 'silent');
    const connection = createRedis(`redis://127.0.0.1:${await freePort()}`, logger, 'queues');
    const queues = createQueues(connection, logger);
    const started = Date.now();
    await expect(
      createEventPublisher(queues)('member.signed_up', { userId: 1, name: 'Ana', email: 'a@example.com' }),
    ).rejects.toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
    expect(Date.now() - started).toBeLessThan(DEPENDENCY_TIMEOUT_MS + 500);
    connection.disconnect();
  });
});
