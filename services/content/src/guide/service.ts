import { GUIDE_NEWSLETTER_CONSENT, type GuideStats } from '@coach/contracts';
import { nullIfDuplicate } from '@coach/kit';
import mongoose, { type Types } from 'mongoose';
import { issueLink, linkEmails, useLink, type LinkOwed } from '../confirmation-links/links.ts';
import { subscribeConfirmed } from '../newsletter/service.ts';
import { GuideRequestModel } from './model.ts';

const { trusted } = mongoose;

/** A request owed its confirmation e-mail, and whether it asked for the newsletter too. */
export interface GuideLinkOwed extends LinkOwed {
  newsletterAsked?: { wording: string; at: Date };
}

/** A free guide request's confirmation link, once per link issued. */
export const guideConfirmationRequested = linkEmails(
  'guide.confirmation_requested',
  GuideRequestModel,
  (row: GuideLinkOwed) => ({ requestId: row._id.toString(), newsletter: row.newsletterAsked !== undefined }),
);

/**
 * Records a request for the guide and the newsletter choice it made (the latest request's choice
 * is the one a confirmation applies). With `mailAllowed`, issues a new confirmation link and
 * answers the row as owed its e-mail; without (the address's hourly mail allowance is spent), the
 * links already mailed keep working and nothing is owed. A request run again (its Idempotency-Key,
 * `requestKey`) issues no second link.
 */
export async function requestGuide(
  email: string,
  newsletter: boolean,
  options: { mailAllowed: boolean; confirmHours: number; requestKey?: string },
): Promise<GuideLinkOwed | null> {
  const asked = { newsletterAsked: { wording: GUIDE_NEWSLETTER_CONSENT, at: new Date() } };
  const choice = newsletter ? { $set: asked } : { $unset: { newsletterAsked: 1 as const } };
  const update = { ...choice, $setOnInsert: { email, requestedAt: new Date() } };
  if (!options.mailAllowed) {
    await GuideRequestModel.updateOne({ email }, update, { upsert: true }).catch(nullIfDuplicate);
    return null;
  }
  return issueLink<GuideLinkOwed>(GuideRequestModel, { email }, update, {
    ...options,
    upsert: true,
    projection: { newsletterAsked: 1 },
  });
}

interface ConfirmedRequest {
  _id: Types.ObjectId;
  email: string;
  newsletterAsked?: { wording: string; at: Date };
  newsletterConsent?: object;
}

/**
 * Confirms the address of a link still valid: it has taken the guide, and joins the newsletter
 * (confirmed: this link was its double opt-in) when its latest request asked to. Again: no change.
 * Null when no link matches; else whether the address is on the newsletter through the guide.
 */
export async function confirmGuide(token: string): Promise<{ newsletter: boolean } | null> {
  const now = new Date();
  const row = await useLink<ConfirmedRequest>(
    GuideRequestModel,
    token,
    { $min: { confirmedAt: now } },
    { projection: { email: 1, newsletterAsked: 1, newsletterConsent: 1 } },
  );
  if (!row) return null;
  if (row.newsletterAsked) {
    await subscribeConfirmed(row.email);
    await GuideRequestModel.updateOne(
      { _id: row._id },
      {
        $set: {
          newsletterConsent: {
            wording: row.newsletterAsked.wording,
            askedAt: row.newsletterAsked.at,
            confirmedAt: now,
          },
        },
        $unset: { newsletterAsked: 1 },
      },
    );
  }
  return { newsletter: Boolean(row.newsletterAsked ?? row.newsletterConsent) };
}

/** The coach's figures: addresses that asked, took the guide (confirmed), and joined the newsletter with it. */
export async function guideStats(): Promise<GuideStats> {
  const [requested, confirmed, joinedNewsletter] = await Promise.all([
    GuideRequestModel.countDocuments({}),
    GuideRequestModel.countDocuments({ confirmedAt: trusted({ $exists: true }) }),
    GuideRequestModel.countDocuments({ newsletterConsent: trusted({ $exists: true }) }),
  ]);
  return { requested, confirmed, joinedNewsletter };
}
