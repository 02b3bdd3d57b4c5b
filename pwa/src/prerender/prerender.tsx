// Build step (run by scripts/build.ts from its SSR bundle): writes the public pages' HTML, so a
// first visit paints the page at once and the app hydrates it instead of drawing it from scratch.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import {
  APP_ROUTES,
  formOutcomeKey,
  type FormOutcome,
  jsonScriptElement,
  nextLink,
  NOT_FOUND_PAGE_PATH,
  prerenderedPageFile,
  siteIdentityElement,
  type RenderBundle,
} from '@coach/site-rules';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from '../app/App.tsx';
import { blogAddress, blogListKey, seededList, viewOf } from '../features/blog/blogList.ts';
import { blogPostKey } from '../features/blog/BlogPostPage.tsx';
import { POSTS_KEY, STATS_KEY, WEEKLY_PROMPT_KEY } from '../features/community/queries.ts';
import { LEGAL_PAGES } from '../features/legal/pages.ts';
import { AppProviders } from '../app/AppProviders.tsx';
import { AUTH_ME_KEY } from '../shared/api/auth.ts';
import { createQueryClient } from '../shared/api/client.ts';
import { firstPageOnly } from '../shared/api/listPages.ts';
import { siteIdentity } from '../shared/config/site.ts';
import { escapeHtml } from '../shared/head/pageHead.ts';
import { PageTitleSink } from '../shared/hooks/usePageTitle.ts';
import { markWrittenStyles, STYLE_KEY } from '../shared/styleCache.ts';
import { PAGE_DATA_ID, type SeedQuery } from '../app/start/pageData.ts';
import { ON_DEMAND_ATTRIBUTE } from '../app/start/startModules.ts';
import { startModulesElement } from './startModules.ts';

/**
 * The reading pages a first visit lands on, written whole at build time (the blog and its posts
 * are rendered by the gateway, with content's answers).
 */
const WHOLE_PAGES: readonly string[] = [
  '/',
  '/about',
  '/coaching',
  '/testimonials',
  '/blog',
  ...LEGAL_PAGES.map((page) => `/legal/${page.slug}`),
  // The forms a visitor meets first are shown at once and post without the app (the gateway takes
  // them, services/gateway/src/forms); what is typed before the app takes over is kept
  // (useFormFields).
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/contact',
  '/admin/login',
  '/admin-login',
];

/**
 * Every other page without a parameter, and the not-found page, is written with its head alone
 * (title, description, share tags, the feed, and a canonical link or a request not to be indexed)
 * and an empty root the app draws into: Ask AI's long form is drawn by the app, a member's page is
 * drawn for them, the archive is read from the API.
 */
const HEAD_ONLY_PATHS: ReadonlySet<string> = new Set([
  ...Object.values(APP_ROUTES)
    .map((route) => route.path)
    .filter((urlPath) => !urlPath.includes(':') && !WHOLE_PAGES.includes(urlPath)),
  NOT_FOUND_PAGE_PATH,
]);

/**
 * Whole pages whose app starts only when a visitor needs it (src/app/start/onDemand.ts): a visitor
 * signing up types and posts, and the page's small script draws the strength meter. Reached from
 * within the app, the app draws them as any other.
 */
const ON_DEMAND_PAGES: ReadonlySet<string> = new Set(['/signup']);

export const PRERENDERED_PATHS: RenderBundle['PRERENDERED_PATHS'] = [...WHOLE_PAGES, ...HEAD_ONLY_PATHS];

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Lifts the hold on taps for a reader without JavaScript, whose page never hydrates: its links
 * work at once. An inline style, which the site's Content Security Policy allows (MUI's are too).
 */
const TAPS_WITHOUT_SCRIPTS = '<noscript><style>#root{pointer-events:auto!important}</style></noscript>';

/** The app rendered at a path, with the query answers given, and its critical styles and title. */
async function renderApp(
  urlPath: string,
  seed: readonly SeedQuery[],
): Promise<{ html: string; styles: string; title?: string; head?: string }> {
  const cache = createCache({ key: STYLE_KEY });
  const emotion = createEmotionServer(cache);
  const queryClient = createQueryClient();
  for (const { queryKey, data } of seed) queryClient.setQueryData(queryKey, data);
  let title: string | undefined;
  let head: string | undefined;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <PageTitleSink.Provider
        value={(pageTitle, pageHead) => {
          title = pageTitle;
          head = pageHead;
        }}
      >
        <AppProviders client={queryClient}>
          <StaticRouter location={urlPath}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </PageTitleSink.Provider>
    </CacheProvider>,
    {
      // A part that fails here would be left to the browser to draw, and the build hide it.
      onError: (error) => void errors.push(error),
      // Every boundary inline, in place: an outlined one needs an inline script, which the CSP forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await text(prelude);
  if (errors.length > 0) throw new AggregateError(errors, `Rendering ${urlPath} failed`);
  // Every style the render inserted, not only those named in the HTML: a component built on
  // another (Button on ButtonBase) also inserts its own layer's style. Found in the page, the
  // browser skips them while hydrating, instead of compiling and inserting ~20 rules per page.
  const everyInsertedClass = Object.keys(cache.inserted)
    .map((id) => `${cache.key}-${id}`)
    .join(' ');
  const styles = markWrittenStyles(
    emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(everyInsertedClass)),
  );
  return { html, styles, title, head };
}

/**
 * One page's HTML: the shell (dist/index.html) with the app rendered into its root, the styles
 * and title, and what it was rendered with for the browser to hydrate from: the coach's identity
 * (src/shared/config/site.ts) and the query answers.
 */
