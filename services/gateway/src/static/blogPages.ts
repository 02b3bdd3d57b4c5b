import { isPostSlug } from '@coach/contracts';
import type { Logger } from '@coach/kit';
import type { RequestHandler } from 'express';
import type { CurrentBuild } from './currentBuild.ts';
import { sendNotFoundPage, sendPage } from './pwa.ts';

const POST_PAGE = /^\/blog\/([^/]+)\/?$/;
/** Post pages kept rendered (found or not); the least recently read goes first. */
const MAX_POST_PAGES = 200;

/** A page as last read from content: `html` is null when content has no such post. */
interface CachedPage {
  data: string;
  shell: string;
  html: string | null;
  readAt: number;
}

/** What to answer for a path: the page, or content's "no such post" (a 404 with the shell). */
type Rendered = { html: string } | { notFound: true };

/** The page a path asks for, and how content answers it; undefined for paths not handled here. */
function pageFor(urlPath: string): { key: string; apiPath: string; slug?: string } | undefined {
  if (urlPath === '/blog' || urlPath === '/blog/') return { key: '/blog', apiPath: '/api/blog/posts' };
  const slug = POST_PAGE.exec(urlPath)?.[1];
  if (!slug || !isPostSlug(slug)) return undefined;
  return { key: `/blog/${slug}`, apiPath: `/api/blog/${slug}`, slug };
}

/**
 * GET /blog and GET /blog/:slug rendered with content's current answer (the posts, or the post),
 * so the cards, or the post's text, and the first image (the page's largest paint) are in the HTML
 * instead of arriving after the scripts and an API call, rendered with the build's render bundle.
 * - Each answer is read from content at most once per `cacheSeconds` (one read at a time per
 *   page), and the page rendered again only when the answer or the build changed.
 * - A post content does not have gets the shell with status 404 (the app shows 'Post Not Found').
 * - Every page, and the shell, names the coach the gateway runs with (currentBuild.ts).
 * - If content fails, the page last rendered is served; without one, the build's page (/blog:
 *   skeleton cards) or the shell.
 */
export function renderedBlogPages(
  build: CurrentBuild,
  contentUrl: string,
  cacheSeconds: number,
  logger: Logger,
): RequestHandler {
  const pages = new Map<string, CachedPage>(); // in the order they were last read
  const inFlight = new Map<string, Promise<Rendered>>();
  const fresh = (readAt: number) => Date.now() - readAt < cacheSeconds * 1000;

  function remember(key: string, page: CachedPage): CachedPage {
    pages.delete(key); // re-inserted last: the map's first entry is the least recently read
    pages.set(key, page);
    if (pages.size > MAX_POST_PAGES + 1) pages.delete(pages.keys().next().value!);
    return page;
  }

  const asRendered = (page: CachedPage): Rendered => (page.html === null ? { notFound: true } : { html: page.html });

  async function load(page: NonNullable<ReturnType<typeof pageFor>>, cached?: CachedPage): Promise<Rendered> {
    const res = await fetch(`${contentUrl}${page.apiPath}`, { signal: AbortSignal.timeout(2000) });
    const html = await build.shell();
    if (res.status === 404)
      return asRendered(remember(page.key, { data: '', shell: html, html: null, readAt: Date.now() }));
    if (!res.ok) throw new Error(`content answered ${res.status}`);
    const data = await res.text();
    if (cached?.data === data && cached.shell === html)
      return asRendered(remember(page.key, { ...cached, readAt: Date.now() }));
    const answer: unknown = JSON.parse(data);
    const renderer = await build.bundleFor(html);
    const rendered = page.slug
      ? await renderer.renderBlogPostPage(html, page.slug, answer)
      : await renderer.renderBlogPage(html, answer);
    return asRendered(remember(page.key, { data, shell: html, html: rendered, readAt: Date.now() }));
  }

  return async (req, res, next) => {
    const page = req.method === 'GET' ? pageFor(req.path) : undefined;
    if (!page) return next();
    const cached = pages.get(page.key);
    let rendered: Rendered;
    try {
      if (cached && fresh(cached.readAt)) {
        rendered = asRendered(remember(page.key, cached));
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
      rendered = asRendered(cached);
    }
    if ('html' in rendered) sendPage(res, rendered.html);
    else await sendNotFoundPage(res, build);
  };
}
