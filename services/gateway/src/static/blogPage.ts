import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '@coach/kit';
import type { RequestHandler } from 'express';

/** What the gateway uses of the PWA's render bundle (pwa/src/prerender/prerender.tsx). */
interface RenderBundle {
  renderPage(shell: string, urlPath: string, seed: Array<{ queryKey: string[]; data: unknown }>): Promise<string>;
}

/** The blog list's query key in the PWA (features/blog/BlogListPage.tsx), and the API it reads. */
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
  let posts: { body: string; readAt: number } | undefined;
  let page: { body: string; shell: string; html: string } | undefined;

  async function currentPosts(): Promise<string> {
    if (posts && Date.now() - posts.readAt < cacheSeconds * 1000) return posts.body;
    const res = await fetch(`${contentUrl}${POSTS_PATH}`, { signal: AbortSignal.timeout(2000) });
    if (!res.ok) throw new Error(`content answered ${res.status}`);
    posts = { body: await res.text(), readAt: Date.now() };
    return posts.body;
  }

  return async (req, res, next) => {
    if (req.method !== 'GET' || (req.path !== '/blog' && req.path !== '/blog/')) return next();
    try {
      const body = await currentPosts();
      // A new build (another shell) brings its own bundle: a fresh import (the query makes it new).
      const shell = readFileSync(path.join(distDir, 'index.html'), 'utf8');
      if (bundle?.shell !== shell) {
        const url = `${pathToFileURL(bundlePath).href}?loaded=${Date.now()}`;
        bundle = { shell, module: import(url) as Promise<RenderBundle> };
      }
      if (page?.body !== body || page.shell !== shell) {
        const seed = [{ queryKey: [POSTS_PATH], data: JSON.parse(body) as unknown }];
        page = { body, shell, html: await (await bundle.module).renderPage(shell, '/blog', seed) };
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
