import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  startMongo,
  startRedis,
  startStack,
  startTestSmtp,
  type ServiceName,
  type Stack,
} from '@coach/dev-stack';

/** The coach's inbox: contact notifications land here. */
export const COACH_EMAIL = 'coach@chaos.example';

/**
 * How a fault suite starts the site: silent unless CHAOS_LOG_LEVEL is set, the coach's inbox on
 * the suite's SMTP server, no per-address limit, and `env` (where MongoDB, Redis and SMTP are).
 */
export function chaosStackOptions(env: Record<string, string>) {
  const many = '1000000000';
  return {
    logLevel: process.env.CHAOS_LOG_LEVEL ?? 'silent',
    stdio: process.env.CHAOS_LOG_LEVEL ? ('inherit' as const) : ('ignore' as const),
    env: {
      COACH_EMAIL,
      // One client address sends the whole load: no per-address limit may refuse it.
      RATE_LIMIT_READS_PER_MINUTE: many,
      RATE_LIMIT_WRITES_PER_MINUTE: many,
      CHAT_RATE_LIMIT_PER_MINUTE: many,
      // Thousands of test subscribers: the daily post proven here e-mails none of them.
      DAILY_POST_SEND_TO_SUBSCRIBERS: 'false',
      ...env,
    },
  };
}

/**
 * The site the fault suite breaks: a real mongod and redis-server that keep their data on disk
 * (so a killed one comes back with it, as in production), a real SMTP server that counts what it
 * accepts, and the embedded stack with `replicas` of each back-end service.
 */
export async function startChaosSite(replicas: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coach-chaos-'));
  const mongoDir = path.join(dir, 'mongo');
  const redisDir = path.join(dir, 'redis');
  const mongoPort = await freePort();
  let mongo = await startMongo({ dbPath: mongoDir, port: mongoPort });
  let redis = await startRedis({ dir: redisDir });
  const smtp = await startTestSmtp();
  /** Its data servers and the SMTP server, stopped and their folder removed. */
  async function stopServers() {
    await redis.stop();
    await mongo.stop().catch(() => {});
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  let stack: Stack;
  try {
    stack = await startStack(
      chaosStackOptions({
        SERVICE_REPLICAS: String(replicas),
        MONGO_URL: mongo.url,
        REDIS_URL: redis.url,
        SMTP_URL: smtp.url,
      }),
    );
  } catch (err) {
    // A site that does not start leaves no server running behind the failed suite.
    await stopServers();
    throw err;
  }

  /** A component of the site: infrastructure, or one replica of a service. */
  async function kill(part: Part) {
    if (part.kind === 'mongod') process.kill(mongo.pid!, 'SIGKILL');
    else if (part.kind === 'redis-server') process.kill(redis.pid!, 'SIGKILL');
    else await stack.stopService(part.service, 'SIGKILL', part.replica);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the kernel reaps it
  }

  async function restart(part: Part) {
    if (part.kind === 'mongod') {
      await mongo.stop().catch(() => {});
      mongo = await startMongo({ dbPath: mongoDir, port: mongoPort });
    } else if (part.kind === 'redis-server') {
      redis = await startRedis({ dir: redisDir, port: Number(new URL(redis.url).port) });
    } else await stack.startService(part.service, part.replica);
  }

  function signal(part: Part, sig: 'SIGSTOP' | 'SIGCONT') {
    if (part.kind === 'mongod') process.kill(mongo.pid!, sig);
    else if (part.kind === 'redis-server') process.kill(redis.pid!, sig);
    else stack.signalService(part.service, sig, part.replica);
  }

  async function stop() {
    await stack.stop();
    await stopServers();
  }

  return { stack, smtp, mongoUrl: mongo.url, redisUrl: redis.url, kill, restart, signal, stop };
}

export type Part =
  { kind: 'mongod' } | { kind: 'redis-server' } | { kind: 'service'; service: ServiceName; replica: number };

export const partName = (part: Part) =>
  part.kind === 'service' ? `${part.service}${part.service === 'gateway' ? '' : ` #${part.replica + 1}`}` : part.kind;

export type ChaosSite = Awaited<ReturnType<typeof startChaosSite>>;
