import {
  adminListQuerySchema,
  contactInputSchema,
  contactMessageReadInputSchema,
  idParamSchema,
  UNREAD_COUNT_HEADER,
  type Accepted,
} from '@coach/contracts';
import { idempotencyKeyOf, idempotent, parse, sendAdminPage, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import type { MailRequestLimit } from '../mail-requests/limit.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { contactReceived } from './model.ts';
import { listMessages, markRead, storeMessage, unreadCount } from './service.ts';

export function contactRoutes(outbox: Outbox, sessions: SessionVerifier, mailLimit: MailRequestLimit): Router {
  const router = Router();

  /**
   * Stores the message, then publishes contact.received: the coach is notified, and the sender
   * acknowledged unless the address has asked for too much mail this hour.
   */
  router.post('/api/contact', idempotent('contact'), async (req, res) => {
    const input = parse(contactInputSchema, req.body);
    const idempotencyKey = idempotencyKeyOf(res);
    const acknowledge = await mailLimit.allow(input.email, idempotencyKey);
    const doc = await storeMessage(input, { acknowledge, idempotencyKey });
    if (doc) await outbox.notify(contactReceived, doc);
    const answer: Accepted = { ok: true, message: "Thank you for reaching out. I'll get back to you within 24 hours." };
    res.status(201).json(answer);
  });

  /** One page of messages; X-Unread-Count counts every unread one. */
  router.get('/api/contact-messages', sessions.requireAdmin, async (req, res) => {
    const query = parse(adminListQuerySchema, req.query);
    const [page, unread] = await Promise.all([listMessages(query), unreadCount()]);
    res.set(UNREAD_COUNT_HEADER, String(unread));
    sendAdminPage(res, '/api/contact-messages', query, page);
  });

  /** Marks a message read (now, unless it was read before) or unread; answers the message. */
  router.patch('/api/contact-messages/:id', sessions.requireAdmin, async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    const { read } = parse(contactMessageReadInputSchema, req.body);
    res.set('Cache-Control', 'no-store').json(await markRead(id, read));
  });
  return router;
}
