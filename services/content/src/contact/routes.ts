import {
  adminListQuerySchema,
  contactInputSchema,
  contactMessageReadInputSchema,
  idParamSchema,
  UNREAD_COUNT_HEADER,
  type Accepted,
  type ContactMessage,
} from '@coach/contracts';
import type { Types } from 'mongoose';
import { sendAdminPage } from '../adminPaging.ts';
import { HttpError, idempotent, parse, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import type { MailRequestLimit } from '../mail-requests/limit.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { contactReceived } from '../outbox/sources.ts';
import { ContactMessageModel } from './model.ts';

export function contactRoutes(outbox: Outbox, sessions: SessionVerifier, mailLimit: MailRequestLimit): Router {
  const router = Router();

  /**
   * Stores the message, then publishes contact.received: the coach is notified, and the sender
   * acknowledged unless the address has asked for too much mail this hour.
   */
  router.post('/api/contact', idempotent('contact'), async (req, res) => {
    const input = parse(contactInputSchema, req.body);
    const idempotencyKey = res.locals.idempotencyKey as string | undefined;
    const acknowledge = await mailLimit.allow(input.email);
    const doc = await ContactMessageModel.create({ ...input, acknowledge, eventPending: true, idempotencyKey }).catch(
      (err: { code?: number }) => {
        // Stored already by an earlier try with this key that ended before recording its answer.
        if (err.code === 11000 && idempotencyKey) return null;
        throw err;
      },
    );
    if (doc) await outbox.notify(contactReceived, doc);
    const answer: Accepted = { ok: true, message: "Thank you for reaching out. I'll get back to you within 24 hours." };
    res.status(201).json(answer);
  });

  /** One page of messages; X-Unread-Count counts every unread one. */
  router.get('/api/contact-messages', sessions.requireAdmin, async (req, res) => {
    const query = parse(adminListQuerySchema, req.query);
    res.set(UNREAD_COUNT_HEADER, String(await ContactMessageModel.countDocuments({ readAt: null })));
    await sendAdminPage(
      res,
      '/api/contact-messages',
      ContactMessageModel,
      query,
      ['name', 'email', 'subject', 'message'],
      toContactMessage,
    );
  });

  /** Marks a message read (now, unless it was read before) or unread; answers the message. */
  router.patch('/api/contact-messages/:id', sessions.requireAdmin, async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    const { read } = parse(contactMessageReadInputSchema, req.body);
    // Read keeps the time it was first opened; unread clears it.
    if (read) await ContactMessageModel.updateOne({ _id: id, readAt: null }, { $set: { readAt: new Date() } });
    else await ContactMessageModel.updateOne({ _id: id }, { $set: { readAt: null } });
    const found = await ContactMessageModel.findById(id).lean<StoredMessage>();
    if (!found) throw new HttpError(404, 'Message not found');
    res.set('Cache-Control', 'no-store').json(toContactMessage(found));
  });
  return router;
}

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
