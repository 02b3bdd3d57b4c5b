import { QUEUES } from '@coach/contracts';
import { createEventPublisher, createLogger, type PublishEvent } from '@coach/kit';
import { testBackendDuringSuite } from '@coach/kit/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { ContactMessageModel, contactReceived } from '../contact/model.ts';
import { SubscriberModel } from '../newsletter/model.ts';
import { newsletterConfirmationRequested, subscribe } from '../newsletter/service.ts';
import { createOutbox } from './outbox.ts';

// Real mongod and redis-server; the event goes to the real BullMQ e-mail queue.
const backend = testBackendDuringSuite('outbox-test');
let publish: PublishEvent;
const logger = createLogger('outbox-test', 'silent');
const message = { name: 'Anna', email: 'anna@example.com', subject: 'general', message: 'A message kept safe.' };

beforeAll(() => {
  publish = createEventPublisher(backend().queues);
});

const emailJobs = () =>
  backend().queues.get(QUEUES.emails).getJobCounts('waiting', 'delayed', 'active', 'completed', 'failed');

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
    const job = await backend().queues.get(QUEUES.emails).getJob(`contact.received-${row._id.toString()}`);
    expect(job?.data.payload).toMatchObject({ messageId: row._id.toString(), email: message.email });

    // Nothing left to sweep, and a second publish of the same row queues nothing new.
    const before = await emailJobs();
    expect(await outbox.sweep(contactReceived, 0)).toBe(0);
    await outbox.notify(contactReceived, row);
    expect(await emailJobs()).toEqual(before);
  });

  it('mails each confirmation link once, the one asked for while Redis was away too, and never drops a newer one', async () => {
    const failing = createOutbox(async () => {
      throw new Error('Redis is down');
    }, logger);
    const outbox = createOutbox(publish, logger);
    const options = { mailAllowed: true, confirmHours: 48 };
    const confirmationJobs = async () =>
      (await backend().queues.get(QUEUES.emails).getJobs(['waiting', 'delayed', 'completed']))
        .filter((job) => job.name === 'newsletter.confirmation_requested')
        .map((job) => job.data.payload as { email: string; confirmToken: string })
        .filter((payload) => payload.email === 'reader@example.net');

    // Asked while Redis is away: the link waits in the row, for the sweep.
    const first = (await subscribe('reader@example.net', options))!;
    await failing.notify(newsletterConfirmationRequested, first);
    // Asked again before the sweep ran: a new link, and the first one's row state is not its to clear.
    const second = (await subscribe('reader@example.net', options))!;
    expect(second.pendingConfirmToken).not.toBe(first.pendingConfirmToken);
    await outbox.notify(newsletterConfirmationRequested, first);
    expect((await SubscriberModel.findById(second._id).lean())?.pendingConfirmToken).toBe(second.pendingConfirmToken);

    await new Promise((r) => setTimeout(r, 1100));
    expect(await outbox.sweep(newsletterConfirmationRequested, 0)).toBe(1);
    const stored = await SubscriberModel.findById(second._id).lean();
    expect([stored?.eventPending, stored?.pendingConfirmToken]).toEqual([undefined, undefined]);
    // Sent again (a late add, another sweep): still one job per link.
    await outbox.notify(newsletterConfirmationRequested, second);
    expect((await confirmationJobs()).map((p) => p.confirmToken).sort()).toEqual(
      [first.pendingConfirmToken, second.pendingConfirmToken].sort(),
    );
  });

  it('issues no second link when the same request runs again (its answer was lost to an outage)', async () => {
    const options = { mailAllowed: true, confirmHours: 48, requestKey: 'newsletter:run-twice' };
    const first = await subscribe('twice@example.net', options);
    expect(first?.pendingConfirmToken).toBeDefined();
    expect(await subscribe('twice@example.net', options)).toBeNull();
    expect((await SubscriberModel.findById(first!._id).lean())?.confirmTokenHash).toBe(first!.confirmTokenHash);
    // Another request for the same address does get a new link.
    expect(await subscribe('twice@example.net', { ...options, requestKey: 'newsletter:later' })).not.toBeNull();
  });

  it('keeps a row owed while no Redis replica holds its job (a failover could lose it), for the sweep', async () => {
    const publishUnreplicated: PublishEvent = async (name, payload, id) => ({
      ...(await publish(name, payload, id)),
      replicated: false,
    });
    const unreplicated = createOutbox(publishUnreplicated, logger);
    const row = await ContactMessageModel.create({ ...message, eventPending: true });
    await unreplicated.notify(contactReceived, row);
    expect((await ContactMessageModel.findById(row._id).lean())?.eventPending).toBe(true);
    await createOutbox(publish, logger).notify(contactReceived, row);
    expect((await ContactMessageModel.findById(row._id).lean())?.eventPending).toBeUndefined();
  });

  it('leaves rows younger than the grace period to the request that stored them', async () => {
    const outbox = createOutbox(publish, logger);
    await ContactMessageModel.create({ ...message, eventPending: true });
    expect(await outbox.sweep(contactReceived, 60_000)).toBe(0);
  });
});
