import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NOT_FOUND_PAGE_PATH, PRERENDERED_DIR, appNames, isAppPage } from '@coach/site-rules';
import type { Logger } from '@coach/kit';
import express, { Router, type Response } from 'express';
import type { CurrentBuild } from './currentBuild.ts';

/** Files that must be revalidated on every load so a new release is picked up. */
const ALWAYS_REVALIDATE = new RegExp(
  `^/(index\\.html|sw\\.js|registerSW\\.js|manifest\\.webmanifest|${PRERENDERED_DIR}/.+)$`,
);

/** The shell's entry in the service worker's precache list, as the build writes it. */
const SHELL_PRECACHE_ENTRY = /\{"revision":"([^"]+)","url":"index\.html"\}/;

/** A built file's text, or undefined when the build has none. */
async function builtFile(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** A page as every page is sent: HTML, revalidated on every load. */
export const sendPage = (res: Response, html: string | Buffer) =>
  res.setHeader('Cache-Control', 'no-cache').type('html').send(html);

/**
 * The answer to a path that is no page of the app: 404, with the not-found page the build wrote
 * (its head asks not to be indexed), or the shell, whose app shows that page too.
 */
export const sendNotFoundPage = async (res: Response, build: CurrentBuild) =>
  sendPage(
    res.status(404),
    (await build.prerenderedPage(NOT_FOUND_PAGE_PATH)) ?? build.withIdentity(await build.shell()),
  );

/**
 * Serves the built PWA: hashed assets immutable for a year, the shell and service worker
 * revalidated every time, a page's prerendered HTML where the build wrote one (whole, or its head
 * alone), the SPA fallback (index.html) for any other page of the app, and the not-found page with
 * 404 for any other path that is not a file and not under /api.
 * Every page, the worker's copy of the shell and the app's manifest name the coach the gateway
 * runs with (the COACH_* variables), not the one the build was made with.
 */
export function pwaRoutes(distDir: string, build: CurrentBuild, logger: Logger): Router {
  const router = Router();
  const indexHtml = path.join(distDir, 'index.html');
  const identityHash = createHash('sha256').update(build.identityElement).digest('hex').slice(0, 16);

  router.get('/index.html', async (_req, res) => sendPage(res, build.withIdentity(await build.shell())));
  // The shell's revision follows the identity too: an installed app fetches the shell again, with
  // the new identity, as it does for a new release.
  router.get('/sw.js', async (_req, res, next) => {
    const worker = await builtFile(path.join(distDir, 'sw.js'));
    if (worker === undefined) return next();
    if (!SHELL_PRECACHE_ENTRY.test(worker)) logger.warn('sw.js precaches no index.html; the shell keeps its identity');
    res
      .setHeader('Cache-Control', 'no-cache')
      .type('js')
      .send(
        worker.replace(SHELL_PRECACHE_ENTRY, (_entry, revision: string) =>
          JSON.stringify({ revision: `${revision}-${identityHash}`, url: 'index.html' }),
        ),
      );
  });
  router.get('/manifest.webmanifest', async (_req, res, next) => {
    const manifest = await builtFile(path.join(distDir, 'manifest.webmanifest'));
    if (manifest === undefined) return next();
    res
      .setHeader('Cache-Control', 'no-cache')
      .type('application/manifest+json')
      .send(JSON.stringify({ ...(JSON.parse(manifest) as object), ...appNames(build.identity) }));
  });
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res, filePath) => {
        const rel = `/${path.relative(distDir, filePath)}`;
        if (rel.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else if (ALWAYS_REVALIDATE.test(rel)) res.setHeader('Cache-Control', 'no-cache');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    }),
  );
  router.get(/.*/, async (req, res, next) => {
    // A missing file (it has an extension) is a real 404, not the app shell; /api answers JSON.
    if (/^\/api(\/|$)/.test(req.path) || path.extname(req.path) !== '') return next();
    if (!existsSync(indexHtml)) {
      return res.status(503).type('text').send('The site is being built. Run `npm start` to build it.');
    }
    if (!isAppPage(req.path)) return sendNotFoundPage(res, build);
    sendPage(res, (await build.prerenderedPage(req.path)) ?? build.withIdentity(await build.shell()));
  });
  return router;
}