async function renderPage(
  shell: string,
  urlPath: string,
  seed: readonly SeedQuery[] = [],
  headOnly = HEAD_ONLY_PATHS.has(urlPath),
): Promise<string> {
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`The shell has no empty ${EMPTY_ROOT}`);
  const { html, styles, title, head } = await renderApp(urlPath, seed);
  const onDemand = ON_DEMAND_PAGES.has(urlPath.split('?')[0]!) ? ` ${ON_DEMAND_ATTRIBUTE}` : '';
  const data =
    siteIdentityElement(siteIdentity) +
    (seed.length > 0 ? jsonScriptElement(PAGE_DATA_ID, seed) : '') +
    (headOnly ? '' : startModulesElement(urlPath));
  // Replacer functions throughout: a '$' in the page's text is never a replacement pattern.
  let page = shell
    // A whole page is readable without its scripts: they load after the HTML, CSS, fonts and
    // images. A page with its head alone is drawn by them, so they keep their usual priority.
    .replace('<script type="module" ', (tag) => (headOnly ? tag : '<script type="module" fetchpriority="low" '))
    .replace('</head>', () => (headOnly ? '</head>' : `${styles}${TAPS_WITHOUT_SCRIPTS}</head>`))
    // Taps wait for the app: until it has hydrated (the layout lifts this), a button would do nothing.
    .replace(EMPTY_ROOT, () =>
      headOnly ? `${data}${EMPTY_ROOT}` : `${data}<div id="root" style="pointer-events:none"${onDemand}>${html}</div>`,
    );
  if (title) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  // The page's own description, canonical link, share tags and structured data, in place of the shell's description.
  if (head) page = page.replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () => head);
  return page;
}

/**
 * A page the build prerendered, rendered again by the gateway when its identity is not the one
 * the build rendered with (services/gateway/src/static/pwa.ts).
 */
export const renderPrerenderedPage: RenderBundle['renderPrerenderedPage'] = (shell, urlPath) =>
  renderPage(shell, urlPath);

/**
 * A page with a form the gateway takes without scripts, for one request (the gateway's
 * services/gateway/src/forms): at its address with its query, with what a post of it came to.
 */
export const renderFormPage: RenderBundle['renderFormPage'] = (shell, url, outcome) =>
  renderPage(shell, url, outcomeSeed(outcome), false);

/** A form's outcome as the page finds it (useFormOutcome). */
const outcomeSeed = (outcome: FormOutcome | undefined): SeedQuery[] =>
  outcome ? [{ queryKey: formOutcomeKey(outcome.action), data: outcome }] : [];

/**
 * A page of the blog list (the gateway's /blog?category=&q=&month=&page=,
 * services/gateway/src/static/blogPages.ts): `search` is the page's query string, `posts` and
 * `link` the API's answer for it (its posts and its Link header, which names the next page).
 */
export const renderBlogPage: RenderBundle['renderBlogPage'] = (shell, search, posts, link, outcome) => {
  const view = viewOf(new URLSearchParams(search));
  const first = { rows: posts, next: nextLink(link) };
  return renderPage(shell, blogAddress(view), [
    { queryKey: blogListKey(view), data: seededList(view, first) },
    ...outcomeSeed(outcome),
  ]);
};

/**
 * One blog post with its content (the gateway's /blog/:slug): read, shared and indexed before any
 * script, with the post's meta title and description, cover and structured data in its head.
 */
export const renderBlogPostPage: RenderBundle['renderBlogPostPage'] = (shell, slug, post) =>
  renderPage(shell, `/blog/${encodeURIComponent(slug)}`, [{ queryKey: blogPostKey(slug), data: post }]);

/**
 * A query a members' page is drawn from: its key, which joined by '/' is its read in
 * MEMBER_PAGE_READS. A list read a page at a time (`paged`) starts with the read's page.
 */
interface MemberPageQuery {
  queryKey: readonly string[];
  paged?: boolean;
}

/** The queries of each members' page. */
export const MEMBER_PAGE_QUERIES: Readonly<Record<string, readonly MemberPageQuery[]>> = {
  '/community': [
    { queryKey: AUTH_ME_KEY },
    { queryKey: POSTS_KEY, paged: true },
    { queryKey: STATS_KEY },
    { queryKey: WEEKLY_PROMPT_KEY },
  ],
};

/**
 * A members' page drawn signed in (the gateway's, for a visitor with a session,
 * services/gateway/src/static/memberPages.ts), with the answers the services gave the member.
 */
export const renderMemberPage: RenderBundle['renderMemberPage'] = async (shell, urlPath, answers, outcome) => {
  const queries = MEMBER_PAGE_QUERIES[urlPath];
  if (!queries) throw new Error(`${urlPath} is not a members' page`);
  const seed = queries.map(({ queryKey, paged }) => {
    const read = queryKey.join('/');
    const answer = answers[read];
    if (!answer) throw new Error(`${urlPath} was rendered without the answer to ${read}`);
    const data = paged
      ? firstPageOnly(read, { rows: answer.body as unknown[], next: nextLink(answer.link) })
      : answer.body;
    return { queryKey, data };
  });
  return renderPage(shell, urlPath, [...seed, ...outcomeSeed(outcome)], false);
};

/** Writes dist/prerendered/*.html from dist/index.html, the shell. */
export async function prerenderSite(distDir: string): Promise<string[]> {
  const shell = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const written: string[] = [];
  for (const urlPath of PRERENDERED_PATHS) {
    const file = path.join(distDir, prerenderedPageFile(urlPath));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await renderPage(shell, urlPath));
    written.push(file);
  }
  return written;
}
