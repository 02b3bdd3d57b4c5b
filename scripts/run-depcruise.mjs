// `npm run lint`'s import check: dependency-cruiser with .dependency-cruiser.mjs over the services
// and the PWA. It refuses a Node older than 22, so it runs on the project's Node 24 as the other
// scripts do (a machine of ours has Node 20).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode24 } from './bootstrap.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureNode24();
const result = spawnSync(
  path.join(root, 'node_modules/.bin/depcruise'),
  ['--config', '.dependency-cruiser.mjs', 'services', 'pwa/src'],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
