import {
  baseEnvSchema,
  booleanSetting,
  loadConfig,
  portSchema,
  pushEndpointEnvSchema,
  refusePrivatePushInProduction,
} from '@coach/kit';
import { z } from 'zod';

/** The content service's settings, from the environment. */
export const contentEnvSchema = baseEnvSchema
  .extend({
    PORT: portSchema.default(4001),
    /** Seed demo posts into an empty database (embedded mode). */
    SEED_DEMO: booleanSetting(false),
    /** How long a chat waits for ai-worker's reply before answering 504. */
    CHAT_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
    /** Chat messages per minute and IP (both chats together). */
    CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    /** How long POST /api/blog/generate-daily waits for the stored post before answering 504. */
    GENERATE_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
    /** Whether the daily generator's posts are e-mailed to the newsletter's subscribers. */
    DAILY_POST_SEND_TO_SUBSCRIBERS: booleanSetting(true),
    /** How often each replica looks for scheduled posts whose time has come, to announce them. */
    BLOG_PUBLISH_CHECK_MS: z.coerce.number().int().positive().default(15_000),
    /** E-mails a visitor's forms may have sent to one address per hour (acknowledgements, confirmations). */
    MAIL_REQUESTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(3),
    /** How long a newsletter confirmation link works. */
    NEWSLETTER_CONFIRM_HOURS: z.coerce.number().int().positive().default(48),
    /** Subscribers per batch job of a newsletter mailing. */
    NEWSLETTER_BATCH_SIZE: z.coerce.number().int().positive().max(5000).default(500),
    /** When the weekly digest goes out, as a cron pattern with seconds, UTC (Mondays 07:00). */
    NEWSLETTER_DIGEST_CRON: z.string().min(9).default('0 0 7 * * 1'),
    /** The VAPID public key browsers subscribe with (base64url); unset: push notifications are off. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key, base64url')
      .optional(),
    /** Subscriptions per batch job of a push notification. */
    PUSH_BATCH_SIZE: z.coerce.number().int().positive().max(5000).default(500),
    /** When the coach's weekly insights e-mail goes out, as a cron pattern with seconds, UTC (Mondays 08:00). */
    INSIGHTS_WEEKLY_CRON: z.string().min(9).default('0 0 8 * * 1'),
  })
  .extend(pushEndpointEnvSchema.shape)
  .superRefine(refusePrivatePushInProduction);
export type ContentConfig = z.infer<typeof contentEnvSchema>;

export const loadContentConfig = (env: NodeJS.ProcessEnv = process.env): ContentConfig =>
  loadConfig(contentEnvSchema, env);
