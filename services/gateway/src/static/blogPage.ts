import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '@coach/kit';
import type { RequestHandler } from 'express';

/** What the gateway uses of the PWA's render bundle (pwa/src/prerender/prerender.tsx). */
interface RenderBundle {
  renderBlogPage(shell: string, posts: unknown): Promise<string>;
}

const POSTS_PATH = '/api/blog/posts';

/**
 * GET /blog rendered with the current posts, so the cards and the first cover (the page's largest
 * paint) are in the HTML instead of arriving after the scripts and an API call. The PWA's build
 * leaves its render bundle in pwa/dist-ssr next to pwa/dist. The posts are read from content at
 * most once per `cacheSeconds` and the page rendered once per distinct list; if content or the
 * bundle fails, the build's page (skeleton cards) is served instead.
 */
export function renderedBlogPage(
  distDir: string,
  contentUrl: string,
  cacheSeconds: number,
  logger: Logger,
): RequestHandler {
  const bundlePath = path.resolve(distDir, '../dist-ssr/prerender.js');
  let bundle: { shell: string; module: Promise<RenderBundle> } | undefined;
  let source: { posts: string; shell: string; readAt: number } | undefined;
  let page: { posts: string; shell: string; html: string } | undefined;

  /** The posts and the shell, read again at most once per `cacheSeconds` (a new build changes the shell). */
  async function currentSource(): Promise<{ posts: string; shell: string }> {
    if (source && Date.now() - source.readAt < cacheSeconds * 1000) return source;
    const res = await fetch(`${contentUrl}${POSTS_PATH}`, { signal: AbortSignal.timeout(2000) });
    if (!res.ok) throw new Error(`content answered ${res.status}`);
    const posts = await res.text();
    source = { posts, shell: await readFile(path.join(distDir, 'index.html'), 'utf8'), readAt: Date.now() };
    return source;
  }

  return async (req, res, next) => {
    if (req.method !== 'GET' || (req.path !== '/blog' && req.path !== '/blog/')) return next();
    try {
      const { posts, shell } = await currentSource();
      // A new build (another shell) brings its own bundle: a fresh import (the query makes it new).
      if (bundle?.shell !== shell) {
        const url = `${pathToFileURL(bundlePath).href}?loaded=${Date.now()}`;
        bundle = { shell, module: import(url) as Promise<RenderBundle> };
      }
      if (page?.posts !== posts || page.shell !== shell) {
        page = { posts, shell, html: await (await bundle.module).renderBlogPage(shell, JSON.parse(posts)) };
      }
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(page.html);
    } catch (err) {
      bundle = undefined; // a bundle that failed to load is tried again on the next view
      logger.warn({ err }, 'blog page not rendered with its posts; serving the built page');
      next();
    }
  };
}
