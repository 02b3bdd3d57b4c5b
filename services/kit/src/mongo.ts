import mongoose from 'mongoose';
import { stopOnSettings } from './config.ts';
import { DEPENDENCY_TIMEOUT_MS } from './errors.ts';
import type { Logger } from './logger.ts';
import { createOutageReport } from './outage.ts';

/** How long a service waits at start for MongoDB to answer, and how often it asks. */
export const MONGO_START_WAIT_MS = 60_000;
const START_RETRY_MS = 2000;
/**
 * How often each member of a replica set is asked whether it is the primary. A primary lost with
 * its host neither answers nor refuses, and an operation that times out on it does not make the
 * driver doubt it: only this check does, and the check finds the new primary (MongoDB before 4.4
 * does not announce one). The driver's 10 s would add up to 10 s to an election; a check costs a
 * round trip.
 */
const REPLICA_SET_CHECK_MS = 1000;

// Defence in depth: query filters never take operators from input ({"$gt": ""} stays a value).
mongoose.set('sanitizeFilter', true);
mongoose.set('strictQuery', true);
// A query's own call stack is taken (an Error) only to explain one run twice, which this code never
// does; taking it on every query costs each request a stack trace and its garbage.
mongoose.set('skipOriginalStackTraces', true);

/**
 * Connects mongoose. While the server is unreachable it logs one warning, naming the server
 * (never the URL's credentials), and one line once it is back.
 *
 * No operation waits on an unreachable or frozen server longer than DEPENDENCY_TIMEOUT_MS: no
 * buffering while disconnected, and server selection, connecting and every reply are bounded by
 * it; a replica set's election holds a request that long (a read or write cut off by the old
 * primary's step-down is retried once on the new one). The request then answers 503. A single
 * server has no other member to retry a read on: there reads are not retried, which would only
 * double the wait before the 503.
 *
 * A server that cannot be reached at start is waited for, a warning each try, up to `waitMs`
 * (a Swarm starts a service beside its database, and a process that exits and starts again
 * costs the host a start each time); then the process stops with a message naming MONGO_URL,
 * as a wrong setting does.
 */
export async function connectMongo(
  url: string,
  logger: Logger,
  { waitMs = MONGO_START_WAIT_MS }: { waitMs?: number } = {},
): Promise<typeof mongoose> {
  const giveUpAt = Date.now() + waitMs;
  const replicaSet = /[?&]replicaSet=/.test(url);
  for (;;) {
    try {
      await mongoose.connect(url, {
        maxPoolSize: 20,
        bufferCommands: false,
        serverSelectionTimeoutMS: DEPENDENCY_TIMEOUT_MS,
        connectTimeoutMS: DEPENDENCY_TIMEOUT_MS,
        socketTimeoutMS: DEPENDENCY_TIMEOUT_MS,
        retryReads: replicaSet,
        ...(replicaSet && { heartbeatFrequencyMS: REPLICA_SET_CHECK_MS }),
      });
      break;
    } catch (err) {
      const why = unreachableAtStart(url, err);
      if (Date.now() >= giveUpAt) return stopOnSettings([`  MONGO_URL: ${why}`]);
      logger.warn({ reason: why }, 'waiting for MongoDB');
      await new Promise((resolve) => setTimeout(resolve, START_RETRY_MS));
    }
  }
  const { connection } = mongoose;
  const outage = createOutageReport(logger, 'mongodb', {
    server: `${connection.host}:${connection.port}`,
    db: connection.name,
  });
  // 'disconnected' after 'disconnecting' is a deliberate close, not an outage.
  let closing = false;
  connection.on('disconnecting', () => {
    closing = true;
    outage.closed(connection);
  });
  connection.on('connected', () => (closing = false));
  connection.on('disconnected', () => {
    if (!closing) outage.lost(connection);
  });
  connection.on('reconnected', () => outage.back(connection));
  return mongoose;
}

/** Why MONGO_URL's servers could not be used at start, naming hosts and set, never credentials. */
function unreachableAtStart(url: string, err: unknown): string {
  const hosts = /^mongodb(?:\+srv)?:\/\/(?:[^@/]*@)?([^/?]+)/.exec(url)?.[1] ?? 'its hosts';
  const replicaSet = /[?&]replicaSet=([^&]+)/.exec(url)?.[1];
  const servers = (err as { reason?: { servers?: Map<string, { setName?: string | null; error?: unknown }> } }).reason
    ?.servers;
  const seen = [...(servers?.values() ?? [])].map((s) => s.setName).filter((name): name is string => !!name);
  if (replicaSet && seen.length > 0 && !seen.includes(replicaSet)) {
    return `no member of replica set '${replicaSet}' at ${hosts}: they belong to '${[...new Set(seen)].join("', '")}'`;
  }
  const what = replicaSet ? `a primary of replica set '${replicaSet}'` : 'MongoDB';
  return `${what} did not answer at ${hosts} within ${DEPENDENCY_TIMEOUT_MS} ms (${(err as Error).message})`;
}

/**
 * JSON shape shared by every model: `id` instead of `_id`, ISO dates, no `__v`.
 * Pass as `toJSON` in a schema's options.
 */
export const jsonShape = {
  virtuals: true,
  versionKey: false,
  transform: (_doc: unknown, ret: Record<string, unknown>) => {
    delete ret._id;
    return ret;
  },
};

/**
 * Whether a write failed on a unique index (MongoDB's duplicate-key error, code 11000); for a
 * bulk write, whether every write that failed did.
 */
export function isDuplicateKey(err: unknown): boolean {
  type WriteError = { code?: number; err?: { code?: number } };
  const { code, writeErrors } = (err ?? {}) as { code?: number; writeErrors?: WriteError[] };
  // Mongoose's insertMany copies each write error into a plain object: the code is then in `err`.
  return writeErrors?.length ? writeErrors.every((e) => (e.code ?? e.err?.code) === 11000) : code === 11000;
}

/** Answers null for a write refused as a duplicate key, rethrows any other failure: for a `.catch`. */
export function nullIfDuplicate(err: unknown): null {
  if (isDuplicateKey(err)) return null;
  throw err;
}

/**
 * Runs a write again when it loses a race on a unique key, `tries` times at most: two first-ever
 * upserts of the same row both insert, and the loser's retry updates the winner's row; a write
 * that picks a free value (a slug) picks again.
 */
export async function retryOnDuplicateKey<T>(write: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isDuplicateKey(err) || attempt >= tries) throw err;
    }
  }
}
