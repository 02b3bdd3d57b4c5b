import { WEBHOOK_PATHS } from '@coach/contracts';
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ADMIN } from './demo-accounts.ts';
import { sessionKeyPair, vapidKeyPair } from './keys.ts';
import { startRazorpayStandin, type RazorpayStandin } from './razorpay-standin.ts';
import { databaseUrl, startMongo } from './mongo.ts';
import { freePort, freePorts } from './ports.ts';
import { startRedis } from './redis.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The settings the stack reads itself: they come to it as values (npm start reads their NAME_FILE). */
export const STACK_SETTINGS = [
  'MONGO_URL',
  'REDIS_URL',
  'SESSION_PUBLIC_KEY',
  'SESSION_PRIVATE_KEY',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'RAZORPAY_KEY_ID',
  'SERVICE_REPLICAS',
  'HOST',
];

export const SERVICE_NAMES = ['content', 'members', 'ai-worker', 'gateway'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * How a compiled service's Node runs, in the image (the Dockerfile sets the same) and from the
 * production file set here: a small young generation and a capped old one, two malloc arenas,
 * and large buffers (argon2's) given back to the system when freed. Under load this halves the
 * site's memory (PSS 880 -> 400 MB) for about a tenth of its throughput. Services run through
 * tsx hold the compiler's work too, so they keep Node's own limits.
 */
export const SERVICE_RUNTIME_ENV = {
  NODE_OPTIONS: '--max-semi-space-size=1 --max-old-space-size=128',
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
};

/**
 * A service's own Node options, over SERVICE_RUNTIME_ENV's (compose sets the same). Members' answers
 * (orders, bookings, sign-ins, receipts) hold the most objects across their awaits: in a 1 MB young
 * generation they outlive it, and its collector took a sixth to a quarter of members' CPU under
 * load, enough for 500 bookings a second to queue behind it. 8 MB costs it some 8 MB of PSS after
 * the bench's load.
 */
export const SERVICE_NODE_OPTIONS: Partial<Record<ServiceName, string>> = {
  members: '--max-semi-space-size=8 --max-old-space-size=128',
};

export interface StackOptions {
  /** Keep MongoDB, Redis, keys and the e-mail outbox here; without it all is thrown away. */
  dataDir?: string;
  gatewayPort?: number;
  /**
   * Settings for every service, as the operator's environment gives them to `npm start` or a
   * test sets them (RATE_LIMIT_*, SMTP_URL, OPENAI_*, ...); they win over the embedded defaults.
   * MONGO_URL, REDIS_URL, the SESSION_* and the VAPID_* key pairs, when given, replace the
   * embedded mongod, redis-server and generated keys. SERVICE_REPLICAS (1 by default) runs that many of content,
   * members and ai-worker, the gateway taking them in turn. The stack itself decides each
   * service's PORT and where the gateway finds the others. STACK_SETTINGS come as values; any
   * other setting may come as NAME_FILE, which the services read, and no default stands beside it.
   */
  env?: Record<string, string | undefined>;
  /**
   * The operator's own site (`NODE_ENV=production npm start`): no demo posts or accounts (the
   * settings must name the first admin), no payment stand-in (without Razorpay's keys the site
   * takes no payments), Secure cookies unless COOKIE_SECURE=false, and the gateway on loopback
   * unless HOST names another address. NODE_ENV=production alone (the bench) keeps the demo.
   */
  production?: boolean;
  /** Services to start; all by default. */
  services?: readonly ServiceName[];
  /** Child output: inherit (npm start) or ignore (tests). */
  stdio?: 'inherit' | 'ignore';
  /** LOG_LEVEL unless the settings name one. */
  logLevel?: string;
  /**
   * Run the services from this production file set (scripts/build-production.mjs): each as
   * `node <productionDir>/<service>/dist/main.js` in its own folder there, without tsx.
   */
  productionDir?: string;
}

export interface Stack {
  gatewayUrl: string;
  /** Each service's first replica. */
  urls: Record<ServiceName, string>;
  /** Every replica of each service (SERVICE_REPLICAS of each back-end service, one gateway). */
  replicaUrls: Record<ServiceName, string[]>;
  mongoUrl: string;
  redisUrl: string;
  /** Razorpay's stand-in, when no RAZORPAY_KEY_ID was given, outside production mode. */
  razorpay: RazorpayStandin | undefined;
  env: Record<ServiceName, Record<string, string>>;
  /** Replicas are numbered from 0; without a number, the first. */
  startService(name: ServiceName, replica?: number): Promise<void>;
  stopService(name: ServiceName, signal?: NodeJS.Signals, replica?: number): Promise<void>;
  /** Sends a signal without waiting (SIGSTOP/SIGCONT freeze and thaw a service in tests). */
  signalService(name: ServiceName, signal: NodeJS.Signals, replica?: number): void;
  /** The site's running processes (mongod, redis-server, each service replica) that this stack started. */
  processes(): Array<{ name: string; pid: number }>;
  stop(): Promise<void>;
}

/** Where a server listening on `host` is reached from this machine (every interface: loopback). */
function reachableHost(host: string | undefined) {
  if (!host || host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return net.isIPv6(host) ? `[${host}]` : host;
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
 * A service as its own Node process, started through its main.ts (the one wiring of each service;
 * through tsx, or given the production file set, its compiled dist/main.js in its own folder there)
 * with `env` over PATH and HOME. Answers the child at once: waitForHealth says when it serves.
 */
export function spawnService(
  name: ServiceName,
  env: Record<string, string>,
  options: { productionDir?: string; stdio?: StdioOptions } = {},
): ChildProcess {
  const { productionDir } = options;
  const run = productionDir
    ? { args: [path.join(productionDir, name, 'dist/main.js')], cwd: path.join(productionDir, name) }
    : { args: ['--import', 'tsx', path.join(REPO_ROOT, 'services', name, 'src/main.ts')], cwd: REPO_ROOT };
  return spawn(process.execPath, run.args, {
    cwd: run.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: options.stdio ?? 'ignore',
  });
}

/** Sends a spawned process `signal` and waits until it has exited (at once if it already has). */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * Starts the whole site on this machine: a real mongod, a real redis-server and every service
 * as its own Node process, wired as docker-compose wires them. Used by `npm start` and tests.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = options.dataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const settings = Object.fromEntries(
    Object.entries(options.env ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const mongo = settings.MONGO_URL
    ? { url: settings.MONGO_URL, pid: undefined, stop: async () => {} }
    : await startMongo({ dbPath: dataDir && path.join(dataDir, 'mongo') });
  const redis = settings.REDIS_URL
    ? { url: settings.REDIS_URL, pid: undefined, stop: async () => {} }
    : await startRedis({ dir: dataDir && path.join(dataDir, 'redis') });
  const keys =
    settings.SESSION_PUBLIC_KEY && settings.SESSION_PRIVATE_KEY
      ? { publicKey: settings.SESSION_PUBLIC_KEY, privateKey: settings.SESSION_PRIVATE_KEY }
      : sessionKeyPair(dataDir && path.join(dataDir, 'keys'));
  const vapid =
    settings.VAPID_PUBLIC_KEY && settings.VAPID_PRIVATE_KEY
      ? { publicKey: settings.VAPID_PUBLIC_KEY, privateKey: settings.VAPID_PRIVATE_KEY }
      : vapidKeyPair(dataDir && path.join(dataDir, 'keys'));
  // Without Razorpay keys a development site takes test payments from a local stand-in (the gateway passes its webhooks on).
  const razorpay = settings.RAZORPAY_KEY_ID || options.production ? undefined : await startRazorpayStandin();
  const replicaCount = Number(settings.SERVICE_REPLICAS ?? 1);
  if (!Number.isInteger(replicaCount) || replicaCount < 1)
    throw new Error('SERVICE_REPLICAS must be a whole number from 1');
  const ports: Record<ServiceName, number[]> = {
    content: await freePorts(replicaCount),
    members: await freePorts(replicaCount),
    'ai-worker': await freePorts(replicaCount),
    gateway: [options.gatewayPort ?? (await freePort())],
  };
  // The inner services listen on loopback only; the gateway where HOST says (production mode:
  // loopback by default; development: every interface).
  const gatewayHost = settings.HOST ?? (options.production ? '127.0.0.1' : undefined);
  const hosts: Record<ServiceName, string | undefined> = {
    content: '127.0.0.1',
    members: '127.0.0.1',
    'ai-worker': '127.0.0.1',
    gateway: gatewayHost,
  };
  const replicaUrls = Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, ports[name].map((port) => `http://${reachableHost(hosts[name])}:${port}`)]),
  ) as Record<ServiceName, string[]>;
  const urls = Object.fromEntries(SERVICE_NAMES.map((name) => [name, replicaUrls[name][0]])) as Record<
    ServiceName,
    string
  >;
  const defaults: Record<ServiceName, Record<string, string>> = {
    content: {},
    members: options.production ? {} : { ADMIN_EMAIL: DEMO_ADMIN.email, ADMIN_PASSWORD: DEMO_ADMIN.password },
    'ai-worker': { OUTBOX_DIR: path.join(dataDir ?? path.join(REPO_ROOT, 'var/test-outbox'), 'outbox') },
    gateway: { PWA_DIST: path.join(REPO_ROOT, 'pwa/dist') },
  };
  const wiring: Record<ServiceName, Record<string, string>> = {
    content: { MONGO_URL: databaseUrl(mongo.url, 'coach-content'), VAPID_PUBLIC_KEY: vapid.publicKey },
    members: {
      MONGO_URL: databaseUrl(mongo.url, 'coach-members'),
      SESSION_PRIVATE_KEY: keys.privateKey,
      ...(razorpay && {
        RAZORPAY_KEY_ID: razorpay.keyId,
        RAZORPAY_KEY_SECRET: razorpay.keySecret,
        RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
        RAZORPAY_API_URL: razorpay.apiUrl,
        RAZORPAY_CHECKOUT_URL: razorpay.checkoutUrl,
      }),
    },
    'ai-worker': {
      MONGO_URL: databaseUrl(mongo.url, 'coach-content'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    },
    gateway: {
      CONTENT_URL: replicaUrls.content.join(','),
      MEMBERS_URL: replicaUrls.members.join(','),
      ...(razorpay && { RAZORPAY_CHECKOUT_URL: razorpay.checkoutUrl }),
    },
  };
  if (razorpay) razorpay.webhookUrl = `${urls.gateway}${WEBHOOK_PATHS.razorpay}`;
  // A default gives way to the setting's file (NAME_FILE), which the service reads itself.
  const withoutFiledSettings = (values: Record<string, string>) =>
    Object.fromEntries(Object.entries(values).filter(([name]) => settings[`${name}_FILE`] === undefined));
  const env = Object.fromEntries(
    SERVICE_NAMES.map((name): [ServiceName, Record<string, string>] => [
      name,
      {
        ...withoutFiledSettings({
          NODE_ENV: 'development',
          LOG_LEVEL: options.logLevel ?? 'info',
          SEED_DEMO: options.production ? 'false' : 'true',
          ...(options.production && { COOKIE_SECURE: 'true' }),
          ...(options.productionDir && {
            ...SERVICE_RUNTIME_ENV,
            NODE_OPTIONS: SERVICE_NODE_OPTIONS[name] ?? SERVICE_RUNTIME_ENV.NODE_OPTIONS,
          }),
          ...defaults[name],
        }),
        ...settings,
        REDIS_URL: redis.url,
        SESSION_PUBLIC_KEY: keys.publicKey,
        ...wiring[name],
        ...(hosts[name] && { HOST: hosts[name] }),
        PORT: String(ports[name][0]),
      },
    ]),
  ) as Record<ServiceName, Record<string, string>>;

  /** Running replicas by `name#replica`. */
  const children = new Map<string, ChildProcess>();
  const wanted = options.services ?? SERVICE_NAMES;
  const replicaOf = (name: ServiceName, replica: number) => {
    if (!ports[name][replica]) throw new Error(`${name} has no replica ${replica}`);
    return `${name}#${replica}`;
  };

  async function startService(name: ServiceName, replica = 0) {
    const child = spawnService(
      name,
      { ...env[name], PORT: String(ports[name][replica]) },
      { productionDir: options.productionDir, stdio: options.stdio },
    );
    children.set(replicaOf(name, replica), child);
    await waitForHealth(replicaUrls[name][replica]!, child, replica ? `${name} replica ${replica}` : name);
  }

  async function stopService(name: ServiceName, signal: NodeJS.Signals = 'SIGTERM', replica = 0) {
    const key = replicaOf(name, replica);
    const child = children.get(key);
    children.delete(key);
    if (child) await stopProcess(child, signal);
  }

  function signalService(name: ServiceName, signal: NodeJS.Signals, replica = 0) {
    children.get(replicaOf(name, replica))?.kill(signal);
  }

  function processes() {
    const started: Array<[string, number | undefined]> = [
      ['mongod', mongo.pid],
      ['redis-server', redis.pid],
      ...[...children].map(([key, child]): [string, number | undefined] => [key.replace(/#0$/, ''), child.pid]),
    ];
    return started.flatMap(([name, pid]) => (pid ? [{ name, pid }] : []));
  }

  async function stop() {
    await Promise.all(
      [...children.keys()].map((key) => {
        const [name, replica] = key.split('#') as [ServiceName, string];
        return stopService(name, 'SIGTERM', Number(replica));
      }),
    );
    await redis.stop();
    await mongo.stop();
    await razorpay?.close();
  }

  try {
    // Back-end services first, in parallel; the gateway last so it never serves a 502 at start.
    await Promise.all(
      wanted
        .filter((n) => n !== 'gateway')
        .flatMap((name) => ports[name].map((_, replica) => startService(name, replica))),
    );
    if (wanted.includes('gateway')) await startService('gateway');
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    gatewayUrl: urls.gateway,
    urls,
    replicaUrls,
    mongoUrl: mongo.url,
    redisUrl: redis.url,
    razorpay,
    env,
    startService,
    stopService,
    signalService,
    processes,
    stop,
  };
}
