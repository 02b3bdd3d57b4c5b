import { createHash, randomBytes } from 'node:crypto';
import { GUIDE_NEWSLETTER_CONSENT, type GuideStats } from '@coach/contracts';
import { nullIfDuplicate } from '@coach/kit';
import mongoose, { type Types } from 'mongoose';
import { subscribeConfirmed } from '../newsletter/service.ts';
import { GuideRequestModel } from './model.ts';

const { trusted } = mongoose;
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
/** How many of the links mailed to one address work, the latest ones (e-mails may arrive in any order). */
const VALID_LINKS = 10;

/** A request owed its confirmation e-mail: the outbox queues it (outbox/sources.ts). */
export interface GuideLinkOwed {
  _id: Types.ObjectId;
  email: string;
  confirmTokenHash: string;
  pendingConfirmToken: string;
  newsletterAsked?: { wording: string; at: Date };
}

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
  const choice = newsletter ? { $set: asked } : { $unset: { newsletterAsked: 1 } };
  const onInsert = { $setOnInsert: { email, requestedAt: new Date() } };
  if (!options.mailAllowed) {
    await GuideRequestModel.updateOne({ email }, { ...choice, ...onInsert }, { upsert: true }).catch(nullIfDuplicate);
    return null;
  }
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashOf(token);
  const link = {
    confirmTokenHash: tokenHash,
    confirmExpiresAt: new Date(Date.now() + options.confirmHours * 3600_000),
    pendingConfirmToken: token,
    eventPending: true,
    confirmRequestKey: options.requestKey,
  };
  const notIssuedByThisRequest = options.requestKey ? { confirmRequestKey: trusted({ $ne: options.requestKey }) } : {};
  return GuideRequestModel.findOneAndUpdate(
    { email, ...notIssuedByThisRequest },
    {
      ...onInsert,
      ...(newsletter ? {} : { $unset: { newsletterAsked: 1 } }),
      $set: { ...link, ...(newsletter ? asked : {}) },
      $push: { confirmTokenHashes: { $each: [tokenHash], $slice: -VALID_LINKS } },
    },
    {
      upsert: true,
      new: true,
      projection: { email: 1, confirmTokenHash: 1, pendingConfirmToken: 1, newsletterAsked: 1 },
    },
  )
    .lean<GuideLinkOwed>()
    .catch(nullIfDuplicate);
}

/**
 * Confirms the address of a link still valid: it has taken the guide, and joins the newsletter
 * (confirmed: this link was its double opt-in) when its latest request asked to. Again: no change.
 * Null when no link matches; else whether the address is on the newsletter through the guide.
 */
export async function confirmGuide(token: string): Promise<{ newsletter: boolean } | null> {
  const now = new Date();
  const row = await GuideRequestModel.findOneAndUpdate(
    { confirmTokenHashes: hashOf(token), confirmExpiresAt: trusted({ $gt: now }) },
    { $min: { confirmedAt: now } },
    { new: true, projection: { email: 1, newsletterAsked: 1, newsletterConsent: 1 } },
  ).lean();
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
