import { z } from './zod.ts';
import { blogPostInputSchema } from './blog.ts';
import { PORTAL_NOTICE_KINDS } from './portal.ts';

/**
 * Domain events and the queues that consume them. A service publishes an event through kit;
 * kit adds one job per consuming queue, with the event id as job id so a re-publish is a no-op.
 */
export const QUEUES = {
  /** e-mails sent by ai-worker */
  emails: 'emails',
  /** chat replies computed by ai-worker for content */
  chat: 'chat',
  /** daily post generation by ai-worker (also on its daily schedule) */
  dailyPost: 'daily-post',
  /** generated posts, stored by content */
  contentPosts: 'content-posts',
  /** published posts and the weekly digest, planned into mailings by content */
  newsletter: 'newsletter',
  /** batches of a mailing's e-mails, sent by ai-worker */
  newsletterSend: 'newsletter-send',
  /** events that notify subscribed browsers, planned into push batches by content */
  push: 'push',
  /** batches of a notification's push messages, sent by ai-worker */
  pushSend: 'push-send',
  /** purchases counted in the coach's insights, the daily rollup and the weekly report, by content */
  insights: 'insights',
  /** completed purchases welcomed into their program's space, and the intake reminders after, by members */
  portal: 'portal',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const eventPayloadSchemas = {
  'contact.received': z.object({
    messageId: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    /** False once the sender's address has asked for too many e-mails this hour: the coach is still told. */
    acknowledge: z.boolean().default(true),
  }),
  /** A (re)subscription: the address is sent a link that confirms it. */
  'newsletter.confirmation_requested': z.object({
    subscriberId: z.string(),
    email: z.string(),
    confirmToken: z.string(),
    unsubscribeToken: z.string(),
  }),
  /** A request for the free guide: the address is sent a link that confirms it and leads to the download. */
  'guide.confirmation_requested': z.object({
    requestId: z.string(),
    email: z.string(),
    confirmToken: z.string(),
    /** The visitor ticked the box to join the newsletter too: the link confirms both. */
    newsletter: z.boolean(),
  }),
  /** A member's booked session starts within a day: she is reminded of its time (in her zone) and link. */
  'booking.reminder_due': z.object({
    bookingId: z.string(),
    /** Her account: her subscribed browsers are notified too. */
    userId: z.number().int().optional(),
    email: z.string(),
    startTime: z.string(),
    /** The time zone she booked in (an IANA name), when the booking page gave one. */
    timeZone: z.string().nullable(),
    eventName: z.string().nullable(),
    joinUrl: z.string().nullable(),
  }),
  /** Someone replied on a member's Circle post or reflection: her subscribed browsers are told. */
  'circle.reply_added': z.object({
    replyId: z.string(),
    postId: z.string(),
    /** The author of the post replied on. */
    postAuthorId: z.number().int(),
    excerpt: z.string(),
  }),
  /**
   * A purchase was completed (or recorded by the coach) and its receipt issued: the buyer is
   * e-mailed the receipt with its PDF; a visitor's e-mail also carries her invitation to claim it.
   */
  'purchase.completed': z.object({
    purchaseId: z.string(),
    email: z.string(),
    name: z.string(),
    productName: z.string(),
    /** paise */
    amount: z.number().int(),
    invoiceNumber: z.string(),
    /** Where the receipt's PDF is kept for the e-mail (a Redis key, see RECEIPT_PDFS): the PDF itself travels in no event. */
    receiptRef: z.string(),
    /** A visitor's invitation: the token that adds the purchase to her account once signed in. */
    claimToken: z.string().nullable(),
    /** The post the buyer read last before the checkout, if any: Insights count the sale for it. */
    fromPost: z.string().nullish(),
  }),
  /**
   * News for a client about a program she bought: the welcome to her space, the one reminder of an
   * intake still unanswered, a note the coach shared or homework she set. E-mailed, and pushed to
   * her browsers that allowed it (a visitor without an account yet is e-mailed only).
   */
  'portal.client_notice': z.object({
    kind: z.enum(PORTAL_NOTICE_KINDS),
    userId: z.number().int().nullable(),
    email: z.string(),
    programId: z.string(),
    programTitle: z.string(),
    /** The note's or homework's first words. */
    excerpt: z.string().nullable(),
  }),
  /** The week's figures, e-mailed to the coach (unless she turned the e-mail off). */
  'insights.weekly_report': z.object({
    /** The last day of the week, YYYY-MM-DD (UTC). */
    weekEnding: z.string(),
    visitors: z.number().int(),
    views: z.number().int(),
    topPosts: z.array(z.object({ key: z.string(), count: z.number().int() })),
    sources: z.array(z.object({ key: z.string(), count: z.number().int() })),
    conversions: z.record(z.string(), z.number().int()),
  }),
  'member.signed_up': z.object({ userId: z.number().int(), name: z.string(), email: z.string() }),
  /** The token travels only to the e-mail; members keeps its hash. */
  'member.password_reset_requested': z.object({ userId: z.number().int(), email: z.string(), token: z.string() }),
  'blog.post_generated': z.object({
    requestId: z.string(),
    // Whether the daily post is mailed, and when it appears, is content's setting, not ai-worker's.
    post: blogPostInputSchema.omit({ sendToSubscribers: true, publishAt: true }).extend({
      excerpt: z.string(),
      slug: z.string(),
      imageUrl: z.string(),
      readTime: z.number().int(),
      category: z.string(),
    }),
  }),
  /**
   * A post became public (at once, or at its scheduled time). Published once per post, with the
   * post id as event id: an edit, a re-publish or a second replica never publishes it again.
   */
  'blog.post_published': z.object({
    postId: z.string(),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    sendToSubscribers: z.boolean(),
  }),
} as const;
export type EventName = keyof typeof eventPayloadSchemas;

/**
 * A completed purchase's receipt PDF on its way to the buyer's e-mail: members keeps it once in
 * Redis (beside the queues, as lasting as its jobs) under `keyOf(purchaseId)`, the
 * `purchase.completed` event names that key (`receiptRef`), and ai-worker reads it there as it
 * sends the e-mail. It expires after a month, long after the e-mail's retries; the invoice itself
 * stays in members (downloaded from the profile and the coach's Sales).
 */
export const RECEIPT_PDFS = {
  keyOf: (purchaseId: string) => `receipt-pdf:${purchaseId}`,
  ttlSeconds: 30 * 24 * 3600,
} as const;
export type EventPayload<E extends EventName> = z.infer<(typeof eventPayloadSchemas)[E]>;

/** Which queues each event fans out to. */
export const EVENT_ROUTES: Record<EventName, QueueName[]> = {
  'contact.received': [QUEUES.emails],
  'newsletter.confirmation_requested': [QUEUES.emails],
  'guide.confirmation_requested': [QUEUES.emails],
  'booking.reminder_due': [QUEUES.emails, QUEUES.push],
  'circle.reply_added': [QUEUES.push],
  'purchase.completed': [QUEUES.emails, QUEUES.insights, QUEUES.portal],
  'portal.client_notice': [QUEUES.emails, QUEUES.push],
  'insights.weekly_report': [QUEUES.emails],
  'member.signed_up': [QUEUES.emails],
  'member.password_reset_requested': [QUEUES.emails],
  'blog.post_generated': [QUEUES.contentPosts],
  'blog.post_published': [QUEUES.newsletter, QUEUES.push],
};

/** The id of the job scheduler that enqueues the daily post (one for all worker replicas). */
export const DAILY_POST_SCHEDULER_ID = 'daily-post';

/**
 * A job on QUEUES.dailyPost: a scheduled run (its post is keyed by the UTC date, so one post a
 * day at most) or an admin's request (keyed by its request id).
 */
export const dailyPostJobSchema = z.discriminatedUnion('trigger', [
  z.object({ trigger: z.literal('schedule') }),
  z.object({ trigger: z.literal('admin'), requestId: z.string().min(1).max(100) }),
]);
export type DailyPostJob = z.infer<typeof dailyPostJobSchema>;
/** What a daily-post job returns: the request id the generated post carries, or skipped. */
export const dailyPostResultSchema = z.object({ requestId: z.string(), skipped: z.boolean() });
export type DailyPostResult = z.infer<typeof dailyPostResultSchema>;

/** The job every consumer receives: the event's name, a unique id and its payload. */
export interface EventJob<E extends EventName = EventName> {
  id: string;
  name: E;
  payload: EventPayload<E>;
  occurredAt: string;
}
