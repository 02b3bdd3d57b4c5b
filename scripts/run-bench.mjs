// `npm run bench`: on Node 24 with everything installed (as `npm start`), runs scripts/bench.ts.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPwa, ensureDebianPackages, ensureNode24, ensureNodeModules, PNPM } from './bootstrap.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureNode24();
ensureDebianPackages({ browser: true, proxy: true });
ensureNodeModules();
buildPwa({ force: true });
const result = spawnSync('npx', ['--yes', PNPM, 'exec', 'tsx', 'scripts/bench.ts'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
