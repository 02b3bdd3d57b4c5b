import { contactInputSchema, type Accepted, type ContactMessage } from '@coach/contracts';
import { idempotent, parse, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import type { Outbox } from '../outbox/outbox.ts';
import { contactReceived } from '../outbox/sources.ts';
import { ContactMessageModel } from './model.ts';

export function contactRoutes(outbox: Outbox, sessions: SessionVerifier): Router {
  const router = Router();

  /** Stores the message, then publishes contact.received (e-mails to the coach and the sender). */
  router.post('/api/contact', idempotent('contact'), async (req, res) => {
    const input = parse(contactInputSchema, req.body);
    const idempotencyKey = res.locals.idempotencyKey as string | undefined;
    const doc = await ContactMessageModel.create({ ...input, eventPending: true, idempotencyKey }).catch(
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

  router.get('/api/contact-messages', sessions.requireAdmin, async (_req, res) => {
    const rows = await ContactMessageModel.find().sort({ createdAt: -1 }).lean();
    const messages: ContactMessage[] = rows.map((r) => ({
      id: r._id.toString(),
      name: r.name,
      email: r.email,
      subject: r.subject,
      message: r.message,
      createdAt: (r as unknown as { createdAt: Date }).createdAt.toISOString(),
    }));
    res.set('Cache-Control', 'no-store').json(messages);
  });
  return router;
}
