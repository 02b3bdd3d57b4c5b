import { z } from './zod.ts';

import { BEACON_MAX_EVENTS } from './beacon.ts';

/**
 * What a browser may report besides a page view. A completed purchase is never one of them: it is
 * counted from the site's own records.
 */
export const BROWSER_EVENTS = [
  'booking_click',
  'whatsapp_click',
  'chat_started',
  'newsletter_subscribed',
  'newsletter_confirmed',
  'guide_taken',
] as const;
export type BrowserEvent = (typeof BROWSER_EVENTS)[number];
/** Every conversion the coach sees, the server's purchases included. */
export const CONVERSIONS = [...BROWSER_EVENTS, 'purchase_completed'] as const;
export type Conversion = (typeof CONVERSIONS)[number];
export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

const pagePath = z.string().startsWith('/').max(300);
/** A blog post's slug, as a conversion is counted for it. */
export const postSlugSchema = z.string().regex(/^[a-z0-9-]{1,200}$/, 'Not a post');
const utmValue = z.string().trim().min(1).max(100).optional();
const beaconEventSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('pageview'),
    path: pagePath,
    /** document.referrer (only its host is kept). */
    referrer: z.string().max(1000).optional(),
    utm: z.strictObject({ source: utmValue, medium: utmValue, campaign: utmValue }).optional(),
  }),
  z.strictObject({
    type: z.enum(BROWSER_EVENTS),
    path: pagePath,
    /** The post read last in this tab before it (the post it is counted for). */
    post: postSlugSchema.optional(),
  }),
]);
export type BeaconEvent = z.infer<typeof beaconEventSchema>;

/** POST /api/insights/beacon: what a page sends with navigator.sendBeacon, a few events at a time. */
export const beaconSchema = z.strictObject({ events: z.array(beaconEventSchema).min(1).max(BEACON_MAX_EVENTS) });
export type Beacon = z.infer<typeof beaconSchema>;

const beaconHeader = z.string().max(16_384).optional();
/** The headers of a beacon's request that content decides on: who sent it, and whether to count it. */
export const beaconHeadersSchema = z.strictObject({
  'user-agent': beaconHeader,
  'sec-gpc': beaconHeader,
  dnt: beaconHeader,
  cookie: beaconHeader,
});
export type BeaconHeaders = z.infer<typeof beaconHeadersSchema>;

/**
 * POST /internal/insights/beacons: the beacons the gateway took, each as the browser sent it
 * (checked against beaconSchema again), with the visitor's address as the gateway derived it and
 * the request's headers content decides on.
 */
export const beaconBatchSchema = z.strictObject({
  beacons: z
    .array(z.strictObject({ beacon: beaconSchema, address: z.string().max(64), headers: beaconHeadersSchema }))
    .min(1)
    .max(1000),
});
export type BeaconBatch = z.infer<typeof beaconBatchSchema>;

export const INSIGHT_RANGES = [7, 30, 90] as const;
export const insightsQuerySchema = z.object({
  days: z.enum(['7', '30', '90'], { error: 'days must be 7, 30 or 90' }).default('30').transform(Number),
});

const counted = z.array(z.object({ key: z.string(), count: z.number().int() }));
/** GET /api/admin/insights: the coach's figures over the last `days` days (UTC), today included. */
export const insightsSchema = z.object({
  days: z.number().int(),
  totals: z.object({ visitors: z.number().int(), views: z.number().int() }),
  /** One row per day, oldest first; visitors are unique per day. */
  daily: z.array(z.object({ day: z.string(), visitors: z.number().int(), views: z.number().int() })),
  topPages: counted,
  topPosts: counted,
  sources: counted,
  devices: counted,
  conversions: z.record(z.string(), z.number().int()),
  /** Per post, the conversions counted for it. */
  conversionsByPost: z.array(z.object({ post: z.string(), conversions: z.record(z.string(), z.number().int()) })),
  weeklyEmail: z.boolean(),
});
export type Insights = z.infer<typeof insightsSchema>;

export const insightsSettingsSchema = z.strictObject({ weeklyEmail: z.boolean() });
export type InsightsSettings = z.infer<typeof insightsSettingsSchema>;
