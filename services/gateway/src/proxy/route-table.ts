/** Which service answers each /api prefix. A prefix matches whole path segments only. */
export type Upstream = 'content' | 'members';

export const ROUTE_TABLE: ReadonlyArray<{ prefix: string; upstream: Upstream }> = [
  // members: accounts, sessions, Sacred Circle and its moderation, profile, booked sessions, checkout and sales, admin users, the clients' program spaces
  { prefix: '/api/auth', upstream: 'members' },
  { prefix: '/api/admin/login', upstream: 'members' },
  { prefix: '/api/admin/users', upstream: 'members' },
  { prefix: '/api/admin/community', upstream: 'members' },
  { prefix: '/api/community', upstream: 'members' },
  { prefix: '/api/profile', upstream: 'members' },
  { prefix: '/api/bookings', upstream: 'members' },
  { prefix: '/api/admin/bookings', upstream: 'members' },
  { prefix: '/api/checkout', upstream: 'members' },
  { prefix: '/api/payments', upstream: 'members' },
  { prefix: '/api/admin/purchases', upstream: 'members' },
  { prefix: '/api/portal', upstream: 'members' },
  { prefix: '/api/admin/programs', upstream: 'members' },
  { prefix: '/api/admin/clients', upstream: 'members' },
  // content: blog, stats, newsletter, the free guide, contact, AI chat, push subscriptions, insights and their admin views
  { prefix: '/api/blog', upstream: 'content' },
  { prefix: '/api/site-stats', upstream: 'content' },
  { prefix: '/api/newsletter', upstream: 'content' },
  { prefix: '/api/newsletter-subscribers', upstream: 'content' },
  { prefix: '/api/guide', upstream: 'content' },
  { prefix: '/api/contact', upstream: 'content' },
  { prefix: '/api/contact-messages', upstream: 'content' },
  { prefix: '/api/ai', upstream: 'content' },
  { prefix: '/api/ask-ai', upstream: 'content' },
  { prefix: '/api/admin/blog-posts', upstream: 'content' },
  { prefix: '/api/admin/newsletter', upstream: 'content' },
  { prefix: '/api/admin/guide', upstream: 'content' },
  { prefix: '/api/push', upstream: 'content' },
  { prefix: '/api/insights', upstream: 'content' },
  { prefix: '/api/admin/insights', upstream: 'content' },
];

/** The service for a path, or undefined when no prefix owns it (the gateway then answers 404). */
export function upstreamFor(path: string): Upstream | undefined {
  let best: { prefix: string; upstream: Upstream } | undefined;
  for (const route of ROUTE_TABLE) {
    const owns = path === route.prefix || path.startsWith(`${route.prefix}/`);
    if (owns && (!best || route.prefix.length > best.prefix.length)) best = route;
  }
  return best?.upstream;
}
