import type { AdminListQuery, ContactInput, ContactMessage } from '@coach/contracts';
import { adminPage, HttpError, isDuplicateKey, type AdminPage } from '@coach/kit';
import mongoose, { type Types } from 'mongoose';
import { ContactMessageModel } from './model.ts';

interface StoredMessage {
  _id: Types.ObjectId;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
  readAt?: Date | null;
}

const toContactMessage = (r: StoredMessage): ContactMessage => ({
  id: r._id.toString(),
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt ? r.readAt.toISOString() : null,
});

/**
 * Stores a message, its contact.received event pending (the outbox sends it). Answers the stored
 * message, or null when a try with the same Idempotency-Key stored it already.
 */
export async function storeMessage(input: ContactInput, options: { acknowledge: boolean; idempotencyKey?: string }) {
  const { acknowledge, idempotencyKey } = options;
  return ContactMessageModel.create({ ...input, acknowledge, eventPending: true, idempotencyKey }).catch(
    (err: unknown) => {
      if (isDuplicateKey(err) && idempotencyKey) return null;
      throw err;
    },
  );
}

/** How many messages the coach has not opened. */
export const unreadCount = () => ContactMessageModel.countDocuments({ readAt: null });

/** One page of messages, newest first, searched in every field a visitor wrote. */
export const listMessages = (query: AdminListQuery): Promise<AdminPage<ContactMessage>> =>
  adminPage(ContactMessageModel, query, {
    searchFields: ['name', 'email', 'subject', 'message'],
    idOf: (cursor) => new mongoose.Types.ObjectId(cursor),
    shape: toContactMessage,
  });

/** Marks a message read (keeping the time it was first opened) or unread (404 if there is none). */
export async function markRead(id: string, read: boolean): Promise<ContactMessage> {
  if (read) await ContactMessageModel.updateOne({ _id: id, readAt: null }, { $set: { readAt: new Date() } });
  else await ContactMessageModel.updateOne({ _id: id }, { $set: { readAt: null } });
  const found = await ContactMessageModel.findById(id).lean<StoredMessage>();
  if (!found) throw new HttpError(404, 'Message not found');
  return toContactMessage(found);
}
