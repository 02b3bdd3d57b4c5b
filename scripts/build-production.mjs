// `node scripts/build-production.mjs <folder>`: writes the file set the production image holds,
// and nothing else, into a new or empty folder. Run it after the PWA's build (`npm run build`).
//
//   package.json                 marks the .js files below as ES modules
//   <service>/dist/main.js       each service (a folder of services/ with src/main.ts) in one file,
//                                with the workspace packages it uses (kit, contracts, site-rules)
//                                compiled in
//   <service>/assets/            files a service reads beside its code (content's blog images)
//   node_modules/                the services' production dependencies, one flat tree, argon2
//                                compiled from source
//   pwa/dist, pwa/dist-ssr       the built PWA (PWA_DIST=<folder>/pwa/dist) and the render bundle
//                                the gateway imports from beside it
//
// A service runs as `node <service>/dist/main.js`: no TypeScript, no tsx, no development package.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ensureNode24, has, PNPM } from './bootstrap.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACE_SCOPE = '@coach/';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const manifest = (dir) => readJson(path.join(root, 'services', dir, 'package.json'));
/** The package a bare import names: `express`, `@scope/name` (never a path inside it). */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.signal ?? `exit ${result.status}`})`);
}

/** Runs a module snippet with plain node in `cwd`, so its imports resolve as a service's would. */
const check = (cwd, code) => run(process.execPath, ['--input-type=module', '-e', code], { cwd });

/** Bytes of the regular files under `dir` (links count as nothing). */
function sizeOf(dir) {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += lstatSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

/** The services deployed: the folders of services/ with a src/main.ts (not the libraries, not dev-stack). */
const deployedServices = () =>
  readdirSync(path.join(root, 'services')).filter((dir) => existsSync(path.join(root, 'services', dir, 'src/main.ts')));

/**
 * The workspace packages compiled into the services' bundles (kit, contracts, ...): the services'
 * @coach/ production dependencies and theirs, each in the folder of services/ of its name.
 */
function librariesOf(services) {
  const libraries = new Set();
  const visit = (dir) => {
    for (const name of Object.keys(manifest(dir).dependencies ?? {})) {
      const library = name.startsWith(WORKSPACE_SCOPE) ? name.slice(WORKSPACE_SCOPE.length) : undefined;
      if (library && !services.includes(library) && !libraries.has(library)) {
        libraries.add(library);
        visit(library);
      }
    }
  };
  services.forEach(visit);
  return [...libraries];
}

/** Compiles services/<name>/src/main.ts into one file; only npm packages stay imports. */
async function bundleService(name, libraries, out) {
  // What the bundle may import: the production dependencies of the service and of the workspace
  // packages compiled into it. Anything else (a development package such as dev-stack's mongod
  // launcher) would be missing in production, so it stops the build here.
  const allowed = new Set([...libraries, name].flatMap((dir) => Object.keys(manifest(dir).dependencies ?? {})));
  const outfile = path.join(out, name, 'dist/main.js');
  const result = await build({
    entryPoints: [path.join(root, 'services', name, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith(WORKSPACE_SCOPE) || isBuiltin(args.path)
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const imported = Object.values(result.metafile.outputs).flatMap((o) =>
    o.imports.filter((i) => i.external).map((i) => i.path),
  );
  const stray = [...new Set(imported.filter((p) => !isBuiltin(p)).map(packageOf))].filter((p) => !allowed.has(p));
  if (stray.length > 0) {
    throw new Error(
      `services/${name} imports ${stray.join(', ')}, not among its production dependencies (nor those of ${libraries.join(', ')})`,
    );
  }
  const assets = path.join(root, 'services', name, 'assets');
  if (existsSync(assets)) cpSync(assets, path.join(out, name, 'assets'), { recursive: true });
}

/**
 * The lockfile limited to the root and the given projects: a hoisted install sets up the packages
 * of every project the lockfile names, and the PWA's are compiled into its build (the root has
 * development packages only, which --prod leaves out).
 */
function lockfileFor(projects) {
  const kept = new Set(['.', ...projects]);
  let inImporters = false;
  let keep = true;
  const lines = readFileSync(path.join(root, 'pnpm-lock.yaml'), 'utf8').split('\n');
  return lines
    .filter((line) => {
      if (/^\S/.test(line)) {
        inImporters = line === 'importers:';
        keep = true;
      } else if (inImporters && /^ {2}\S/.test(line)) {
        keep = kept.has(line.trim().replace(/:$/, ''));
      }
      return keep;
    })
    .join('\n');
}

/**
 * Installs the production dependencies of the deployed services and of the workspace packages
 * compiled into them as one flat node_modules (the bundles have kit's code compiled in, so kit's
 * packages must be where the bundles look), from the workspace's lockfile and the pnpm store, and
 * moves it into `out`.
 */
function installDependencies(out, services, libraries) {
  const stage = path.join(out, '.install');
  const projects = [...services, ...libraries].map((dir) => `services/${dir}`);
  for (const file of ['package.json', 'pnpm-workspace.yaml']) cpSync(path.join(root, file), path.join(stage, file));
  for (const project of projects)
    cpSync(path.join(root, project, 'package.json'), path.join(stage, project, 'package.json'));
  writeFileSync(path.join(stage, 'pnpm-lock.yaml'), lockfileFor(projects));

  // The image installs a pinned pnpm; our machines run it through npx.
  const [pnpm, ...pnpmArgs] = has('pnpm') ? ['pnpm'] : ['npx', '--yes', PNPM];
  run(pnpm, [...pnpmArgs, 'install', '--prod', '--frozen-lockfile', '--config.node-linker=hoisted'], {
    cwd: stage,
    // argon2's prebuilt binary crashes on some machines: it is compiled here (pnpm-workspace.yaml
    // allows its install script).
    env: { ...process.env, npm_config_build_from_source: 'true' },
  });
  // One version of each package serves every bundle: a package pnpm had to nest under one
  // project, because the projects ask for different versions, would not be found by its bundle.
  for (const project of projects) {
    const nested = path.join(stage, project, 'node_modules');
    const names = existsSync(nested) ? readdirSync(nested).filter((n) => `${n}/` !== WORKSPACE_SCOPE) : [];
    if (names.length > 0)
      throw new Error(`${project} needs its own version of ${names.join(', ')}: align the versions across services/`);
  }
  renameSync(path.join(stage, 'node_modules'), path.join(out, 'node_modules'));
  rmSync(stage, { recursive: true });
  // The workspace packages are compiled into the bundles (these links pointed into the stage);
  // type declarations are for the compiler; only the argon2 binary compiled above may load.
  for (const dir of [WORKSPACE_SCOPE, '@types', 'argon2/prebuilds']) {
    rmSync(path.join(out, 'node_modules', dir), { recursive: true, force: true });
  }
  check(
    out,
    "import argon2 from 'argon2'; const h = await argon2.hash('check'); if (!(await argon2.verify(h, 'check'))) process.exit(1);",
  );
}

/** The built PWA and its render bundle, which must load with nothing but Node beside it. */
function copyPwa(out) {
  for (const dir of ['dist', 'dist-ssr']) {
    const from = path.join(root, 'pwa', dir);
    if (!existsSync(from)) throw new Error(`pwa/${dir} is missing: build the PWA first (npm run build)`);
    cpSync(from, path.join(out, 'pwa', dir), { recursive: true });
  }
  const bundle = pathToFileURL(path.join(out, 'pwa/dist-ssr/prerender.js')).href;
  check(
    out,
    `const m = await import(${JSON.stringify(bundle)}); if (typeof m.renderBlogPage !== 'function') process.exit(1);`,
  );
}

export async function buildProduction(out) {
  if (existsSync(out) && readdirSync(out).length > 0)
    throw new Error(`${out} is not empty: name a new or empty folder`);
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'package.json'), `${JSON.stringify({ private: true, type: 'module' }, null, 2)}\n`);
  const services = deployedServices();
  const libraries = librariesOf(services);
  for (const name of services) await bundleService(name, libraries, out);
  copyPwa(out);
  installDependencies(out, services, libraries);
  const mb = (dir) => `${(sizeOf(dir) / 1e6).toFixed(1)} MB`;
  console.log(
    `production file set in ${out}: ${mb(out)} (node_modules ${mb(path.join(out, 'node_modules'))}, pwa ${mb(path.join(out, 'pwa'))}); services: ${services.join(', ')}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node scripts/build-production.mjs <folder>');
    process.exit(2);
  }
  ensureNode24();
  await buildProduction(path.resolve(out));
}
