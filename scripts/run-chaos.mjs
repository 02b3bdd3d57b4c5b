// `npm run chaos`: on Node 24 with everything installed (as `npm start`), the fault-injection
// suite in full (scripts/chaos/chaos.test.ts): every part of the site killed and frozen in turn,
// its figures printed as a table. `npm run chaos -- failover`: the failover suite in full
// (scripts/chaos/failover.test.ts: the site on three "hosts", its MongoDB primary, Redis master
// and a whole host killed). `npm test` runs the short form of each.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPwa, ensureDebianPackages, ensureNode24, ensureNodeModules, PNPM } from './bootstrap.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureNode24();
ensureDebianPackages();
ensureNodeModules();
buildPwa({ force: true });
const suite = process.argv.includes('failover') ? 'scripts/chaos/failover.test.ts' : 'scripts/chaos/chaos.test.ts';
const result = spawnSync('npx', ['--yes', PNPM, 'exec', 'vitest', 'run', suite, '--reporter=verbose'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHAOS: 'full' },
});
process.exit(result.status ?? 1);
