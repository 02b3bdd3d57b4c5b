import { defineConfig } from '@playwright/test';

/** The stack's gateway port for the end-to-end run (globalSetup starts the real stack there). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8091);

// Two lanes share the stack side by side, each running its files one after another. A lane
// holds the files that read what another one writes, so neither sees the other's changes midway:
// the blog's newest post (the coach's editor, the public pages), the chat's per-address budget
// (the public pages, every page). The outage test freezes the shared MongoDB, so it runs last, alone.
const PUBLIC_LANE = ['every-page', 'public', 'admin', 'legal', 'checkout'].map((name) => `${name}.e2e.ts`);
const OUTAGE = 'outage.e2e.ts';

export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'public pages', testMatch: PUBLIC_LANE, workers: 1 },
    { name: 'journeys', testMatch: '**/*.e2e.ts', testIgnore: [...PUBLIC_LANE, OUTAGE], workers: 1 },
    { name: 'outage', testMatch: OUTAGE, dependencies: ['public pages', 'journeys'] },
  ],
  // A test that fails is run once more: two cores shared by two browsers and the whole stack make
  // a rare timing miss. One that passes then counts as passed, and `npm test` names it as flaky.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    serviceWorkers: 'block',
    trace: 'off',
  },
});
