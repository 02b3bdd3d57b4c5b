import { baseEnvSchema, booleanSetting, loadConfig, portSchema, siteIdentityEnvSchema } from '@coach/kit';
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();
const flag = booleanSetting(false);

export const membersEnvSchema = baseEnvSchema
  .extend({
    PORT: portSchema.default(4002),
    /** PEM of the private key that signs sessions; only this service holds it. */
    SESSION_PRIVATE_KEY: z.string().min(1),
    /** Lifetime of a session (and of its cookie), in hours: 7 days by default. */
    SESSION_TTL_HOURS: positiveInt.default(7 * 24),
    /** A session unused for this many hours ends earlier: 3 days by default. */
    SESSION_IDLE_HOURS: positiveInt.default(72),
    /** The first admin, created at start when no account has this e-mail (never overwritten). */
    ADMIN_EMAIL: z.email(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters'),
    ADMIN_NAME: z.string().trim().min(1).default('Coach'),
    /** Seed the demo member with posts, journey and purchases (embedded mode). */
    SEED_DEMO: flag,
    /**
     * Failed sign-ins allowed within the window: per account (e-mail) from one client address or
     * one known device; per account from all addresses together (a browser with the account's
     * device cookie is exempt); per client address over all accounts.
     */
    LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(5),
    LOGIN_MAX_FAILURES_PER_ACCOUNT_GLOBAL: positiveInt.default(100),
    LOGIN_MAX_FAILURES_PER_IP: positiveInt.default(50),
    LOGIN_FAILURE_WINDOW_SECONDS: positiveInt.default(15 * 60),
    /**
     * The key that encrypts two-step sign-in secrets and hashes recovery codes (at least 32
     * characters). Default: derived from SESSION_PRIVATE_KEY. Set it before ever rotating that key:
     * a new key makes every stored secret and recovery code unreadable.
     */
    TWO_STEP_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Password reset requests one client address may make in an hour (more: 429). */
    PASSWORD_RESET_MAX_PER_IP: positiveInt.default(20),
    /** Password reset e-mails one address may receive in an hour (more are silently not sent). */
    PASSWORD_RESET_MAX_PER_ACCOUNT: positiveInt.default(3),
    /**
     * Check new passwords against the breached-password range API (only the first five hex digits
     * of the password's SHA-1 are sent). An API that fails or is slower than the timeout never
     * blocks a sign-up.
     */
    BREACHED_PASSWORD_CHECK: flag,
    BREACHED_PASSWORD_API_URL: z.url().default('https://api.pwnedpasswords.com/range'),
    BREACHED_PASSWORD_TIMEOUT_MS: positiveInt.default(2000),
    /** Calendly's webhook signing key (the subscription's `signing_key`); unset: Calendly bookings are refused. */
    CALENDLY_WEBHOOK_SIGNING_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    /** The secret of the Cal.com webhook; unset: Cal.com bookings are refused. */
    CAL_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * Razorpay's API keys (Dashboard > Account & Settings > API keys) and the webhook's secret;
     * without all three the site takes no payments and shows no Enrol button. `rzp_test_` keys
     * take test payments only, and every checkout screen says so.
     */
    RAZORPAY_KEY_ID: z
      .string()
      .regex(/^rzp_(test|live)_\w+$/, 'must be a Razorpay key id (rzp_test_... or rzp_live_...)')
      .optional(),
    RAZORPAY_KEY_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
    RAZORPAY_API_URL: z.url().default('https://api.razorpay.com/v1'),
    /** Where the browser loads Razorpay's Standard Checkout script from. */
    RAZORPAY_CHECKOUT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
    /** The coach's GST number: set, receipts are tax invoices with the GST lines (prices include GST). */
    COACH_GSTIN: z
      .string()
      .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'must be a 15-character GSTIN')
      .optional(),
    /**
     * How long after a purchase a client whose intake is still unanswered is reminded of it, once,
     * in hours (a fraction too: 0.5 is half an hour).
     */
    PORTAL_INTAKE_REMINDER_HOURS: z.coerce.number().positive().default(48),
    /** argon2 computations at once; by default the machine's cores minus one (see password.ts). */
    ARGON2_MAX_CONCURRENCY: positiveInt.optional(),
    // The brand names the site in authenticator apps.
  })
  .extend(
    siteIdentityEnvSchema.pick({
      COACH_NAME: true,
      COACH_BRAND: true,
      COACH_PUBLIC_EMAIL: true,
      SITE_URL: true,
      COACH_BOOKING_URL: true,
    }).shape,
  );
export type MembersConfig = z.infer<typeof membersEnvSchema>;

export const loadMembersConfig = () => loadConfig(membersEnvSchema);
