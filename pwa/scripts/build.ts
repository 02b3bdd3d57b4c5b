// `pnpm build`: the client (with the service worker), then the prerender bundle, then the
// prerendered public pages. One BUILD_ID for both bundles, so their markup agrees.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { writeGuidePdf } from '../src/features/guide/typesetGuide.ts';

process.env.BUILD_ID ||= new Date().toISOString();
const root = path.resolve(import.meta.dirname, '..');
// The gateway renders /blog and each post with content's answers from this bundle too (services/gateway/src/static/blogPages.ts).
const ssrOutDir = path.join(root, 'dist-ssr');

await build({ root });
console.log(`typeset ${path.relative(root, await writeGuidePdf(path.join(root, 'dist')))}`);
await build({
  root,
  logLevel: 'warn',
  build: { ssr: 'src/prerender/prerender.tsx', outDir: ssrOutDir, emptyOutDir: true, copyPublicDir: false },
});
const { prerenderSite } = (await import(
  pathToFileURL(path.join(ssrOutDir, 'prerender.js')).href
)) as typeof import('../src/prerender/prerender.tsx');
const pages = await prerenderSite(path.join(root, 'dist'));
console.log(`prerendered ${pages.length} pages`);
