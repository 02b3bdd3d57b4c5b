import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_SITE_IDENTITY, siteIdentityElement, type RenderBundle, type SiteIdentity } from '@coach/contracts';

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
}

const ROOT = '<div id="root">';

/**
 * The build in `distDir` and its render bundle, which the build leaves in ../dist-ssr. The
 * bundle reads the identity once, as it loads (pwa/src/shared/config/site.ts), from where the
 * gateway sets it just before; each build's bundle is loaded once.
 */
export function currentBuild(distDir: string, identity: SiteIdentity, cacheSeconds: number): CurrentBuild {
  const bundlePath = path.resolve(distDir, '../dist-ssr/prerender.js');
  const identityElement = siteIdentityElement(identity);
  let shell: { html: string; readAt: number } | undefined;
  let bundle: { shell: string; module: Promise<RenderBundle> } | undefined;

  return {
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
}
