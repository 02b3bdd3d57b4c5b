/**
 * Where the payment and booking providers deliver their signed webhooks. Each delivery is taken
 * on its signature alone (members checks it over the raw body), never on a session or an Origin.
 */
export const WEBHOOK_PATHS = {
  razorpay: '/api/payments/razorpay/webhook',
  calendly: '/api/bookings/calendly/webhook',
  cal: '/api/bookings/cal/webhook',
} as const;

const SIGNED_WEBHOOKS = new Set<string>(Object.values(WEBHOOK_PATHS));
/** Whether a request's URL (its query aside) is one of the signed webhooks. */
export const isWebhookUrl = (url: string) => SIGNED_WEBHOOKS.has(url.split('?', 1)[0]!);

/**
 * A signed delivery is at most this large: a provider's event is a few kB, and a larger body is
 * refused (413) before a byte of it is hashed or parsed.
 */
export const WEBHOOK_MAX_BYTES = 64 * 1024;
export const WEBHOOK_TOO_LARGE = 'A webhook delivery is at most 64 kB';
