import path from 'node:path';
import { existsSync } from 'node:fs';
import { PRERENDERED_DIR, prerenderedPageFile } from '@coach/contracts';
import express, { Router } from 'express';

/** Files that must be revalidated on every load so a new release is picked up. */
const ALWAYS_REVALIDATE = new RegExp(
  `^/(index\\.html|sw\\.js|registerSW\\.js|manifest\\.webmanifest|${PRERENDERED_DIR}/.+)$`,
);

/**
 * A public page the build prerendered (pwa/src/prerender), or undefined. The lookup stays inside
 * that folder whatever the path says.
 */
function prerenderedPage(distDir: string, urlPath: string): string | undefined {
  const dir = path.join(distDir, PRERENDERED_DIR);
  const file = path.join(distDir, prerenderedPageFile(urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath));
  return file.startsWith(`${dir}${path.sep}`) && existsSync(file) ? file : undefined;
}

/**
 * Serves the built PWA: hashed assets immutable for a year, the shell and service worker
 * revalidated every time, a public page's prerendered HTML where the build wrote one, and the
 * SPA fallback (index.html) for any other route path that is not a file and not under /api.
 */
export function pwaRoutes(distDir: string): Router {
  const router = Router();
  const indexHtml = path.join(distDir, 'index.html');
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
  router.get(/.*/, (req, res, next) => {
    // A missing file (it has an extension) is a real 404, not the app shell.
    if (req.path.startsWith('/api/') || path.extname(req.path) !== '') return next();
    if (!existsSync(indexHtml)) {
      return res.status(503).type('text').send('The site is being built. Run `npm start` to build it.');
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(prerenderedPage(distDir, req.path) ?? indexHtml);
  });
  return router;
}
