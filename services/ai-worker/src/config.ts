import {
  baseEnvSchema,
  loadConfig,
  portSchema,
  pushEndpointEnvSchema,
  refusePrivatePushInProduction,
  siteIdentityEnvSchema,
} from '@coach/kit';
import { z } from 'zod';

/** An optional variable; compose passes unset ones as empty strings. */
const optional = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));
const positiveInt = z.coerce.number().int().positive();

/**
 * ai-worker verifies no session. Its one collection is the newsletter's delivery records, kept
 * beside content's subscribers (MONGO_URL names content's database).
 */
export const workerEnvSchema = baseEnvSchema
  .omit({ SESSION_PUBLIC_KEY: true, COOKIE_SECURE: true })
  .extend({
    /** Port of GET /health only. */
    PORT: portSchema.default(4003),
    /** Any OpenAI-compatible endpoint; without a key the offline companion answers. */
    OPENAI_API_KEY: optional,
    OPENAI_BASE_URL: optional,
    OPENAI_MODEL: optional.transform((v) => v ?? 'gpt-4o-mini'),
    /** SMTP server (smtp://user:pass@host:587); without it e-mails are written as .eml files. */
    SMTP_URL: optional,
    OUTBOX_DIR: z.string().min(1).default('var/outbox'),
    /** SMTP connections kept open and used at once (newsletters go out through all of them). */
    SMTP_POOL_SIZE: positiveInt.max(50).default(5),
    /**
     * The sender's address, bare or as `Name <address>`: the e-mails go out under the coach's
     * name (COACH_NAME) whatever name this gives.
     */
    MAIL_FROM: z
      .string()
      .default('coach@example.com')
      .transform((v) => /<([^<>]*)>\s*$/.exec(v)?.[1] ?? v)
      .pipe(z.email({ error: 'must be an e-mail address, bare or as Name <address>' })),
    /** Where contact-form notifications go. */
    COACH_EMAIL: z.email().default('coach@example.com'),
    /** Hour (UTC) of the daily post. */
    DAILY_POST_HOUR: z.coerce.number().int().min(0).max(23).default(6),
    /** Chat jobs handled at once by one worker process. */
    CHAT_CONCURRENCY: positiveInt.default(32),
    /**
     * How long a job stays locked to a worker without renewal: a worker that dies mid-job gives
     * its job back to the queue after about this long.
     */
    WORKER_LOCK_MS: positiveInt.min(1000).default(30_000),
    /**
     * The same for chat jobs, whose visitor is waiting (CHAT_TIMEOUT_MS): short, so a dead
     * worker's chat is taken over by another worker well within that wait.
     */
    CHAT_LOCK_MS: positiveInt.min(1000).default(4000),
    /** The VAPID key pair push messages are signed with (base64url); unset: no push is sent. */
    VAPID_PUBLIC_KEY: optional,
    VAPID_PRIVATE_KEY: optional,
    /** The contact push services may use (mailto: or https:); default mailto:<MAIL_FROM>. */
    VAPID_SUBJECT: optional.pipe(
      z
        .string()
        .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
        .optional(),
    ),
    /** Push messages of a batch in flight at once. */
    PUSH_CONCURRENCY: positiveInt.max(500).default(50),
  })
  .extend(siteIdentityEnvSchema.shape)
  .extend(pushEndpointEnvSchema.shape);
export type WorkerConfig = z.infer<typeof workerEnvSchema>;

export const loadWorkerConfig = () => loadConfig(workerEnvSchema.superRefine(refusePrivatePushInProduction));
