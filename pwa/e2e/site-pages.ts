import { APP_ROUTES, LEGAL_SLUGS, type AppRouteName } from '@coach/site-rules';
import { DEMO_ADMIN, DEMO_MEMBER } from '@coach/dev-stack';
import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { hydrated } from './page-checks.ts';

// The site's pages as the router knows them (APP_ROUTES), so a page added there is walked too.

/** A path that is no page: the not-found page. */
export const NOT_FOUND_PATH = '/no-such-page-anywhere';

/** One published post's slug, read through the API (a list, or a page of one). */
async function aPostSlug(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/blog/posts');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as unknown;
  const posts = (Array.isArray(body) ? body : Object.values(body as object).find(Array.isArray)) as
    Array<{ slug: string }> | undefined;
  const slug = posts?.[0]?.slug;
  expect(slug, 'a seeded post').toBeTruthy();
  return slug!;
}

/**
 * Every page's path: each route once, with the parameter values it is known to take (a seeded
 * post, each legal page); a route with another parameter gets a sample value (its page, or its
 * own not-found state). Then the not-found page.
 */
export async function sitePaths(request: APIRequestContext): Promise<string[]> {
  const samples: Partial<Record<AppRouteName, readonly string[]>> = {
    blogPost: [await aPostSlug(request)],
    legal: LEGAL_SLUGS,
    checkout: ['soul-spark-session'],
  };
  const paths = (Object.entries(APP_ROUTES) as Array<[AppRouteName, { path: string }]>).flatMap(([name, route]) => {
    if (!route.path.includes(':')) return [route.path];
    return (samples[name] ?? ['sample']).map((value) => route.path.replace(/:[^/]+/, encodeURIComponent(value)));
  });
  return [...new Set(paths), NOT_FOUND_PATH];
}

/** Signs the page's browser in as the demo member (the session cookie lands in its context). */
export async function signInAsMember(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: DEMO_MEMBER });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Signs the page's browser in as the coach, through the admin door. */
export async function signInAsCoach(page: Page): Promise<void> {
  const res = await page.request.post('/api/admin/login', { data: DEMO_ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The coach's workspace (every /admin/ page but its sign-in) has its own layout, without floating widgets. */
const inWorkspace = (path: string) => path.startsWith('/admin/') && path !== APP_ROUTES.adminLogin.path;

const requestsOfPage = new WeakMap<Page, Set<Request>>();

/** The page's requests not yet answered, followed from the first call on. */
function requestsInFlight(page: Page): Set<Request> {
  let requests = requestsOfPage.get(page);
  if (!requests) {
    const open = new Set<Request>();
    page.on('request', (request) => open.add(request));
    page.on('requestfinished', (request) => open.delete(request));
    page.on('requestfailed', (request) => open.delete(request));
    requestsOfPage.set(page, (requests = open));
  }
  return requests;
}

/** Waits until the page has had no request in flight for a tenth of a second. */
async function networkQuiet(page: Page) {
  const open = requestsInFlight(page);
  let quietSince = 0;
  await expect
    .poll(
      () => {
        if (open.size > 0) quietSince = 0;
        else quietSince ||= Date.now();
        return quietSince > 0 && Date.now() - quietSince >= 100;
      },
      { intervals: [25] },
    )
    .toBe(true);
}

/**
 * Opens a page and waits until it is whole: hydrated, its data loaded, and the floating widgets
 * (mounted once the page is idle) in place on every page of the public layout.
 */
export async function openPage(page: Page, path: string): Promise<void> {
  requestsInFlight(page);
  await page.goto(path);
  await hydrated(page);
  // (Stepped aside by the footer, they are out of the accessibility tree: counted by class.)
  const floating = page.locator('.floating-control');
  if (inWorkspace(path)) await expect(floating).toHaveCount(0);
  else await floating.nth(2).waitFor({ state: 'attached' });
  // The page's code, and the account it is drawn for, have arrived (src/shared/ui/PageFallback).
  await loaded(page);
  await networkQuiet(page);
}

/**
 * Takes an open page of the app to another of its pages as a link does (the router follows the
 * history, no reload), and waits until it is whole: its code loaded, its data arrived.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  requestsInFlight(page);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // By the second frame the router has started drawing the page, and asked for what it needs.
  await nextFrames(page);
  await loaded(page);
  await networkQuiet(page);
  await loaded(page);
}

/**
 * What the app shows while a page's code or data is on its way: a spinner (a progress bar without
 * a value), or skeleton cards.
 */
const LOADING = '[aria-label="Loading page"], #main [role="progressbar"]:not([aria-valuenow]), #main .MuiSkeleton-root';

const loaded = (page: Page) =>
  page.waitForFunction((loading) => !document.querySelector(loading), LOADING, { polling: 'raf' });

/** Lets the page draw twice: what reacts to a scroll or a resize has then reacted. */
export const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
