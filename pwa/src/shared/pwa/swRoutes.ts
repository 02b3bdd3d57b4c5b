/** Which requests the service worker caches, and how: plain matchers shared with the unit tests. */

/** Member, admin and chat calls: never read from or written to a cache. */
export const NEVER_CACHED_API = [
  '/api/auth',
  '/api/admin',
  '/api/profile',
  '/api/community',
  '/api/ai',
  '/api/ask-ai',
  '/api/contact-messages',
  '/api/newsletter-subscribers',
] as const;

const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * GET /api/blog/posts (each page of the list, by its full address), /api/blog/posts/months (the
 * archive) and /api/blog/:slug: the public reading, kept for offline.
 */
export function isBlogRead(url: URL): boolean {
  if (NEVER_CACHED_API.some((prefix) => isUnder(url.pathname, prefix))) return false;
  return /^\/api\/blog\/([^/]+|posts\/months)$/.test(url.pathname) && url.pathname !== '/api/blog/generate-daily';
}

/**
 * GET /api/blog/:slug: one post, read from the network first (a post removed since answers 404
 * and its saved copy is dropped), from the cache offline or when the network is slow.
 */
export const isPostRead = (url: URL): boolean => isBlogRead(url) && !url.pathname.startsWith('/api/blog/posts');

/** Blog images and the app's own static files not in the precache: cache-first with a cap. */
export function isStaticAsset(url: URL, destination: RequestDestination): boolean {
  if (url.pathname.startsWith('/api/')) return false;
  return (
    url.pathname.startsWith('/images/') ||
    url.pathname.startsWith('/assets/') ||
    destination === 'image' ||
    destination === 'font'
  );
}

/** Navigations that get the app shell: never /api, never a file (it has an extension), never a checkout page (it comes with its own security policy). */
export const NAVIGATION_DENYLIST = [/^\/api(\/|$)/, /\/[^/]+\.[^/]+$/, /^\/checkout\//];
