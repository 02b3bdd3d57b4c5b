import {
  FREE_GUIDE,
  guideConfirmInputSchema,
  guideInputSchema,
  type Accepted,
  type GuideConfirmed,
} from '@coach/contracts';
import { HttpError, idempotencyKeyOf, idempotent, parse, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import type { MailRequestLimit } from '../mail-requests/limit.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { confirmGuide, guideConfirmationRequested, guideStats, requestGuide } from './service.ts';

export const GUIDE_MESSAGES = {
  requested:
    'Thank you! Please confirm your email address with the link we sent to your inbox, and your guide is yours.',
  confirmed: 'Your email address is confirmed. Your guide is ready to download.',
  badConfirmation: 'This link is invalid or has expired. Please ask for the guide again on the Coaching page.',
} as const;

export interface GuideOptions {
  outbox: Outbox;
  /** Shared with the newsletter and contact forms: one address gets no more mail from all of them together. */
  mailLimit: MailRequestLimit;
  /** How long a confirmation link works (the newsletter's setting). */
  confirmHours: number;
}

export function guideRoutes(sessions: SessionVerifier, options: GuideOptions): Router {
  const router = Router();

  /**
   * 'Download Free Guide': the address is sent a link that confirms it and leads to the download
   * (double opt-in), within the per-address mail limit. The newsletter is joined only if the
   * visitor ticked its box, and only once the link confirms her address. The answer is the same
   * whatever the address's state, so it tells no one who asked.
   */
  router.post('/api/guide', idempotent('guide'), async (req, res) => {
    const { email, newsletter } = parse(guideInputSchema, req.body);
    const requestKey = idempotencyKeyOf(res);
    const mailAllowed = await options.mailLimit.allow(email, requestKey);
    const owed = await requestGuide(email, newsletter, { mailAllowed, confirmHours: options.confirmHours, requestKey });
    if (owed) await options.outbox.notify(guideConfirmationRequested, owed);
    const answer: Accepted = { ok: true, message: GUIDE_MESSAGES.requested };
    res.status(202).json(answer);
  });

  /** The confirmation e-mail's link: the address is confirmed (again: no change) and given the download. */
  router.post('/api/guide/confirm', async (req, res) => {
    const { token } = parse(guideConfirmInputSchema, req.body);
    const confirmed = await confirmGuide(token);
    if (!confirmed) throw new HttpError(404, GUIDE_MESSAGES.badConfirmation);
    const answer: GuideConfirmed = {
      ok: true,
      message: GUIDE_MESSAGES.confirmed,
      downloadUrl: FREE_GUIDE.pdfPath,
      newsletter: confirmed.newsletter,
    };
    res.set('Cache-Control', 'no-store').json(answer);
  });

  router.get('/api/admin/guide/stats', sessions.requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await guideStats());
  });
  return router;
}
