import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sessionKeyPair } from './keys.ts';
import { startMongo } from './mongo.ts';
import { freePort, startRedis } from './redis.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const SERVICE_NAMES = ['content', 'members', 'ai-worker', 'gateway'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** The demo accounts the embedded mode seeds (documented in the README). */
export const DEMO_ADMIN = { email: 'coach@example.com', password: 'Awaken-2025!' };
export const DEMO_MEMBER = { email: 'member@example.com', password: 'Seeker-2025!' };

export interface StackOptions {
  /** Keep MongoDB, Redis, keys and the e-mail outbox here; without it all is thrown away. */
  dataDir?: string;
  gatewayPort?: number;
  /** Extra variables for every service (e.g. SMTP_URL, OPENAI_BASE_URL in tests). */
  env?: Record<string, string>;
  /** Services to start; all by default. */
  services?: readonly ServiceName[];
  /** Child output: inherit (npm start) or ignore (tests). */
  stdio?: 'inherit' | 'ignore';
  logLevel?: string;
}

export interface Stack {
  gatewayUrl: string;
  urls: Record<ServiceName, string>;
  mongoUrl: string;
  redisUrl: string;
  env: Record<ServiceName, Record<string, string>>;
  startService(name: ServiceName): Promise<void>;
  stopService(name: ServiceName, signal?: NodeJS.Signals): Promise<void>;
  /** Sends a signal without waiting (SIGSTOP/SIGCONT freeze and thaw a service in tests). */
  signalService(name: ServiceName, signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

/** Waits until a spawned service answers GET /health, failing early if it exits. */
export async function waitForHealth(url: string, child: ChildProcess, name: string, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not become healthy within ${timeoutMs} ms`);
}

/**
 * Starts the whole site on this machine: a real mongod, a real redis-server and every service
 * as its own Node process, wired as docker-compose wires them. Used by `npm start` and tests.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = options.dataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const mongo = await startMongo({ dbPath: dataDir && path.join(dataDir, 'mongo') });
  const redis = await startRedis({ dir: dataDir && path.join(dataDir, 'redis') });
  const keys = sessionKeyPair(dataDir && path.join(dataDir, 'keys'));
  const ports: Record<ServiceName, number> = {
    content: await freePort(),
    members: await freePort(),
    'ai-worker': await freePort(),
    gateway: options.gatewayPort ?? (await freePort()),
  };
  const urls = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, `http://127.0.0.1:${ports[name]}`]),
  ) as Record<ServiceName, string>;
  const mongoDb = (db: string) => `${mongo.url.replace(/\/$/, '')}/${db}`;
  const common = {
    NODE_ENV: process.env.NODE_ENV === 'production' ? 'production' : 'development',
    LOG_LEVEL: options.logLevel ?? 'info',
    REDIS_URL: redis.url,
    SESSION_PUBLIC_KEY: keys.publicKey,
    SEED_DEMO: 'true',
    ...options.env,
  };
  const env: Record<ServiceName, Record<string, string>> = {
    content: { ...common, PORT: String(ports.content), MONGO_URL: mongoDb('coach-content') },
    members: {
      ...common,
      PORT: String(ports.members),
      MONGO_URL: mongoDb('coach-members'),
      SESSION_PRIVATE_KEY: keys.privateKey,
      ADMIN_EMAIL: DEMO_ADMIN.email,
      ADMIN_PASSWORD: DEMO_ADMIN.password,
      ...options.env,
    },
    'ai-worker': {
      ...common,
      PORT: String(ports['ai-worker']),
      OUTBOX_DIR: path.join(dataDir ?? path.join(REPO_ROOT, 'var/test-outbox'), 'outbox'),
      ...options.env,
    },
    gateway: {
      ...common,
      PORT: String(ports.gateway),
      CONTENT_URL: urls.content,
      MEMBERS_URL: urls.members,
      PWA_DIST: path.join(REPO_ROOT, 'pwa/dist'),
      ...options.env,
    },
  };

  const children = new Map<ServiceName, ChildProcess>();
  const wanted = options.services ?? SERVICE_NAMES;

  async function startService(name: ServiceName) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'services', name, 'src/main.ts')], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env[name] },
      stdio: options.stdio ?? 'ignore',
    });
    children.set(name, child);
    await waitForHealth(urls[name], child, name);
  }

  async function stopService(name: ServiceName, signal: NodeJS.Signals = 'SIGTERM') {
    const child = children.get(name);
    children.delete(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  function signalService(name: ServiceName, signal: NodeJS.Signals) {
    children.get(name)?.kill(signal);
  }

  async function stop() {
    await Promise.all([...children.keys()].map((name) => stopService(name)));
    await redis.stop();
    await mongo.stop();
  }

  try {
    // Back-end services first, in parallel; the gateway last so it never serves a 502 at start.
    await Promise.all(wanted.filter((n) => n !== 'gateway').map(startService));
    if (wanted.includes('gateway')) await startService('gateway');
  } catch (err) {
    await stop();
    throw err;
  }
  return { gatewayUrl: urls.gateway, urls, mongoUrl: mongo.url, redisUrl: redis.url, env, startService, stopService, signalService, stop };
}
