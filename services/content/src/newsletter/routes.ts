import {
  adminListQuerySchema,
  newsletterConfirmInputSchema,
  newsletterInputSchema,
  newsletterSettingsSchema,
  newsletterUnsubscribeInputSchema,
  type Accepted,
} from '@coach/contracts';
import { adminListHandler, HttpError, idempotent, parse, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import { requestLink, type ConfirmationLinkOptions } from '../confirmation-links/links.ts';
import { sendSubscribersCsv } from './export.ts';
import {
  confirm,
  listSubscribers,
  newsletterSettings,
  postMailingStats,
  saveNewsletterSettings,
  newsletterConfirmationRequested,
  subscribe,
  unsubscribe,
} from './service.ts';

export const NEWSLETTER_MESSAGES = {
  subscribed: 'Thank you for subscribing! Please confirm your subscription with the link we sent to your inbox.',
  confirmed: 'Your subscription is confirmed.',
  badConfirmation: 'This confirmation link is invalid or has expired. Please subscribe again on the blog.',
  unsubscribed: 'You have been unsubscribed.',
  badUnsubscribe: 'This unsubscribe link is not valid.',
} as const;

export function newsletterRoutes(sessions: SessionVerifier, options: ConfirmationLinkOptions): Router {
  const router = Router();

  /**
   * Double opt-in: a new, pending or unsubscribed address is stored as pending and sent a link
   * that confirms it (a new link each time, within the per-address mail limit; past it, the
   * link mailed last while it works, else a link mailed once a later hour has room). The answer
   * is the same whatever the address's state, so it tells no one who subscribes.
   */
  router.post('/api/newsletter', idempotent('newsletter'), async (req, res) => {
    const { email } = parse(newsletterInputSchema, req.body);
    await requestLink(res, email, options, newsletterConfirmationRequested, (link) => subscribe(email, link));
    const answer: Accepted = { ok: true, message: NEWSLETTER_MESSAGES.subscribed };
    res.status(202).json(answer);
  });

  /** A confirmation link, used within its validity: the subscriber is confirmed (again: no change). */
  router.post('/api/newsletter/confirm', async (req, res) => {
    const { token } = parse(newsletterConfirmInputSchema, req.body);
    if (!(await confirm(token))) throw new HttpError(404, NEWSLETTER_MESSAGES.badConfirmation);
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
    if (!(await unsubscribe(token, mailing))) throw new HttpError(404, NEWSLETTER_MESSAGES.badUnsubscribe);
    const answer: Accepted = { ok: true, message: NEWSLETTER_MESSAGES.unsubscribed };
    res.set('Cache-Control', 'no-store').json(answer);
  });

  router.get(
    '/api/newsletter-subscribers',
    sessions.requireAdmin,
    adminListHandler('/api/newsletter-subscribers', adminListQuerySchema, listSubscribers),
  );

  router.get('/api/newsletter-subscribers/export.csv', sessions.requireAdmin, async (_req, res) => {
    await sendSubscribersCsv(res);
  });

  router.get('/api/admin/newsletter/settings', sessions.requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await newsletterSettings());
  });

  router.put('/api/admin/newsletter/settings', sessions.requireAdmin, async (req, res) => {
    const settings = parse(newsletterSettingsSchema, req.body);
    await saveNewsletterSettings(settings);
    res.set('Cache-Control', 'no-store').json(settings);
  });

  /** A post's newsletter figures: e-mails sent and failed, and unsubscribes through them. */
  router.get('/api/admin/newsletter/posts/:postId', sessions.requireAdmin, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await postMailingStats(String(req.params.postId)));
  });
  return router;
}
