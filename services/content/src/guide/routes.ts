import {
  FREE_GUIDE,
  guideConfirmInputSchema,
  guideInputSchema,
  type Accepted,
  type GuideConfirmed,
} from '@coach/contracts';
import { HttpError, idempotent, parse, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import { requestLink, type ConfirmationLinkOptions } from '../confirmation-links/links.ts';
import { confirmGuide, guideConfirmationRequested, guideStats, requestGuide } from './service.ts';

export const GUIDE_MESSAGES = {
  requested:
    'Thank you! Please confirm your email address with the link we sent to your inbox, and your guide is yours.',
  confirmed: 'Your email address is confirmed. Your guide is ready to download.',
  badConfirmation: 'This link is invalid or has expired. Please ask for the guide again on the Coaching page.',
} as const;

export function guideRoutes(sessions: SessionVerifier, options: ConfirmationLinkOptions): Router {
  const router = Router();

  /**
   * 'Download Free Guide': the address is sent a link that confirms it and leads to the download
   * (double opt-in), within the per-address mail limit. The newsletter is joined only if the
   * visitor ticked its box, and only once the link confirms her address. The answer is the same
   * whatever the address's state, so it tells no one who asked.
   */
  router.post('/api/guide', idempotent('guide'), async (req, res) => {
    const { email, newsletter } = parse(guideInputSchema, req.body);
    await requestLink(res, email, options, guideConfirmationRequested, (link) => requestGuide(email, newsletter, link));
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
