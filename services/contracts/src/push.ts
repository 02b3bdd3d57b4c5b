import { PUSH_KINDS } from './pushKinds.ts';
import { z } from './zod.ts';

const base64url = (bytes: number, what: string) =>
  z
    .string({ error: `The subscription's ${what} is missing` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `The subscription's ${what} is not base64url`)
    .refine(
      (v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes,
      `The subscription's ${what} has the wrong length`,
    );

const authSecret = base64url(16, 'auth secret');

/** The browser's PushSubscription.toJSON(): the push service's URL and the keys that encrypt for it. */
export const pushSubscriptionJsonSchema = z.object({
  endpoint: z.url({ error: 'The subscription needs an endpoint URL' }).max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65, 'p256dh key'),
    /** The authentication secret (16 bytes); it also proves that a caller holds the subscription. */
    auth: authSecret,
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionJsonSchema>;

/** When the weekly reflection reminder comes: a weekday (0 Sunday) and hour in her time zone. */
export const reflectionReminderSchema = z.strictObject({
  day: z.number().int().min(0).max(6),
  hour: z.number().int().min(0).max(23),
  timeZone: z
    .string()
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'Unknown time zone'),
});
export type ReflectionReminder = z.infer<typeof reflectionReminderSchema>;

export const pushSubscribeInputSchema = z.strictObject({
  subscription: pushSubscriptionJsonSchema,
  kinds: z
    .array(z.enum(PUSH_KINDS))
    .min(1, 'Choose at least one kind of notification')
    .max(PUSH_KINDS.length)
    .transform((kinds) => [...new Set(kinds)]),
  reflection: reflectionReminderSchema.optional(),
});
export type PushSubscribeInput = z.input<typeof pushSubscribeInputSchema>;

/** Turning a browser's notifications off: its endpoint, and its auth secret as the proof it holds it. */
export const pushUnsubscribeInputSchema = z.strictObject({ endpoint: z.url().max(1000), auth: authSecret });
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeInputSchema>;

/** GET /api/push/public-key: the site's VAPID public key (uncompressed P-256, base64url). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** Where content keeps the subscriptions (ai-worker reads their keys and removes expired ones). */
export const PUSH_SUBSCRIPTIONS_COLLECTION = 'push_subscriptions';
/** ai-worker's record of each (event, subscription) it notified: one notification each. */
export const PUSH_DELIVERIES_COLLECTION = 'push_deliveries';

/**
 * A batch of one notification's subscriptions, sent by ai-worker. `path` is the page it opens
 * (ai-worker makes it absolute with SITE_URL); `eventId` keys the deliveries and is the
 * notification's tag.
 */
export const pushBatchJobSchema = z.object({
  eventId: z.string().min(1).max(200),
  kind: z.enum(PUSH_KINDS),
  title: z.string().min(1).max(200),
  body: z.string().max(500),
  path: z.string().startsWith('/'),
  subscriptionIds: z.array(z.string()).min(1),
});
export type PushBatchJob = z.infer<typeof pushBatchJobSchema>;

/**
 * The message a push service carries, in Declarative Web Push's form: a browser that knows it
 * (Safari 18.4+) shows it without the service worker; the service worker shows the same elsewhere.
 */
export const declarativePushSchema = z.object({
  web_push: z.literal(8030),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    navigate: z.url(),
    tag: z.string().optional(),
    lang: z.string().optional(),
    dir: z.enum(['auto', 'ltr', 'rtl']).optional(),
    silent: z.boolean().optional(),
  }),
});
export type DeclarativePush = z.infer<typeof declarativePushSchema>;
