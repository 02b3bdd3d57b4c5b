// `npm run fuzz`: on Node 24 with everything installed (as `npm start`), the property-based suite
// in full (scripts/fuzz/fuzz.test.ts): 5,000 cases over every route, FUZZ_CASES to change it,
// FUZZ_SEED to replay a run. `npm test` runs its short form. Its figures' line is printed last.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPwa, ensureDebianPackages, ensureNode24, ensureNodeModules, PNPM } from './bootstrap.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureNode24();
ensureDebianPackages();
ensureNodeModules();
buildPwa({ force: true });
const figures = path.join(mkdtempSync(path.join(os.tmpdir(), 'fuzz-')), 'figures.txt');
const result = spawnSync('npx', ['--yes', PNPM, 'exec', 'vitest', 'run', 'scripts/fuzz/fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { FUZZ_CASES: '5000', ...process.env, FUZZ_FIGURES_FILE: figures },
});
try {
  process.stdout.write(readFileSync(figures, 'utf8'));
} catch {
  console.log('fuzz: the suite stopped before its figures');
}
process.exit(result.status ?? 1);
