// Installs what the site needs on a fresh Debian machine, using only Node's own modules:
// Debian packages (redis-server, chromium) when running as root, then the npm workspace.
// Safe to run again: it only installs what is missing.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const installed = (pkg) => spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout?.includes('install ok installed');
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const run = (cmd, env = {}) => execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

export function ensureDebianPackages({ browser = false } = {}) {
  // Commands may also come from elsewhere (e.g. a redis-server on PATH); fonts are only a package.
  const wanted = [['redis-server', () => has('redis-server')]];
  if (browser) wanted.push(['chromium', () => has('chromium')], ['fonts-dejavu-core', () => installed('fonts-dejavu-core')]);
  const missing = wanted.filter(([, present]) => !present()).map(([pkg]) => pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(`Missing system packages: ${missing.join(' ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} from Debian...`);
  run('apt-get update -qq');
  run(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`);
}

export function ensureNodeModules() {
  const stamp = path.join(root, 'node_modules/.modules.yaml');
  const lock = path.join(root, 'pnpm-lock.yaml');
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing npm packages (pnpm)...');
  // argon2 is compiled here: its prebuilt binary is unreliable on our machines (DESIGN.md).
  run('npx --yes pnpm@10 install --frozen-lockfile', { npm_config_build_from_source: 'true' });
}

export function buildPwa({ force = false } = {}) {
  if (!force && existsSync(path.join(root, 'pwa/dist/index.html'))) return;
  console.log('Building the PWA...');
  run('npx --yes pnpm@10 --filter @coach/pwa build');
}

export const pkg = () => JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureDebianPackages();
  ensureNodeModules();
  buildPwa();
}
