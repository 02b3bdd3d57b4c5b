import { QUEUES } from '@coach/contracts';
import { createEventPublisher, createLogger, type PublishEvent } from '@coach/kit';
import { startTestBackend } from '@coach/dev-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMessageModel } from '../contact/model.ts';
import { createOutbox } from './outbox.ts';
import { contactReceived } from './sources.ts';

// Real mongod and redis-server; the event goes to the real BullMQ e-mail queue.
let backend: Awaited<ReturnType<typeof startTestBackend>>;
let publish: PublishEvent;
const logger = createLogger('outbox-test', 'silent');
const message = { name: 'Anna', email: 'anna@example.com', subject: 'general', message: 'A message kept safe.' };

beforeAll(async () => {
  backend = await startTestBackend('outbox-test');
  publish = createEventPublisher(backend.queues);
});
afterAll(() => backend?.stop());

const emailJobs = () =>
  backend.queues.get(QUEUES.emails).getJobCounts('waiting', 'delayed', 'active', 'completed', 'failed');

describe('event outbox', () => {
  it('keeps a stored row pending when publishing fails, and the sweep publishes it exactly once', async () => {
    const failing = createOutbox(async () => {
      throw new Error('Redis is down');
    }, logger);
    const row = await ContactMessageModel.create({ ...message, eventPending: true });
    await failing.notify(contactReceived, row);
    expect((await ContactMessageModel.findById(row._id).lean())?.eventPending).toBe(true);

    const outbox = createOutbox(publish, logger);
    await new Promise((r) => setTimeout(r, 1100)); // row ages are read from ObjectIds, in whole seconds
    expect(await outbox.sweep(contactReceived, 0)).toBe(1);
    expect((await ContactMessageModel.findById(row._id).lean())?.eventPending).toBeUndefined();
    const job = await backend.queues.get(QUEUES.emails).getJob(`contact.received-${row._id.toString()}`);
    expect(job?.data.payload).toMatchObject({ messageId: row._id.toString(), email: message.email });

    // Nothing left to sweep, and a second publish of the same row queues nothing new.
    const before = await emailJobs();
    expect(await outbox.sweep(contactReceived, 0)).toBe(0);
    await outbox.notify(contactReceived, row);
    expect(await emailJobs()).toEqual(before);
  });

  it('leaves rows younger than the grace period to the request that stored them', async () => {
    const outbox = createOutbox(publish, logger);
    await ContactMessageModel.create({ ...message, eventPending: true });
    expect(await outbox.sweep(contactReceived, 60_000)).toBe(0);
  });
});
