// `npm start`: installs what is missing, builds the PWA, then runs the whole site on this
// machine (MongoDB, Redis and every service) at http://localhost:8080. Ctrl-C stops it all.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPwa, ensureDebianPackages, ensureNode24, ensureNodeModules } from './bootstrap.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureNode24();
ensureDebianPackages();
ensureNodeModules();
buildPwa({ force: true });
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/embedded.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
