/**
 * Where the payment and booking providers deliver their signed webhooks. Each delivery is taken
 * on its signature alone (members checks it over the raw body), never on a session or an Origin.
 */
export const WEBHOOK_PATHS = {
  razorpay: '/api/payments/razorpay/webhook',
  calendly: '/api/bookings/calendly/webhook',
  cal: '/api/bookings/cal/webhook',
} as const;
