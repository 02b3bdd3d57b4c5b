import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SLUG_PATTERN } from '@coach/contracts';
import type { Logger } from '@coach/kit';
import type { RequestHandler } from 'express';

/** What the gateway uses of the PWA's render bundle (pwa/src/prerender/prerender.tsx). */
interface RenderBundle {
  renderBlogPage(shell: string, posts: unknown): Promise<string>;
  renderBlogPostPage(shell: string, slug: string, post: unknown): Promise<string>;
}

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
  // 'posts' is the list's own address at content, never a post's.
  if (!slug || slug.length > 200 || !SLUG_PATTERN.test(slug) || slug === 'posts') return undefined;
  return { key: `/blog/${slug}`, apiPath: `/api/blog/${slug}`, slug };
}

/**
 * GET /blog and GET /blog/:slug rendered with content's current answer (the posts, or the post),
 * so the cards, or the post's text, and the first image (the page's largest paint) are in the HTML
 * instead of arriving after the scripts and an API call. The PWA's build leaves its render bundle
 * in pwa/dist-ssr next to pwa/dist.
 * - Each answer is read from content at most once per `cacheSeconds` (one read at a time per
 *   page), and the page rendered again only when the answer or the build changed.
 * - A post content does not have gets the shell with status 404 (the app shows 'Post Not Found').
 * - If content fails, the page last rendered is served; without one, the build's page (/blog:
 *   skeleton cards) or the shell.
 */
export function renderedBlogPages(
  distDir: string,
  contentUrl: string,
  cacheSeconds: number,
  logger: Logger,
): RequestHandler {
  const bundlePath = path.resolve(distDir, '../dist-ssr/prerender.js');
  let bundle: { shell: string; module: Promise<RenderBundle> } | undefined;
  let shell: { html: string; readAt: number } | undefined;
  const pages = new Map<string, CachedPage>(); // in the order they were last read
  const inFlight = new Map<string, Promise<Rendered>>();
  const fresh = (readAt: number) => Date.now() - readAt < cacheSeconds * 1000;

  /** The shell, read again at most once per `cacheSeconds` (a new build changes it). */
  async function currentShell(): Promise<string> {
    if (!shell || !fresh(shell.readAt)) {
      shell = { html: await readFile(path.join(distDir, 'index.html'), 'utf8'), readAt: Date.now() };
    }
    return shell.html;
  }

  /** The bundle of the build that wrote this shell, imported afresh (the query) for a new build. */
  function bundleFor(html: string): Promise<RenderBundle> {
    if (bundle?.shell !== html) {
      const url = `${pathToFileURL(bundlePath).href}?loaded=${Date.now()}`;
      const loading = import(url) as Promise<RenderBundle>;
      // Only a failed import is tried again: each import is a module Node keeps for good.
      loading.catch(() => {
        if (bundle?.module === loading) bundle = undefined;
      });
      bundle = { shell: html, module: loading };
    }
    return bundle.module;
  }

  function remember(key: string, page: CachedPage): CachedPage {
    pages.delete(key); // re-inserted last: the map's first entry is the least recently read
    pages.set(key, page);
    if (pages.size > MAX_POST_PAGES + 1) pages.delete(pages.keys().next().value!);
    return page;
  }

  const asRendered = (page: CachedPage): Rendered => (page.html === null ? { notFound: true } : { html: page.html });

  async function load(page: NonNullable<ReturnType<typeof pageFor>>, cached?: CachedPage): Promise<Rendered> {
    const res = await fetch(`${contentUrl}${page.apiPath}`, { signal: AbortSignal.timeout(2000) });
    const html = await currentShell();
    if (res.status === 404)
      return asRendered(remember(page.key, { data: '', shell: html, html: null, readAt: Date.now() }));
    if (!res.ok) throw new Error(`content answered ${res.status}`);
    const data = await res.text();
    if (cached?.data === data && cached.shell === html)
      return asRendered(remember(page.key, { ...cached, readAt: Date.now() }));
    const answer: unknown = JSON.parse(data);
    const renderer = await bundleFor(html);
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
    res.setHeader('Cache-Control', 'no-cache');
    if ('html' in rendered) {
      res.type('html').send(rendered.html);
    } else {
      res
        .status(404)
        .type('html')
        .send(await currentShell());
    }
  };
}
