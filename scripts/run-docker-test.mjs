// `npm run docker:test`: on Node 24 with everything installed (as `npm start`), the Docker suite
// (scripts/docker/suite.ts): the image, compose, a one-node Swarm and three hosts, run for real.
// Its last line is `docker: N passed, N failed`. `npm run docker:test -- --short`: without the
// three hosts, as npm test runs it in CI.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode24, ensureNodeModules } from './bootstrap.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureNode24();
ensureNodeModules();
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/docker/suite.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
