import mongoose, { type Types } from 'mongoose';
import type { EventSource } from '../outbox/outbox.ts';

const contactMessageSchema = new mongoose.Schema(
  {
    name: { type: String, required: true, maxlength: 100 },
    email: { type: String, required: true, maxlength: 254 },
    subject: { type: String, required: true, maxlength: 50 },
    message: { type: String, required: true, maxlength: 5000 },
    /** When the coach opened it; null (or absent) while unread. */
    readAt: { type: Date, default: null },
    /** Whether the sender is sent an acknowledgement (not when the address asked for too much mail). */
    acknowledge: { type: Boolean, default: true },
    /** Set until contact.received is queued (see outbox/). */
    eventPending: { type: Boolean },
    /** The Idempotency-Key (with its scope) the message was sent with, so it is stored once. */
    idempotencyKey: { type: String },
  },
  { collection: 'contact_messages', timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
contactMessageSchema.index({ createdAt: -1 });
contactMessageSchema.index({ readAt: 1 });
contactMessageSchema.index({ eventPending: 1 }, { sparse: true });
contactMessageSchema.index({ idempotencyKey: 1 }, { unique: true, sparse: true });
export const ContactMessageModel = mongoose.model('ContactMessage', contactMessageSchema);

interface ContactRow {
  _id: Types.ObjectId;
  name: string;
  email: string;
  subject: string;
  message: string;
  acknowledge?: boolean;
}

/** A stored message, handed to ai-worker once (the coach's notice and the sender's acknowledgement). */
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
