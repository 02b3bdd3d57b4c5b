import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  freePorts,
  startReplicaSet,
  startSentinelRedis,
  startStack,
  startTestSmtp,
  type ServiceName,
} from '@coach/dev-stack';
import { chaosStackOptions } from './site.ts';

/** The back-end services, each with a replica on every "host". */
const BACK_END: ServiceName[] = ['content', 'members', 'ai-worker'];

/**
 * The site as three hosts run it, on this machine: MongoDB as a three-member replica set, Redis
 * as a master, a replica and three Sentinels, a real SMTP server that counts what it accepts,
 * and `replicas` of each back-end service pointed at them through MONGO_URL's replica set and
 * REDIS_SENTINELS.
 */
export async function startFailoverSite(replicas: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coach-failover-'));
  const [mongo, redis] = await Promise.all([
    startReplicaSet({ ports: await freePorts(3), dir: path.join(dir, 'mongo') }),
    startSentinelRedis({ ports: await freePorts(5), dir: path.join(dir, 'redis') }),
  ]);
  const smtp = await startTestSmtp();
  const stack = await startStack(
    chaosStackOptions({
      SERVICE_REPLICAS: String(replicas),
      MONGO_URL: mongo.url,
      REDIS_URL: redis.url,
      REDIS_SENTINELS: redis.sentinelsSetting,
      REDIS_SENTINEL_NAME: redis.name,
      SMTP_URL: smtp.url,
    }),
  ).catch(async (err) => {
    await Promise.all([mongo.stop(), redis.stop(), smtp.stop()]);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  });

  /** A "host": one mongod, one Redis data server, one Sentinel and one replica of each back-end service. */
  async function killHost(host: number) {
    redis.killSentinel(host);
    await Promise.all([
      mongo.kill(host),
      redis.kill(host),
      ...BACK_END.map((service) => stack.stopService(service, 'SIGKILL', host)),
    ]);
  }

  async function restartHost(host: number) {
    await Promise.all([mongo.start(host), redis.restart(host), redis.restartSentinel(host)]);
    await Promise.all(BACK_END.map((service) => stack.startService(service, host)));
  }

  async function stop() {
    await stack.stop();
    await Promise.all([redis.stop(), mongo.stop(), smtp.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }

  return { stack, smtp, mongo, redis, killHost, restartHost, stop };
}
export type FailoverSite = Awaited<ReturnType<typeof startFailoverSite>>;
