import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '@coach/dev-stack';
import { E2E_PORT } from './playwright.config.ts';

/** Starts the real embedded stack (mongod, redis, every service) for the end-to-end run. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coach-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  const stack = await startStack({ dataDir, gatewayPort: E2E_PORT, logLevel: 'warn' });
  // The tests that freeze MongoDB find its process here.
  process.env.E2E_MONGOD_PID = String(stack.processes().find((p) => p.name === 'mongod')?.pid ?? '');
  return async () => {
    await stack.stop();
  };
}
