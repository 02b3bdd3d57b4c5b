import { gzipSync } from 'node:zlib';
import type { BlogPost, BlogPostPage } from '@coach/contracts';
import { isPostSlug, type FormOutcome } from '@coach/site-rules';
import type { Logger } from '@coach/kit';
import type { Request, RequestHandler } from 'express';
import type { CurrentBuild } from './currentBuild.ts';
import { COMPRESS_FROM_BYTES } from '../proxy/public-cache.ts';
import { sendNotFoundPage, sendPage } from './pwa.ts';

const POST_PAGE = /^\/blog\/([^/]+)\/?$/;
/** Post and list pages kept rendered (found or not); the least recently read goes first. */
const MAX_POST_PAGES = 200;

/** A page as last read from content: `html` is null when content has no such post or page. */
interface CachedPage {
  data: string;
  link: string | null;
  shell: string;
  html: string | null;
  /** The page gzipped, made for the first client that accepts it: once per page, not per answer. */
  gzipped?: Buffer;
  readAt: number;
}

/** /blog's address parameters and the list API's names for them. */
const LIST_PARAMS = { category: 'category', q: 'q', month: 'month', page: 'cursor' } as const;

/**
 * A page of the list: /blog, filtered and paged by its address (/blog?category=&q=&month=&page=,
 * `page` naming the post the page starts after), read from the list API with the same filters.
 */
function listPage(query: Request['query']) {
  const search = new URLSearchParams();
  const api = new URLSearchParams();
  for (const [name, apiName] of Object.entries(LIST_PARAMS)) {
    const value = query[name];
    if (typeof value !== 'string' || value === '') continue;
    search.set(name, value);
    api.set(apiName, value);
  }
  const suffix = (params: URLSearchParams) => (params.size > 0 ? `?${params.toString()}` : '');
  return { key: `/blog${suffix(search)}`, apiPath: `/api/blog/posts${suffix(api)}`, search: suffix(search) };
}

/** The page a request asks for, and how content answers it; undefined for paths not handled here. */
function pageFor(
  urlPath: string,
  query: Request['query'],
): { key: string; apiPath: string; search?: string; slug?: string } | undefined {
  if (urlPath === '/blog' || urlPath === '/blog/') return listPage(query);
  const slug = POST_PAGE.exec(urlPath)?.[1];
  if (!slug || !isPostSlug(slug)) return undefined;
  return { key: `/blog/${slug}`, apiPath: `/api/blog/${slug}`, slug };
}

/**
 * GET /blog (each page of the list, as its address filters and pages it) and GET /blog/:slug
 * rendered with content's current answer (a page of posts and the link to the next, or the post),
 * so the cards, the "More posts" link to the next page (every post is reachable without scripts),
 * or the post's text, and the first image (the page's largest paint) are in the HTML instead of
 * arriving after the scripts and an API call, rendered with the build's render bundle.
 * - Each answer is read from content at most once per `cacheSeconds` (one read at a time per
 *   page), and the page rendered again only when the answer or the build changed.
 * - A post content does not have gets the not-found page with status 404 (the app shows 'Post
 *   Not Found'), as does a list page whose cursor names no post.
 * - Every page, and the shell, names the coach the gateway runs with (currentBuild.ts).
 * - If content fails, the page last rendered is served; without one, the build's page (/blog:
 *   skeleton cards) or the shell.
 */
export function renderedBlogPages(
  build: CurrentBuild,
  contentUrl: () => string,
  cacheSeconds: number,
  logger: Logger,
): RequestHandler {
  const pages = new Map<string, CachedPage>(); // in the order they were last read
  const inFlight = new Map<string, Promise<CachedPage>>();
  const fresh = (readAt: number) => Date.now() - readAt < cacheSeconds * 1000;

  function remember(key: string, page: CachedPage): CachedPage {
    pages.delete(key); // re-inserted last: the map's first entry is the least recently read
    pages.set(key, page);
    if (pages.size > MAX_POST_PAGES + 1) pages.delete(pages.keys().next().value!);
    return page;
  }

  async function load(page: NonNullable<ReturnType<typeof pageFor>>, cached?: CachedPage): Promise<CachedPage> {
    const res = await fetch(`${contentUrl()}${page.apiPath}`, { signal: AbortSignal.timeout(2000) });
    const html = await build.shell();
    // No such post (404), or a list page whose cursor names no post (400).
    if (res.status === 404 || res.status === 400)
      return remember(page.key, { data: '', link: null, shell: html, html: null, readAt: Date.now() });
    if (!res.ok) throw new Error(`content answered ${res.status}`);
    const data = await res.text();
    const link = res.headers.get('link');
    if (cached?.data === data && cached.link === link && cached.shell === html)
      return remember(page.key, { ...cached, readAt: Date.now() });
    // Content's answer, as its contract describes it.
    const answer: unknown = JSON.parse(data);
    const renderer = await build.bundleFor(html);
    const rendered = page.slug
      ? await renderer.renderBlogPostPage(html, page.slug, answer as BlogPostPage)
      : await renderer.renderBlogPage(html, page.search ?? '', answer as BlogPost[], link);
    return remember(page.key, { data, link, shell: html, html: rendered, readAt: Date.now() });
  }

  return async (req, res, next) => {
    const page = req.method === 'GET' ? pageFor(req.path, req.query) : undefined;
    if (!page) return next();
    const cached = pages.get(page.key);
    let rendered: CachedPage;
    try {
      if (cached && fresh(cached.readAt)) {
        rendered = remember(page.key, cached);
      } else {
        let pending = inFlight.get(page.key);
        if (!pending) {
          pending = load(page, cached).finally(() => inFlight.delete(page.key));
          inFlight.set(page.key, pending);
        }
        rendered = await pending;
      }
    } catch (err) {
      logger.warn({ err, path: req.path }, 'blog page not rendered with content; serving the last or the built page');
      if (!cached) return next();
      rendered = cached;
    }
    if (rendered.html === null) return sendNotFoundPage(res, build);
    // The newsletter form's outcome (forms/native-forms.ts): this page, drawn for this reader alone.
    const outcome = res.locals.formOutcome as FormOutcome | undefined;
    if (outcome && !page.slug) {
      const renderer = await build.bundleFor(rendered.shell);
      const posts = JSON.parse(rendered.data) as BlogPost[];
      const html = await renderer.renderBlogPage(rendered.shell, page.search ?? '', posts, rendered.link, outcome);
      return res.setHeader('Cache-Control', 'private, no-store').type('html').send(html);
    }
    if (rendered.html.length >= COMPRESS_FROM_BYTES && req.acceptsEncodings('gzip') === 'gzip') {
      rendered.gzipped ??= gzipSync(rendered.html);
      return sendPage(res.set('Content-Encoding', 'gzip').vary('Accept-Encoding'), rendered.gzipped);
    }
    sendPage(res, rendered.html);
  };
}
