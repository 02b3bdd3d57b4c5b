import { newsletterInputSchema, type Accepted, type NewsletterSubscriber } from '@coach/contracts';
import { idempotent, parse, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import type { Outbox } from '../outbox/outbox.ts';
import { newsletterSubscribed } from '../outbox/sources.ts';
import { SubscriberModel } from './model.ts';

export function newsletterRoutes(outbox: Outbox, sessions: SessionVerifier): Router {
  const router = Router();

  /** Subscribing twice is not an error: one row is kept and the welcome goes out once. */
  router.post('/api/newsletter', idempotent('newsletter'), async (req, res) => {
    const { email } = parse(newsletterInputSchema, req.body);
    const result = await SubscriberModel.updateOne(
      { email },
      { $setOnInsert: { email, subscribedAt: new Date(), eventPending: true } },
      { upsert: true },
    ).catch((err: { code?: number }) => {
      if (err.code === 11000) return { upsertedId: null }; // a concurrent identical subscription won
      throw err;
    });
    if (result.upsertedId) await outbox.notify(newsletterSubscribed, { _id: result.upsertedId, email });
    const answer: Accepted = { ok: true, message: 'Thank you for subscribing!' };
    res.status(result.upsertedId ? 201 : 200).json(answer);
  });

  router.get('/api/newsletter-subscribers', sessions.requireAdmin, async (_req, res) => {
    const rows = await SubscriberModel.find().sort({ subscribedAt: -1 }).lean();
    const subscribers: NewsletterSubscriber[] = rows.map((r) => ({
      id: r._id.toString(),
      email: r.email,
      subscribedAt: r.subscribedAt.toISOString(),
    }));
    res.set('Cache-Control', 'no-store').json(subscribers);
  });
  return router;
}
