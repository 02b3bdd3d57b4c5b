import { randomUUID } from 'node:crypto';
import type {
  AdminListQuery,
  NewsletterSettings,
  NewsletterSubscriber,
  PostMailingStats,
  SubscriberState,
} from '@coach/contracts';
import { adminPage, nullIfDuplicate, type AdminPage } from '@coach/kit';
import mongoose, { type Types } from 'mongoose';
import { issueLink, linkEmails, newLinkToken, useLink, type LinkOwed } from '../confirmation-links/links.ts';
import { deliveryCounts } from './deliveries.ts';
import { MailingModel, NewsletterSettingsModel, SubscriberModel } from './model.ts';

const { trusted } = mongoose;

/** The coach's newsletter setting, per-post until she chooses otherwise. */
export async function newsletterSettings(): Promise<NewsletterSettings> {
  const doc = await NewsletterSettingsModel.findById('newsletter').lean();
  return { delivery: doc?.delivery ?? 'per-post' };
}

export async function saveNewsletterSettings(settings: NewsletterSettings): Promise<void> {
  await NewsletterSettingsModel.updateOne({ _id: 'newsletter' }, { $set: settings }, { upsert: true });
}

/** A subscriber owed a confirmation e-mail, which carries her unsubscribe link too. */
export interface ConfirmationOwed extends LinkOwed {
  unsubscribeToken: string;
}
const owedProjection = { unsubscribeToken: 1 } as const;

/** A subscription's confirmation link, once per link issued (a new request issues a new one). */
export const newsletterConfirmationRequested = linkEmails(
  'newsletter.confirmation_requested',
  SubscriberModel,
  (row: ConfirmationOwed) => ({ subscriberId: row._id.toString(), unsubscribeToken: row.unsubscribeToken }),
);

/**
 * Stores a new, pending or unsubscribed address as pending. With `mailAllowed`, it gets a new
 * confirmation link and is answered as owed its e-mail. Without, the link mailed last is kept
 * while it works; else the e-mail is deferred (deferred.ts) until the address's hourly
 * allowance has room. A confirmed address is left as it is (null), as is one a concurrent
 * identical subscription stored first, and one whose latest link this same request (its
 * Idempotency-Key, `requestKey`) issued: a request run again issues no second link.
 */
export async function subscribe(
  email: string,
  options: { mailAllowed: boolean; confirmHours: number; requestKey?: string },
): Promise<ConfirmationOwed | null> {
  const notConfirmed = { email, state: trusted({ $ne: 'confirmed' }) };
  const onInsert = { email, subscribedAt: new Date(), unsubscribeToken: newLinkToken() };
  if (!options.mailAllowed) {
    await SubscriberModel.updateOne(
      { ...notConfirmed, confirmExpiresAt: trusted({ $not: { $gt: new Date() } }) },
      {
        $set: { state: 'pending', confirmationDeferredFor: options.requestKey ?? randomUUID() },
        $setOnInsert: onInsert,
      },
      { upsert: true },
    ).catch(nullIfDuplicate);
    return null;
  }
  return issueLink<ConfirmationOwed>(
    SubscriberModel,
    notConfirmed,
    { $set: { state: 'pending' }, $unset: { confirmationDeferredFor: 1 }, $setOnInsert: onInsert },
    { ...options, upsert: true, projection: owedProjection },
  );
}

/**
 * Subscribes an address whose consent was confirmed elsewhere (the free guide's link, which the
 * visitor asked to join the newsletter with): confirmed at once, from any state, with no e-mail.
 */
export async function subscribeConfirmed(email: string): Promise<void> {
  const now = new Date();
  await SubscriberModel.updateOne(
    { email },
    {
      $set: { state: 'confirmed' },
      $min: { confirmedAt: now },
      $setOnInsert: { email, subscribedAt: now, unsubscribeToken: newLinkToken() },
      $unset: { confirmationDeferredFor: 1, unsubscribedAt: 1, unsubscribedFrom: 1 },
    },
    { upsert: true },
  ).catch(nullIfDuplicate);
}

