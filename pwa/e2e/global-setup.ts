import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTestCertificate, startStack } from '@coach/dev-stack';
import { E2E_PORT } from './playwright.config.ts';

/** Starts the real embedded stack (mongod, redis, every service) for the end-to-end run. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coach-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // push.e2e's push service on this machine, with this certificate, which ai-worker trusts.
  process.env.E2E_PUSH_SERVICE_DIR = mkdtempSync(path.join(os.tmpdir(), 'coach-e2e-push-'));
  makeTestCertificate(process.env.E2E_PUSH_SERVICE_DIR);
  const stack = await startStack({
    dataDir,
    gatewayPort: E2E_PORT,
    logLevel: 'warn',
    // Both lanes' browsers come from this machine's one address, so they stand for many visitors
    // at once: the per-address budgets are raised for them. The budgets themselves are proved on
    // stacks of their own (https.e2e, the gateway's client-address test, the chat test).
    env: {
      RATE_LIMIT_WRITES_PER_MINUTE: '600',
      CHAT_RATE_LIMIT_PER_MINUTE: '100',
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
      NODE_EXTRA_CA_CERTS: path.join(process.env.E2E_PUSH_SERVICE_DIR, 'ca.crt'),
    },
  });
  // The tests that freeze MongoDB find its process here.
  process.env.E2E_MONGOD_PID = String(stack.processes().find((p) => p.name === 'mongod')?.pid ?? '');
  return async () => {
    await stack.stop();
  };
}
