/// <reference types="vitest/config" />
import { DEFAULT_SITE_IDENTITY, appNames } from '@coach/site-rules';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type Rolldown } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { passwordLists } from './scripts/passwordLists.ts';
import { palette } from './src/shared/palette.ts';

/**
 * The web app manifest. Its names are the placeholder identity's: the gateway serves it with the
 * names of the identity it runs with (services/gateway/src/static/pwa.ts).
 * 'Book a call' opens /contact#book, which focuses the booking button: the scheduling page is
 * external, and an app launch may not open a new tab by itself.
 */
function manifest(): Partial<ManifestOptions> {
  const icon = (size: number, purpose: 'any' | 'maskable') => ({
    src: `/icons/${purpose === 'any' ? 'icon' : 'maskable'}-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  const shortcutIcons = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }];
  return {
    id: '/',
    ...appNames(DEFAULT_SITE_IDENTITY),
    description:
      'Spiritual life coaching: awaken your inner wisdom, heal, and live with purpose. Read the blog offline, ask the Soul Companion, book a free clarity call.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: palette.plum,
    background_color: palette.cream,
    categories: ['lifestyle', 'health', 'education'],
    icons: [icon(192, 'any'), icon(512, 'any'), icon(192, 'maskable'), icon(512, 'maskable')],
    shortcuts: [
      {
        name: 'Ask AI',
        short_name: 'Ask AI',
        description: 'Ask the Soul Companion',
        url: '/ask-ai',
        icons: shortcutIcons,
      },
      { name: 'Blog', short_name: 'Blog', description: 'Spiritual Insights', url: '/blog', icons: shortcutIcons },
      {
        name: 'Book a free call',
        short_name: 'Book a call',
        description: 'Book a free 30-minute clarity call',
        url: '/contact#book',
        icons: shortcutIcons,
      },
    ],
    screenshots: [
      {
        src: '/screenshots/home-narrow.webp',
        sizes: '390x844',
        type: 'image/webp',
        form_factor: 'narrow',
        label: 'The home page on a phone',
      },
      {
        src: '/screenshots/home-wide.webp',
        sizes: '1440x900',
        type: 'image/webp',
        form_factor: 'wide',
        label: 'The home page on a desktop',
      },
    ],
  };
}

/** The app's start-up module, from which every page the app draws starts (src/main.tsx's last step). */
const START_APP = path.resolve(import.meta.dirname, 'src/app/start/startApp.tsx');

/**
 * Whether a module is part of what every page starts with: the start-up module's static imports,
 * transitively (so not a page's chunk, the phone menu, the floating widgets or the worker's
 * registration, each imported on demand). Worked out once per build, on the first question.
 */
function startsEveryPage(): (id: string, ctx: Rolldown.ChunkingContext) => boolean {
  let graph: Set<string> | undefined;
  return (id, ctx) => {
    if (!graph) {
      const seen = new Set<string>();
      const visit = (module: string) => {
        if (seen.has(module)) return;
        seen.add(module);
        ctx.getModuleInfo(module)?.importedIds.forEach(visit);
      };
      visit(START_APP);
      graph = seen;
    }
    return graph.has(id);
  };
}

export default defineConfig(({ command, isSsrBuild }) => {
  const inStart = startsEveryPage();
  /** A group of the modules `test` matches that every page starts with; the others are left to the pages' chunks. */
  const startGroup = (name: string, test: RegExp) => ({
    name: (id: string, ctx: Rolldown.ChunkingContext) => (test.test(id) && inStart(id, ctx) ? name : null),
    test,
  });
  // Each build has its own id unless BUILD_ID names it: it busts the persisted query cache and
  // changes the service worker, so an installed app is offered the new release.
  const buildId = process.env.BUILD_ID || new Date().toISOString();
  return {
    define: { __BUILD_ID__: JSON.stringify(buildId) },
    plugins: [
      react(),
      passwordLists(),
      // The prerender bundle (scripts/build.ts) needs no service worker of its own.
      !isSsrBuild &&
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'src',
          filename: 'sw.ts',
          // The app registers the worker itself (src/app/pwa/registerSW.ts, once the page has loaded).
          injectRegister: false,
          registerType: 'prompt',
          includeManifestIcons: false,
          manifest: manifest(),
          injectManifest: {
            rollupFormat: 'iife',
            // The shell, every page's chunk (member pages too: they show their sign-in offline),
            // fonts (woff2 only: every browser that runs the worker reads it), local images and
            // offline.html. Icons and screenshots are for the install only.
            globPatterns: ['**/*.{js,css,html,svg,woff2}'],
            // The password-strength estimator and its lists load only with a new-password form, online.
            globIgnores: ['**/zxcvbn-*.js'],
          },
          devOptions: { enabled: false },
        }),
    ],
    server: {
      // `vite dev` talks to a locally started stack (npm start serves the gateway on 8080).
      proxy: { '/api': process.env.VITE_API_PROXY ?? 'http://localhost:8080' },
    },
    build: {
      target: 'es2022',
      sourcemap: false,
      // No <link rel="modulepreload"> added per lazy import: each one inserted into the head of a
      // prerendered page restyles the whole document (~140 ms of a mobile CPU when a page's chunk
      // loads). A page drawn on the server names the chunks it starts with in its HTML instead,
      // from the build's manifest (src/prerender/modulePreloads.ts).
      modulePreload: false,
      manifest: true,
      rolldownOptions: {
        output: {
          // The libraries every page starts with, one chunk each, and the frame around every page
          // (the app layer: start-up, layout, header, footer) with what it imports: fewer, larger
          // files compress better than the ~40 slivers the lazy chunks' sharing would cut them
          // into (home route: 183 kB gzipped in 58 files before, 168 kB in 23).
          // The preload helper stays apart, or the tiny entry would import the whole frame
          // before the first paint.
          // The render bundle is one file: the gateway imports each build's afresh, and a chunk
          // importing the entry back would load a second copy of it (other React contexts: the
          // lazy pages' titles were lost). The groups are the client build's alone: the unit tests
          // read this config too, and with a function among them (or with `false`) a test's first
          // dynamic import of a dependency was slower (the strength estimator's: over the 1 s a test waits).
          codeSplitting: isSsrBuild
            ? false
            : command !== 'build'
              ? undefined
              : {
                  groups: [
                    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                    { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
                    { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
                    { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
                    { name: 'zxcvbn', test: /node_modules[\\/]@zxcvbn-ts[\\/]|virtual:password-lists/ },
                    // MUI's style system, and the site's theme made with it: the frame's components are
                    // built on both. Chunks of their own, so that each is evaluated in a task of its own.
                    // The roving focus of menus and tabs (11 kB) is no part of it: no page drawn on the
                    // server has either, so it comes with the chunks of the pages and dialogs that do.
                    {
                      name: 'styles',
                      test: /node_modules[\\/](@emotion|stylis|@mui[\\/](system|styled-engine|private-theming|utils(?![\\/]useRovingTabIndex[\\/]))|@mui[\\/]material[\\/]styles)[\\/]/,
                    },
                    // The site's colours apart from the theme: a page's script draws in them before the app.
                    { name: 'palette', test: /[\\/]src[\\/]shared[\\/]palette\.ts$/ },
                    { name: 'theme', test: /[\\/]src[\\/]shared[\\/]theme\.ts$/ },
                    // The app layer (src/app: start-up, providers, layout, routes) is the frame, what it
                    // imports coming along. What it imports on demand stays apart: the phone menu (a
                    // drawer and its list) until it is opened, the floating widgets and the worker's
                    // registration until the page has loaded and gone idle. The
                    // entry's own step (asking for the start-up's files) stays in the entry, and the
                    // script of a page that starts its app on demand stays apart from the app.
                    startGroup('frame', /[\\/]src[\\/]app[\\/]/),
                  ],
                },
        },
      },
    },
    // The prerender bundle carries its dependencies, so Node never resolves MUI's browser builds.
    ssr: { noExternal: true },
    test: {
      name: 'pwa',
      root: import.meta.dirname,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      // Worker threads start faster than child processes.
      pool: 'threads',
      testTimeout: 30_000,
    },
  };
});
