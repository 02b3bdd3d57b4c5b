// `npm run chaos`: on Node 24 with everything installed (as `npm start`), the fault-injection
// suite in full (scripts/chaos): every part of the site killed and frozen in turn, its figures
// printed as a table. `npm test` runs its short form (the service replicas only).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPwa, ensureDebianPackages, ensureNode24, ensureNodeModules, PNPM } from './bootstrap.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureNode24();
ensureDebianPackages();
ensureNodeModules();
buildPwa({ force: true });
const result = spawnSync('npx', ['--yes', PNPM, 'exec', 'vitest', 'run', 'scripts/chaos', '--reporter=verbose'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHAOS: 'full' },
});
process.exit(result.status ?? 1);
