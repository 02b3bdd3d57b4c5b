import { emailSchema } from './site.ts';
import { z } from './zod.ts';

export const newsletterInputSchema = z.strictObject({ email: emailSchema });
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;

/** pending until the address follows its confirmation link; only confirmed subscribers are mailed. */
export const SUBSCRIBER_STATES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

export const newsletterSubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  subscribedAt: z.string(),
  state: z.enum(SUBSCRIBER_STATES),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;

/** A link's token: what the confirmation and unsubscribe links carry. */
const tokenSchema = z.string({ error: 'The link is incomplete' }).regex(/^[\w-]{20,100}$/, 'The link is incomplete');

export const newsletterConfirmInputSchema = z.strictObject({ token: tokenSchema });

/**
 * An unsubscribe link's token and the mailing it came from (counted as that mailing's
 * unsubscribe). A mail client's one-click request sends them in the query string.
 */
export const newsletterUnsubscribeInputSchema = z.object({
  token: tokenSchema,
  mailing: z.string().max(100).optional(),
});
export type NewsletterUnsubscribeInput = z.infer<typeof newsletterUnsubscribeInputSchema>;

/** The coach's choice: every post mailed when published, or one digest a week of the week's posts. */
export const NEWSLETTER_DELIVERIES = ['per-post', 'weekly-digest'] as const;
export const newsletterSettingsSchema = z.strictObject({
  delivery: z.enum(NEWSLETTER_DELIVERIES, { error: 'Choose per-post or weekly-digest' }),
});
export type NewsletterSettings = z.infer<typeof newsletterSettingsSchema>;

/** What the coach sees of a post's newsletter e-mails (a digest counts for each post it carried). */
export const postMailingStatsSchema = z.object({
  postId: z.string(),
  /** Whether the post went (or is going) to subscribers at all. */
  mailed: z.boolean(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Subscribers who left through the unsubscribe link of this post's e-mail. */
  unsubscribed: z.number().int(),
});
export type PostMailingStats = z.infer<typeof postMailingStatsSchema>;

/** The id of the job scheduler of the weekly digest (one for all replicas). */
export const NEWSLETTER_DIGEST_SCHEDULER_ID = 'newsletter-digest';

/** A post as a newsletter e-mail shows it. */
export const mailedPostSchema = z.object({ slug: z.string(), title: z.string(), excerpt: z.string() });
export type MailedPost = z.infer<typeof mailedPostSchema>;

/**
 * A job on QUEUES.newsletterSend: one batch of a mailing (a post's e-mail, or a digest). Each
 * recipient gets the mailing once: ai-worker records every delivery under (mailingId, subscriberId).
 */
export const newsletterBatchJobSchema = z.object({
  mailingId: z.string(),
  kind: z.enum(['post', 'digest']),
  posts: z.array(mailedPostSchema).min(1),
  recipients: z.array(z.object({ subscriberId: z.string(), email: z.string(), unsubscribeToken: z.string() })),
});
export type NewsletterBatchJob = z.infer<typeof newsletterBatchJobSchema>;

/** Where content keeps the subscribers (ai-worker checks a batch's recipients are still confirmed). */
export const NEWSLETTER_SUBSCRIBERS_COLLECTION = 'newsletter_subscribers';
/** The collection where ai-worker records each newsletter e-mail it sends (content counts them). */
export const NEWSLETTER_DELIVERIES_COLLECTION = 'newsletter_deliveries';
export const DELIVERY_STATES = ['sending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
