import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { runRedisServer, startRedis } from './redis.ts';

/**
 * The master's port as this Sentinel names it, asked with Debian's redis-cli (installed with
 * redis-server); undefined when it does not answer or knows no master of that name.
 */
async function masterPortFrom(port: number, name: string): Promise<number | undefined> {
  const args = ['-p', String(port), '--raw', 'SENTINEL', 'get-master-addr-by-name', name];
  try {
    const { stdout } = await promisify(execFile)('redis-cli', args, { timeout: 2000 });
    const [, masterPort] = stdout.trim().split('\n');
    return masterPort ? Number(masterPort) : undefined;
  } catch {
    return undefined;
  }
}

type Server = Awaited<ReturnType<typeof startRedis>>;

/**
 * Redis as Sentinel keeps it on three hosts, on this machine: a master and a replica (each
 * append-only on disk) and three Sentinels watching them under `name`, two of which agree that a
 * master is down after `downAfterMs` and promote the replica. Ports: the two data servers' then
 * the three Sentinels'.
 */
export async function startSentinelRedis(options: {
  ports: number[];
  dir: string;
  name?: string;
  downAfterMs?: number;
}) {
  const { ports, dir, name = 'coach', downAfterMs = 2000 } = options;
  const [masterPort, replicaPort, ...sentinelPorts] = ports as [number, number, ...number[]];
  const dataPorts = [masterPort, replicaPort];
  const servers: (Server | undefined)[] = [undefined, undefined];

  /** Starts data server `index` on its data; the second (or any after a failover) as a replica. */
  async function start(index: number, replicaOf?: number) {
    const args = replicaOf === undefined ? [] : ['--replicaof', '127.0.0.1', String(replicaOf)];
    servers[index] = await startRedis({ port: dataPorts[index], dir: path.join(dir, `redis-${index}`), args });
  }
  await start(0);
  await start(1, masterPort);

  const sentinelConf = (port: number) => path.join(dir, `sentinel-${port}`, 'sentinel.conf');
  /** Sentinel `index`, on the configuration it keeps rewriting (the master it follows now). */
  const startSentinel = (index: number) =>
    runRedisServer([sentinelConf(sentinelPorts[index]!), '--sentinel'], 'Sentinel ID is');
  const sentinels = await Promise.all(
    sentinelPorts.map((port, index) => {
      mkdirSync(path.dirname(sentinelConf(port)), { recursive: true });
      writeFileSync(
        sentinelConf(port),
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${path.dirname(sentinelConf(port))}`,
          `sentinel monitor ${name} 127.0.0.1 ${masterPort} 2`,
          `sentinel down-after-milliseconds ${name} ${downAfterMs}`,
          `sentinel failover-timeout ${name} 10000`,
          `sentinel parallel-syncs ${name} 1`,
          '',
        ].join('\n'),
      );
      return startSentinel(index);
    }),
  );

  /** The data server the Sentinels name as master now. */
  async function masterIndex(): Promise<number | undefined> {
    for (const port of sentinelPorts) {
      const master = await masterPortFrom(port, name);
      if (master) return dataPorts.indexOf(master);
    }
    return undefined;
  }

  async function kill(index: number) {
    const pid = servers[index]?.pid;
    if (pid) process.kill(pid, 'SIGKILL');
    servers[index] = undefined;
    await new Promise((resolve) => setTimeout(resolve, 50)); // the kernel reaps it
  }

  const url = `redis://127.0.0.1:${masterPort}`;
  const sentinelList = sentinelPorts.map((port) => ({ host: '127.0.0.1', port }));
  return {
    name,
    sentinels: sentinelList,
    /** REDIS_SENTINELS's value. */
    sentinelsSetting: sentinelPorts.map((port) => `127.0.0.1:${port}`).join(','),
    /** REDIS_URL's: the password and db only, the Sentinels name the server. */
    url,
    /** Where kit's clients find this Redis (createRedis's target). */
    target: { REDIS_URL: url, REDIS_SENTINELS: sentinelList, REDIS_SENTINEL_NAME: name },
    masterIndex,
    pid: (index: number) => servers[index]?.pid,
    kill,
    killSentinel: (index: number) => process.kill(sentinels[index]!.pid!, 'SIGKILL'),
    restartSentinel: async (index: number) => {
      sentinels[index] = await startSentinel(index);
    },
    /** Starts a killed data server again, as a replica of the master now: as its host would come back. */
    restart: async (index: number) => {
      const master = await masterIndex();
      await start(index, master === undefined || master === index ? undefined : dataPorts[master]);
    },
    stop: async () => {
      await Promise.all(sentinels.map((s) => s.stop()));
      await Promise.all(servers.map((s) => s?.stop()));
    },
  };
}
export type SentinelRedis = Awaited<ReturnType<typeof startSentinelRedis>>;
