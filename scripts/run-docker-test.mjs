// `npm run docker:test`: on Node 24 with everything installed (as `npm start`), the Docker suite
// (scripts/docker/suite.ts): the image, compose, a one-node Swarm and three hosts, run for real.
// Its last line is `docker: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode24, ensureNodeModules } from './bootstrap.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureNode24();
ensureNodeModules();
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/docker/suite.ts')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
