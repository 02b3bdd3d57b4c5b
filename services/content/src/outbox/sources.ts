import type { Types } from 'mongoose';
import { ContactMessageModel } from '../contact/model.ts';
import { GuideRequestModel } from '../guide/model.ts';
import type { GuideLinkOwed } from '../guide/service.ts';
import { SubscriberModel } from '../newsletter/model.ts';
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

interface SubscriberRow {
  _id: Types.ObjectId;
  email: string;
  confirmTokenHash: string;
  pendingConfirmToken: string;
  unsubscribeToken: string;
}

/** A subscription's confirmation link, once per link issued (a new request issues a new one). */
export const newsletterConfirmationRequested: EventSource<'newsletter.confirmation_requested', SubscriberRow> = {
  event: 'newsletter.confirmation_requested',
  model: SubscriberModel,
  payloadOf: (row) => ({
    subscriberId: row._id.toString(),
    email: row.email,
    confirmToken: row.pendingConfirmToken,
    unsubscribeToken: row.unsubscribeToken,
  }),
  revisionOf: (row) => ({ confirmTokenHash: row.confirmTokenHash }),
  clearedOnceQueued: ['pendingConfirmToken'],
};

/** A free guide request's confirmation link, once per link issued. */
export const guideConfirmationRequested: EventSource<'guide.confirmation_requested', GuideLinkOwed> = {
  event: 'guide.confirmation_requested',
  model: GuideRequestModel,
  payloadOf: (row) => ({
    requestId: row._id.toString(),
    email: row.email,
    confirmToken: row.pendingConfirmToken,
    newsletter: row.newsletterAsked !== undefined,
  }),
  revisionOf: (row) => ({ confirmTokenHash: row.confirmTokenHash }),
  clearedOnceQueued: ['pendingConfirmToken'],
};

/** Sweeps every collection whose rows owe an event. */
export const sweepAll = async (outbox: Outbox) =>
  (await outbox.sweep(contactReceived)) +
  (await outbox.sweep(newsletterConfirmationRequested)) +
  (await outbox.sweep(guideConfirmationRequested));
