import { NEWSLETTER_DELIVERIES, NEWSLETTER_SUBSCRIBERS_COLLECTION, SUBSCRIBER_STATES } from '@coach/contracts';
import mongoose from 'mongoose';
import { confirmationLinkFields, indexConfirmationLinks } from '../confirmation-links/links.ts';

const subscriberSchema = new mongoose.Schema(
  {
    email: { type: String, required: true, unique: true, maxlength: 254 },
    subscribedAt: { type: Date, default: Date.now },
    state: { type: String, enum: SUBSCRIBER_STATES, required: true, default: 'pending' },
    ...confirmationLinkFields,
    /**
     * The request (its Idempotency-Key, else a random id) whose confirmation e-mail the address's
     * hourly allowance had no room for: the link is issued and mailed once an hour has room
     * (deferred.ts), and this is removed.
     */
    confirmationDeferredFor: { type: String },
    confirmedAt: { type: Date },
    /** Carried by every e-mail's unsubscribe link; it can do nothing but unsubscribe this address. */
    unsubscribeToken: { type: String, unique: true, sparse: true },
    unsubscribedAt: { type: Date },
    /** The mailing whose link was used to leave, so each post's e-mail counts its unsubscribes. */
    unsubscribedFrom: { type: String },
  },
  { collection: NEWSLETTER_SUBSCRIBERS_COLLECTION, versionKey: false },
);
indexConfirmationLinks(subscriberSchema);
subscriberSchema.index({ unsubscribedFrom: 1 }, { sparse: true });
subscriberSchema.index({ confirmationDeferredFor: 1 }, { sparse: true });
// The fan-out walks the confirmed subscribers in _id order.
subscriberSchema.index({ state: 1, _id: 1 });
export const SubscriberModel = mongoose.model('NewsletterSubscriber', subscriberSchema);

/** The coach's newsletter settings: one document. */
const settingsSchema = new mongoose.Schema(
  {
    _id: { type: String, default: 'newsletter' },
    delivery: { type: String, enum: NEWSLETTER_DELIVERIES, required: true, default: 'per-post' },
  },
  { collection: 'newsletter_settings', versionKey: false },
);
export const NewsletterSettingsModel = mongoose.model('NewsletterSettings', settingsSchema);

/**
 * One e-mail sent to the subscribers: a post's (its _id is the post id) or a weekly digest's
 * (`digest-YYYY-MM-DD`, carrying the posts published since the previous one).
 */
const mailingSchema = new mongoose.Schema(
  {
    _id: { type: String },
    kind: { type: String, enum: ['post', 'digest'], required: true },
    postIds: { type: [String], required: true },
    posts: { type: [{ _id: false, slug: String, title: String, excerpt: String }], required: true },
    createdAt: { type: Date, default: Date.now },
  },
  { collection: 'newsletter_mailings', versionKey: false },
);
mailingSchema.index({ postIds: 1 });
export const MailingModel = mongoose.model('NewsletterMailing', mailingSchema);

/** A post published while the coach chose the weekly digest, waiting for the next one. */
const digestPostSchema = new mongoose.Schema(
  {
    _id: { type: String },
    slug: { type: String, required: true },
    title: { type: String, required: true },
    excerpt: { type: String, required: true },
    queuedAt: { type: Date, default: Date.now },
    /** Set when a digest takes the post. */
    digest: { type: String },
  },
  { collection: 'newsletter_digest_posts', versionKey: false },
);
digestPostSchema.index({ digest: 1, queuedAt: 1 });
export const DigestPostModel = mongoose.model('NewsletterDigestPost', digestPostSchema);
