import type { Types } from 'mongoose';
import { ContactMessageModel } from '../contact/model.ts';
import type { EventSource, Outbox } from './outbox.ts';

interface ContactRow {
  _id: Types.ObjectId;
  name: string;
  email: string;
  subject: string;
  message: string;
  acknowledge?: boolean;
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
    acknowledge: row.acknowledge !== false,
  }),
};

/** Sweeps every collection whose rows owe an event. */
export const sweepAll = (outbox: Outbox) => outbox.sweep(contactReceived);
