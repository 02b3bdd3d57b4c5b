import {
  booleanSetting,
  listenEnvSchema,
  loadConfig,
  portSchema,
  redisEnvSchema,
  siteIdentityEnvSchema,
} from '@coach/kit';
import net from 'node:net';
import { z } from 'zod';
import { parseTrustedProxies } from './client/client-address.ts';

const positiveInt = z.coerce.number().int().positive();
const replicaUrls = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url()).min(1));

export const gatewayEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PORT: portSchema.default(8080),
    ...listenEnvSchema.shape,
    ...redisEnvSchema.shape,
    /** Where content and members answer: one URL, or one per replica, comma-separated (taken in turn). */
    CONTENT_URL: replicaUrls,
    MEMBERS_URL: replicaUrls,
    /** The built PWA (pwa/dist). */
    PWA_DIST: z.string().min(1),
    /** How long an upstream may take before the gateway answers 504 (chat waits up to 20 s). */
    UPSTREAM_TIMEOUT_MS: positiveInt.default(25_000),
    /** Per-IP limits, per minute, kept in Redis so every gateway replica shares them. */
    RATE_LIMIT_READS_PER_MINUTE: positiveInt.default(600),
    RATE_LIMIT_WRITES_PER_MINUTE: positiveInt.default(60),
    /**
     * Deliveries to the providers' signed webhooks, per address and minute, kept in each replica's
     * memory: 20 a second. A sale or booking makes a few events, spread over the provider's
     * addresses, so even a launch's hundred sales a minute stay well under it; a flood reaches it
     * in a second. A refused delivery is sent again later by the provider.
     */
    RATE_LIMIT_WEBHOOKS_PER_MINUTE: positiveInt.default(1200),
    /** Seconds public reads (posts list, stats) may be answered from the gateway's own cache. */
    PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).default(1),
    /**
     * The proxies in front of the gateway: how many ("0" for none, as with `npm start`; "1" behind
     * one TLS proxy) or their addresses (comma-separated addresses or CIDR ranges).
     */
    TRUSTED_PROXIES: z
      .string()
      .default('0')
      .transform(parseTrustedProxies)
      .refine(
        (trusted) => typeof trusted === 'number' || trusted.every((entry) => net.isIP(entry.split('/')[0] ?? '') !== 0),
        'a proxy count, or comma-separated IP addresses or CIDR ranges',
      ),
    /** Seconds /sitemap.xml and /rss.xml are served as made before they are made again from content. */
    FEED_CACHE_SECONDS: z.coerce.number().min(0).default(60),
    /** URLs per sitemap file (search engines read at most 50,000); past it /sitemap.xml becomes an index. */
    SITEMAP_MAX_URLS: positiveInt.max(50_000).default(50_000),
    /** Where Razorpay's checkout script is loaded from: the checkout page's security policy admits it. */
    RAZORPAY_CHECKOUT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
    COOKIE_SECURE: booleanSetting(false),
  })
  .extend(siteIdentityEnvSchema.shape);
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

export const loadGatewayConfig = () => loadConfig(gatewayEnvSchema);
