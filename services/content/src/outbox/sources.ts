import type { Types } from 'mongoose';
import { ContactMessageModel } from '../contact/model.ts';
import { SubscriberModel } from '../newsletter/model.ts';
import type { EventSource, Outbox } from './outbox.ts';

interface ContactRow {
  _id: Types.ObjectId;
  name: string;
  email: string;
  subject: string;
  message: string;
}
interface SubscriberRow {
  _id: Types.ObjectId;
  email: string;
}

export const contactReceived: EventSource<'contact.received', ContactRow> = {
  event: 'contact.received',
  model: ContactMessageModel,
  payloadOf: (row) => ({
    messageId: row._id.toString(),
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
  }),
};

export const newsletterSubscribed: EventSource<'newsletter.subscribed', SubscriberRow> = {
  event: 'newsletter.subscribed',
  model: SubscriberModel,
  payloadOf: (row) => ({ subscriberId: row._id.toString(), email: row.email }),
};

/** Sweeps every collection whose rows owe an event. */
export const sweepAll = (outbox: Outbox) => Promise.all([outbox.sweep(contactReceived), outbox.sweep(newsletterSubscribed)]);
