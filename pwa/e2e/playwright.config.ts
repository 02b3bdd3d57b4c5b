import { defineConfig } from '@playwright/test';

/** The stack's gateway port for the end-to-end run (globalSetup starts the real stack there). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8091);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
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
