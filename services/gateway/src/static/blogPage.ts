import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '@coach/kit';
import type { RequestHandler } from 'express';

/** What the gateway uses of the PWA's render bundle (pwa/src/prerender/prerender.tsx). */
interface RenderBundle {
  renderBlogPage(shell: string, posts: unknown): Promise<string>;
  renderBlogPostPage(shell: string, slug: string, post: unknown): Promise<string>;
}

/** A post's page: the slugs content makes are lower-case words joined by dashes. */
const POST_PAGE = /^\/blog\/([a-z0-9-]{1,200})\/?$/;
/** Post pages kept rendered; the least recently read goes first. */
const MAX_POST_PAGES = 200;

interface RenderedPage {
  data: string;
  shell: string;
  html: string;
  readAt: number;
}

/**
 * GET /blog and GET /blog/:slug rendered with content's current answer (the posts, or the post),
 * so the cards, or the post's text, and the first image (the page's largest paint) are in the HTML
 * instead of arriving after the scripts and an API call. The PWA's build leaves its render bundle
 * in pwa/dist-ssr next to pwa/dist. Each answer is read from content at most once per
 * `cacheSeconds` and the page rendered again only when the answer or the build changed. An unknown
 * post gets the shell (the app shows its not-found page); if content or the bundle fails, the
 * build's page is served instead (/blog: skeleton cards).
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
  const pages = new Map<string, RenderedPage>(); // by path, in the order they were last read
  const fresh = (readAt: number) => Date.now() - readAt < cacheSeconds * 1000;

  /** The shell, read again at most once per `cacheSeconds` (a new build changes it). */
  async function currentShell(): Promise<string> {
    if (!shell || !fresh(shell.readAt)) {
      shell = { html: await readFile(path.join(distDir, 'index.html'), 'utf8'), readAt: Date.now() };
    }
    return shell.html;
  }

  /** The bundle of the build that wrote this shell: a new build needs a fresh import (the query makes it new). */
  function bundleFor(html: string): Promise<RenderBundle> {
    if (bundle?.shell !== html) {
      const url = `${pathToFileURL(bundlePath).href}?loaded=${Date.now()}`;
      bundle = { shell: html, module: import(url) as Promise<RenderBundle> };
    }
    return bundle.module;
  }

  /** The page at `pagePath` rendered with content's answer at `apiPath`; undefined when content has no such thing. */
  async function renderedPage(
    pagePath: string,
    apiPath: string,
    render: (bundle: RenderBundle, shell: string, data: unknown) => Promise<string>,
  ): Promise<string | undefined> {
    const cached = pages.get(pagePath);
    if (cached && fresh(cached.readAt)) return cached.html;
    const res = await fetch(`${contentUrl}${apiPath}`, { signal: AbortSignal.timeout(2000) });
    if (res.status === 404) {
      pages.delete(pagePath);
      return undefined;
    }
    if (!res.ok) throw new Error(`content answered ${res.status}`);
    const data = await res.text();
    const html = await currentShell();
    const page =
      cached?.data === data && cached.shell === html
        ? cached.html
        : await render(await bundleFor(html), html, JSON.parse(data));
    pages.delete(pagePath); // re-inserted last: the map's first entry is the least recently read
    pages.set(pagePath, { data, shell: html, html: page, readAt: Date.now() });
    if (pages.size > MAX_POST_PAGES + 1) pages.delete(pages.keys().next().value!);
    return page;
  }

  return async (req, res, next) => {
    if (req.method !== 'GET') return next();
    const slug = POST_PAGE.exec(req.path)?.[1];
    if (!slug && req.path !== '/blog' && req.path !== '/blog/') return next();
    try {
      const html = slug
        ? await renderedPage(`/blog/${slug}`, `/api/blog/${slug}`, (b, shell, post) =>
            b.renderBlogPostPage(shell, slug, post),
          )
        : await renderedPage('/blog', '/api/blog/posts', (b, shell, posts) => b.renderBlogPage(shell, posts));
      if (html === undefined) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    } catch (err) {
      bundle = undefined; // a bundle that failed to load is tried again on the next view
      logger.warn({ err, path: req.path }, 'blog page not rendered with its content; serving the built page');
      next();
    }
  };
}
