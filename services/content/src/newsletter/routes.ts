import type { Redis } from '@coach/kit';
import { newsletterInputSchema, type Accepted, type NewsletterSubscriber } from '@coach/contracts';
import { idempotent, parse, type createSessionVerifier, type PublishEvent } from '@coach/kit';
import { Router } from 'express';
import { SubscriberModel } from './model.ts';

type Sessions = ReturnType<typeof createSessionVerifier>;

export function newsletterRoutes(redis: Redis, publish: PublishEvent, sessions: Sessions): Router {
  const router = Router();

  /** Subscribing twice is not an error: one row is kept and the welcome goes out once. */
  router.post('/api/newsletter', idempotent(redis, 'newsletter'), async (req, res) => {
    const { email } = parse(newsletterInputSchema, req.body);
    const result = await SubscriberModel.updateOne(
      { email },
      { $setOnInsert: { email, subscribedAt: new Date() } },
      { upsert: true },
    ).catch((err: { code?: number }) => {
      if (err.code === 11000) return { upsertedId: null }; // a concurrent identical subscription won
      throw err;
    });
    if (result.upsertedId) {
      const subscriberId = result.upsertedId.toString();
      await publish('newsletter.subscribed', { subscriberId, email }, subscriberId);
    }
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
