// The app's pages: the one list the PWA's router is made of and the gateway answers by (a page
// with 200, any other path with 404 and the app's not-found page). Free of zod: the app's first
// chunk imports it.
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '@coach/contracts';
import { isProgramId } from './programPrices.ts';

/** Slugs no post gets: 'posts' is the list's own address in the API, 'archive' the blog's archive page. */
const RESERVED_SLUGS: readonly string[] = ['posts', 'archive'];

/** Whether a post could live at /blog/<slug>. */
export const isPostSlug = (slug: string): boolean =>
  slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug) && !RESERVED_SLUGS.includes(slug);

/** A blog post's page: /blog/<slug>, as the coach's insights count it. */
export const BLOG_POST_PATH = /^\/blog\/([a-z0-9-]+)\/?$/;
/** The post a page's path is, if it is one. */
export const postSlugOfPath = (path: string): string | undefined => BLOG_POST_PATH.exec(path)?.[1];

/** The legal pages' slugs, in footer order. */
export const LEGAL_SLUGS = [
  'privacy-policy',
  'terms',
  'refund-policy',
  'disclaimer',
  'cookie-policy',
  'ai-disclosure',
] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

interface AppRoute {
  /** Segments after '/'; ':name' stands for any one non-empty segment. */
  path: string;
  /** The values the route's parameter may take: its page shows not-found for any other. */
  param?: (value: string) => boolean;
  /** An account, member or admin page: kept out of the sitemap, and asks search engines not to index it. */
  private?: true;
}

export const APP_ROUTES = {
  home: { path: '/' },
  about: { path: '/about' },
  coaching: { path: '/coaching' },
  testimonials: { path: '/testimonials' },
  blog: { path: '/blog' },
  blogArchive: { path: '/blog/archive' },
  blogPost: { path: '/blog/:slug', param: isPostSlug },
  askAi: { path: '/ask-ai' },
  contact: { path: '/contact' },
  newsletterConfirm: { path: '/newsletter/confirm', private: true },
  newsletterUnsubscribe: { path: '/newsletter/unsubscribe', private: true },
  guideConfirm: { path: '/guide/confirm', private: true },
  login: { path: '/login', private: true },
  signup: { path: '/signup', private: true },
  forgotPassword: { path: '/forgot-password', private: true },
  resetPassword: { path: '/reset-password', private: true },
  community: { path: '/community', private: true },
  profile: { path: '/profile', private: true },
  adminLogin: { path: '/admin/login', private: true },
  adminLoginAlias: { path: '/admin-login', private: true },
  adminDashboard: { path: '/admin/dashboard', private: true },
  checkout: { path: '/checkout/:programId', param: isProgramId, private: true },
  program: { path: '/programs/:programId', param: isProgramId, private: true },
  legal: { path: '/legal/:slug', param: (slug: string) => (LEGAL_SLUGS as readonly string[]).includes(slug) },
} as const satisfies Record<string, AppRoute>;
export type AppRouteName = keyof typeof APP_ROUTES;

/**
 * The public pages a search engine should find, apart from the posts: every route that is not
 * private and takes no parameter, and each legal page.
 */
export const PUBLIC_PAGE_PATHS: readonly string[] = [
  ...Object.values(APP_ROUTES as Record<string, AppRoute>)
    .filter((route) => !route.private && !route.path.includes(':'))
    .map((route) => route.path),
  ...LEGAL_SLUGS.map((slug) => `/legal/${slug}`),
];

/** Whether a path is an account, member or admin page. */
export const isPrivatePage = (urlPath: string): boolean => {
  const match = matchAppRoute(urlPath);
  return Boolean(match && (APP_ROUTES[match.name] as AppRoute).private);
};

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A path's segments as the router reads them: percent-decoded, trailing slashes dropped. */
const segmentsOf = (urlPath: string): string[] => urlPath.replace(/\/+$/, '').split('/').slice(1).map(decoded);

/** Each route with its pattern's segments, split once. */
const ROUTES = (Object.entries(APP_ROUTES) as Array<[AppRouteName, AppRoute]>).map(
  ([name, route]) => [name, segmentsOf(route.path)] as const,
);

/**
 * The route a path matches, as the router matches it: case-insensitive, a trailing slash the same
 * page, ':name' any one non-empty segment (whatever the route's parameter rule says); with the
 * parameter's value where the route has one.
 */
export function matchAppRoute(urlPath: string): { name: AppRouteName; param?: string } | undefined {
  const segments = segmentsOf(urlPath);
  for (const [name, pattern] of ROUTES) {
    if (pattern.length !== segments.length) continue;
    let param: string | undefined;
    const matches = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith(':')) return part.toLowerCase() === segment.toLowerCase();
      param = segment;
      return segment !== '';
    });
    if (matches) return param === undefined ? { name } : { name, param };
  }
  return undefined;
}

/** Whether a path is one of the app's pages: a route, with a parameter its rule accepts. */
export function isAppPage(urlPath: string): boolean {
  const match = matchAppRoute(urlPath);
  if (!match) return false;
  const { param } = APP_ROUTES[match.name] as AppRoute;
  return match.param === undefined || !param || param(match.param);
}
