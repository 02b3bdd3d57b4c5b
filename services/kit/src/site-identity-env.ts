import type { SiteIdentity } from '@coach/contracts';
import { DEFAULT_SITE_IDENTITY, defaultBrand } from '@coach/site-rules';
import { z } from 'zod';

/** An unset variable; compose passes one as an empty string. */
const unsetIfEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const text = z.string().trim().max(200);
const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });

/**
 * The coach's identity, and where the site lives, in the environment of the services that show it (the gateway: pages and
 * app; ai-worker: e-mails). Read once at start, so a built image takes a new identity at its next
 * start, without a new build. Each service extends its own schema with this one's shape.
 */
export const siteIdentityEnvSchema = z.object({
  COACH_NAME: z.preprocess(unsetIfEmpty, text.default(DEFAULT_SITE_IDENTITY.name)),
  /** Default: `<COACH_NAME> Coaching`. */
  COACH_BRAND: z.preprocess(unsetIfEmpty, text.optional()),
  COACH_TAGLINE: z.preprocess(unsetIfEmpty, text.default(DEFAULT_SITE_IDENTITY.tagline)),
  /** The address shown on the site (COACH_EMAIL, of ai-worker, is where contact messages go). */
  COACH_PUBLIC_EMAIL: z.preprocess(unsetIfEmpty, z.email().default(DEFAULT_SITE_IDENTITY.email)),
  COACH_WHATSAPP_NUMBER: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^\d{7,15}$/, 'must be the country code and number, digits only (e.g. 919800000000)')
      .default(DEFAULT_SITE_IDENTITY.whatsappNumber),
  ),
  COACH_BOOKING_URL: z.preprocess(unsetIfEmpty, httpsUrl.default(DEFAULT_SITE_IDENTITY.bookingUrl)),
  COACH_INSTAGRAM_URL: z.preprocess(unsetIfEmpty, httpsUrl.default(DEFAULT_SITE_IDENTITY.instagramUrl)),
  COACH_YOUTUBE_URL: z.preprocess(unsetIfEmpty, httpsUrl.default(DEFAULT_SITE_IDENTITY.youtubeUrl)),
  COACH_LINKEDIN_URL: z.preprocess(unsetIfEmpty, httpsUrl.default(DEFAULT_SITE_IDENTITY.linkedinUrl)),
  /** The site's public address; only its origin is kept (`https://coach.example/` gives `https://coach.example`). */
  SITE_URL: z.preprocess(
    unsetIfEmpty,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default(DEFAULT_SITE_IDENTITY.siteUrl)
      .transform((url) => new URL(url).origin),
  ),
});

/** The identity a parsed configuration names. */
export const siteIdentityFromEnv = (env: z.infer<typeof siteIdentityEnvSchema>): SiteIdentity => ({
  name: env.COACH_NAME,
  brand: env.COACH_BRAND ?? defaultBrand(env.COACH_NAME),
  tagline: env.COACH_TAGLINE,
  email: env.COACH_PUBLIC_EMAIL,
  whatsappNumber: env.COACH_WHATSAPP_NUMBER,
  bookingUrl: env.COACH_BOOKING_URL,
  instagramUrl: env.COACH_INSTAGRAM_URL,
  youtubeUrl: env.COACH_YOUTUBE_URL,
  linkedinUrl: env.COACH_LINKEDIN_URL,
  siteUrl: env.SITE_URL,
});