/** A subscriber whose confirmation e-mail waits for an hour with room, for the request `confirmationDeferredFor`. */
export interface DeferredConfirmation {
  _id: Types.ObjectId;
  email: string;
  confirmationDeferredFor: string;
}

/** Subscribers whose confirmation e-mail is deferred, 500 at most. */
export const deferredConfirmations = () =>
  SubscriberModel.find(
    { confirmationDeferredFor: trusted({ $exists: true }) },
    { email: 1, confirmationDeferredFor: 1 },
  )
    .limit(500)
    .lean<DeferredConfirmation[]>();

/**
 * Issues the link deferred for the row's request, answered as owed its e-mail; null when a newer
 * request, a link issued meanwhile or an unsubscribe took the deferral away.
 */
export const issueDeferredLink = (row: DeferredConfirmation, confirmHours: number) =>
  issueLink<ConfirmationOwed>(
    SubscriberModel,
    { _id: row._id, confirmationDeferredFor: row.confirmationDeferredFor },
    { $set: { state: 'pending' }, $unset: { confirmationDeferredFor: 1 } },
    { confirmHours, projection: owedProjection },
  );

/** Confirms the subscriber of a link still valid (again: no change); false when there is none. */
export async function confirm(token: string): Promise<boolean> {
  const subscriber = await useLink(
    SubscriberModel,
    token,
    { $set: { state: 'confirmed' }, $min: { confirmedAt: new Date() } },
    { filter: { state: trusted({ $in: ['pending', 'confirmed'] }) } },
  );
  return subscriber !== null;
}

/**
 * Unsubscribes the holder of an unsubscribe token (again: no change), noting the mailing whose
 * link was used when it is one; false when no subscriber has the token.
 */
export async function unsubscribe(token: string, mailing?: string): Promise<boolean> {
  const subscriber = await SubscriberModel.findOne({ unsubscribeToken: token }, { state: 1 }).lean();
  if (!subscriber) return false;
  if (subscriber.state !== 'unsubscribed') {
    const known = mailing ? await MailingModel.exists({ _id: mailing }) : null;
    await SubscriberModel.updateOne(
      { _id: subscriber._id, state: trusted({ $ne: 'unsubscribed' }) },
      {
        $set: { state: 'unsubscribed', unsubscribedAt: new Date(), ...(known ? { unsubscribedFrom: mailing } : {}) },
        $unset: { confirmTokenHash: 1, confirmTokenHashes: 1, confirmExpiresAt: 1, confirmationDeferredFor: 1 },
      },
    );
  }
  return true;
}

/** One page of subscribers, newest first, searched by address. */
export const listSubscribers = (query: AdminListQuery): Promise<AdminPage<NewsletterSubscriber>> =>
  adminPage(SubscriberModel, query, {
    searchFields: ['email'],
    idOf: (cursor) => new mongoose.Types.ObjectId(cursor),
    shape: (r: { _id: Types.ObjectId; email: string; subscribedAt: Date; state: SubscriberState }) => ({
      id: r._id.toString(),
      email: r.email,
      subscribedAt: r.subscribedAt.toISOString(),
      state: r.state,
    }),
  });

/** A post's newsletter figures: e-mails sent and failed, and unsubscribes through them. */
export async function postMailingStats(postId: string): Promise<PostMailingStats> {
  const mailings = await MailingModel.find({ postIds: postId }, { _id: 1 }).lean();
  const ids = mailings.map((m) => String(m._id));
  const [counts, unsubscribed] = await Promise.all([
    deliveryCounts(ids),
    SubscriberModel.countDocuments({ unsubscribedFrom: trusted({ $in: ids }) }),
  ]);
  return { postId, mailed: ids.length > 0, ...counts, unsubscribed };
}
