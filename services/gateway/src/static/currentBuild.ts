import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteIdentity } from '@coach/contracts';
import {
  PRERENDERED_DIR,
  SERVER_SITE_IDENTITY,
  prerenderedPageFile,
  siteIdentityElement,
  type RenderBundle,
} from '@coach/site-rules';
import type { Logger } from '@coach/kit';

/** The built PWA as the gateway serves it, with the coach's identity it runs with. */
export interface CurrentBuild {
  identity: SiteIdentity;
  /** The `<script type="application/json">` element that gives a page the identity. */
  identityElement: string;
  /** The shell (index.html) as built, read again at most once per `cacheSeconds` (a new build changes it). */
  shell(): Promise<string>;
  /** A shell with the identity in it, as a browser gets it: the app renders from scratch with it. */
  withIdentity(shell: string): string;
  /** The render bundle of the build that wrote this shell, rendering with the identity. */
  bundleFor(shell: string): Promise<RenderBundle>;
  /** The page the build prerendered for a path, naming the identity; undefined where it wrote none. */
  prerenderedPage(urlPath: string): Promise<string | undefined>;
}

const ROOT = '<div id="root">';

/**
 * The file of the page a build prerendered for a path (its lower-case form: the routes are
 * matched so), or undefined. The build's files are listed once per build (a new build writes a
 * new shell), not looked for on each request; a path naming anything else finds nothing.
 */
function prerenderedFiles(distDir: string, build: Pick<CurrentBuild, 'shell'>) {
  let listed: { shell: string; files: Promise<Set<string>> } | undefined;
  const list = async () => {
    const entries = await readdir(path.join(distDir, PRERENDERED_DIR), { recursive: true }).catch(() => []);
    return new Set(entries.map((entry) => `${PRERENDERED_DIR}/${entry.split(path.sep).join('/')}`));
  };
  return async (urlPath: string): Promise<{ file: string; urlPath: string } | undefined> => {
    const shell = await build.shell();
    if (listed?.shell !== shell) listed = { shell, files: list() };
    const pagePath = (urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath).toLowerCase();
    const name = prerenderedPageFile(pagePath);
    return (await listed.files).has(name) ? { file: path.join(distDir, name), urlPath: pagePath } : undefined;
  };
}

/**
 * The prerendered pages as they name the gateway's coach: the build's file where the build
 * rendered it with the same identity, else the page rendered again with the render bundle, once
 * per build and page. If that render fails, the shell: the app draws the page itself.
 */
function prerenderedPages(distDir: string, build: Omit<CurrentBuild, 'prerenderedPage'>, logger: Logger) {
  // A new build writes a new shell (its scripts' names are hashed), so the shell alone tells
  // whether a page kept here is still the build's.
  const pages = new Map<string, { shell: string; html: Promise<string> }>();
  const prerenderedFile = prerenderedFiles(distDir, build);
  const renderedByBuild = (built: string) => built.includes(build.identityElement);

  async function load(file: string, urlPath: string, shell: string): Promise<string> {
    const built = await readFile(file, 'utf8');
    return renderedByBuild(built) ? built : (await build.bundleFor(shell)).renderPrerenderedPage(shell, urlPath);
  }

  async function servedPage({ file, urlPath }: { file: string; urlPath: string }): Promise<string> {
    const shell = await build.shell();
    let entry = pages.get(file);
    if (entry?.shell !== shell) {
      entry = { shell, html: load(file, urlPath, shell) };
      pages.set(file, entry);
    }
    try {
      return await entry.html;
    } catch (err) {
      if (pages.get(file) === entry) pages.delete(file);
      logger.warn({ err, path: urlPath }, 'prerendered page not rendered with the identity; serving the shell');
      return build.withIdentity(shell);
    }
  }

  // When the build rendered the pages with another identity, they are rendered ahead, one after
  // another, so the first visitors after a start wait for none.
  void (async () => {
    const home = await prerenderedFile('/');
    if (!home || renderedByBuild(await readFile(home.file, 'utf8'))) return;
    for (const urlPath of (await build.bundleFor(await build.shell())).PRERENDERED_PATHS) {
      const page = await prerenderedFile(urlPath);
      if (page) await servedPage(page);
    }
  })().catch((err: unknown) => logger.warn({ err }, 'prerendered pages not rendered ahead'));

  return async (urlPath: string) => {
    const page = await prerenderedFile(urlPath);
    return page && servedPage(page);
  };
}

/**
 * The build in `distDir` and its render bundle, which the build leaves in ../dist-ssr. The
 * bundle reads the identity once, as it loads (pwa/src/shared/config/site.ts), from where the
 * gateway sets it just before; each build's bundle is loaded once.
 */
export function currentBuild(
  distDir: string,
  identity: SiteIdentity,
  cacheSeconds: number,
  logger: Logger,
): CurrentBuild {
  const bundlePath = path.resolve(distDir, '../dist-ssr/prerender.js');
  const identityElement = siteIdentityElement(identity);
  let shell: { html: string; readAt: number } | undefined;
  let bundle: { shell: string; module: Promise<RenderBundle> } | undefined;

  const build: Omit<CurrentBuild, 'prerenderedPage'> = {
    identity,
    identityElement,
    async shell() {
      if (!shell || Date.now() - shell.readAt >= cacheSeconds * 1000) {
        shell = { html: await readFile(path.join(distDir, 'index.html'), 'utf8'), readAt: Date.now() };
      }
      return shell.html;
    },
    withIdentity: (html) => html.replace(ROOT, (root) => `${identityElement}${root}`),
    bundleFor(html) {
      if (bundle?.shell !== html) {
        Object.assign(globalThis, { [SERVER_SITE_IDENTITY]: identity });
        // Imported afresh (the query) for a new build.
        const url = `${pathToFileURL(bundlePath).href}?loaded=${Date.now()}`;
        const loading = import(url) as Promise<RenderBundle>;
        // Only a failed import is tried again: each import is a module Node keeps for good.
        loading.catch(() => {
          if (bundle?.module === loading) bundle = undefined;
        });
        bundle = { shell: html, module: loading };
      }
      return bundle.module;
    },
  };
  return { ...build, prerenderedPage: prerenderedPages(distDir, build, logger) };
}
