import { createHash, randomBytes } from 'node:crypto';
import {
  adminListQuerySchema,
  newsletterConfirmInputSchema,
  newsletterInputSchema,
  newsletterSettingsSchema,
  newsletterUnsubscribeInputSchema,
  type Accepted,
  type NewsletterSettings,
  type NewsletterSubscriber,
  type PostMailingStats,
  type SubscriberState,
} from '@coach/contracts';
import { HttpError, idempotent, parse, type PublishEvent, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import mongoose, { type Types } from 'mongoose';
import { sendAdminPage } from '../adminPaging.ts';
import type { MailRequestLimit } from '../mail-requests/limit.ts';
import { deliveryCounts } from './deliveries.ts';
import { sendSubscribersCsv } from './export.ts';
import { MailingModel, NewsletterSettingsModel, SubscriberModel } from './model.ts';

const newToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export const NEWSLETTER_MESSAGES = {
  subscribed: 'Thank you for subscribing! Please confirm your subscription with the link we sent to your inbox.',
  confirmed: 'Your subscription is confirmed.',
  badConfirmation: 'This confirmation link is invalid or has expired. Please subscribe again on the blog.',
  unsubscribed: 'You have been unsubscribed.',
  badUnsubscribe: 'This unsubscribe link is not valid.',
} as const;

export interface NewsletterOptions {
  publish: PublishEvent;
  mailLimit: MailRequestLimit;
  /** How long a confirmation link works. */
  confirmHours: number;
}

/** The coach's newsletter setting, per-post until she chooses otherwise. */
export async function newsletterSettings(): Promise<NewsletterSettings> {
  const doc = await NewsletterSettingsModel.findById('newsletter').lean();
  return { delivery: doc?.delivery ?? 'per-post' };
}

export function newsletterRoutes(sessions: SessionVerifier, options: NewsletterOptions): Router {
  const router = Router();

  /**
   * Double opt-in: a new, pending or unsubscribed address is stored as pending and sent a link
   * that confirms it (a new link each time, within the per-address mail limit). The answer is
   * the same whatever the address's state, so it tells no one who subscribes.
   */
  router.post('/api/newsletter', idempotent('newsletter'), async (req, res) => {
    const { email } = parse(newsletterInputSchema, req.body);
    const answer: Accepted = { ok: true, message: NEWSLETTER_MESSAGES.subscribed };
    const notConfirmed = { email, state: mongoose.trusted({ $ne: 'confirmed' }) };
    const onInsert = { email, subscribedAt: new Date(), unsubscribeToken: newToken() };
    const ignoreConfirmed = (err: { code?: number }) => {
      if (err.code === 11000) return null; // confirmed already, or a concurrent identical subscription won
      throw err;
    };
    if (!(await options.mailLimit.allow(email))) {
      // No mail this hour: the address is kept (pending if new), and the link mailed last still works.
      await SubscriberModel.updateOne(
        notConfirmed,
        { $setOnInsert: { ...onInsert, state: 'pending' } },
        { upsert: true },
      ).catch(ignoreConfirmed);
      res.status(202).json(answer);
      return;
    }
    const confirmToken = newToken();
    const subscriber = await SubscriberModel.findOneAndUpdate(
      notConfirmed,
      {
        $set: {
          state: 'pending',
          confirmTokenHash: hashOf(confirmToken),
          confirmExpiresAt: new Date(Date.now() + options.confirmHours * 3600_000),
        },
        $setOnInsert: onInsert,
      },
      { upsert: true, new: true },
    )
      .lean()
      .catch(ignoreConfirmed);
    if (subscriber) {
      await options.publish('newsletter.confirmation_requested', {
        subscriberId: subscriber._id.toString(),
        email,
        confirmToken,
        unsubscribeToken: subscriber.unsubscribeToken!,
      });
    }
    res.status(202).json(answer);
  });

  /** A confirmation link, used within its validity: the subscriber is confirmed (again: no change). */
  router.post('/api/newsletter/confirm', async (req, res) => {
    const { token } = parse(newsletterConfirmInputSchema, req.body);
    const subscriber = await SubscriberModel.findOneAndUpdate(
      {
        confirmTokenHash: hashOf(token),
        confirmExpiresAt: mongoose.trusted({ $gt: new Date() }),
        state: mongoose.trusted({ $in: ['pending', 'confirmed'] }),
      },
      { $set: { state: 'confirmed' }, $min: { confirmedAt: new Date() } },
      { new: true },
    ).lean();
    if (!subscriber) throw new HttpError(404, NEWSLETTER_MESSAGES.badConfirmation);
    const answer: Accepted = { ok: true, message: NEWSLETTER_MESSAGES.confirmed };
    res.set('Cache-Control', 'no-store').json(answer);
  });

  /**
   * One-click unsubscribe, with no session: the token of an e-mail's link (in the query string,
   * as a mail client's one-click POST sends it, or in a JSON body from the site's page). Using it
   * again changes nothing; a forged token gets 404 and changes nothing.
   */
  router.post('/api/newsletter/unsubscribe', async (req, res) => {
    const body = req.is('application/json') ? req.body : {};
    const { token, mailing } = parse(newsletterUnsubscribeInputSchema, { ...req.query, ...body });
    const subscriber = await SubscriberModel.findOne({ unsubscribeToken: token }, { state: 1 }).lean();
    if (!subscriber) throw new HttpError(404, NEWSLETTER_MESSAGES.badUnsubscribe);
    if (subscriber.state !== 'unsubscribed') {
      const known = mailing ? await MailingModel.exists({ _id: mailing }) : null;
      await SubscriberModel.updateOne(
        { _id: subscriber._id, state: mongoose.trusted({ $ne: 'unsubscribed' }) },
        {
          $set: { state: 'unsubscribed', unsubscribedAt: new Date(), ...(known ? { unsubscribedFrom: mailing } : {}) },
          $unset: { confirmTokenHash: 1, confirmExpiresAt: 1 },
        },
      );
    }
    const answer: Accepted = { ok: true, message: NEWSLETTER_MESSAGES.unsubscribed };
    res.set('Cache-Control', 'no-store').json(answer);
  });

  router.get('/api/newsletter-subscribers', sessions.requireAdmin, async (req, res) => {
    const query = parse(adminListQuerySchema, req.query);
    await sendAdminPage(
      res,
      '/api/newsletter-subscribers',
      SubscriberModel,
      query,
      ['email'],
      (r: {
        _id: Types.ObjectId;
        email: string;
        subscribedAt: Date;
        state: SubscriberState;
      }): NewsletterSubscriber => ({
        id: r._id.toString(),
        email: r.email,
        subscribedAt: r.subscribedAt.toISOString(),
        state: r.state,
      }),
    );
  });

  router.get('/api/newsletter-subscribers/export.csv', sessions.requireAdmin, async (_req, res) => {
    await sendSubscribersCsv(res);
  });

  router.get('/api/admin/newsletter/settings', sessions.requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await newsletterSettings());
  });

  router.put('/api/admin/newsletter/settings', sessions.requireAdmin, async (req, res) => {
    const settings = parse(newsletterSettingsSchema, req.body);
    await NewsletterSettingsModel.updateOne({ _id: 'newsletter' }, { $set: settings }, { upsert: true });
    res.set('Cache-Control', 'no-store').json(settings);
  });

  /** A post's newsletter figures: e-mails sent and failed, and unsubscribes through them. */
  router.get('/api/admin/newsletter/posts/:postId', sessions.requireAdmin, async (req, res) => {
    const postId = String(req.params.postId);
    const mailings = await MailingModel.find({ postIds: postId }, { _id: 1 }).lean();
    const ids = mailings.map((m) => String(m._id));
    const [counts, unsubscribed] = await Promise.all([
      deliveryCounts(ids),
      SubscriberModel.countDocuments({ unsubscribedFrom: mongoose.trusted({ $in: ids }) }),
    ]);
    const stats: PostMailingStats = { postId, mailed: ids.length > 0, ...counts, unsubscribed };
    res.set('Cache-Control', 'no-store').json(stats);
  });
  return router;
}
