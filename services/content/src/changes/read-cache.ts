import { createHash } from 'node:crypto';
import type { Changes } from './changes.ts';

/** A value as read, and until when it holds by itself (a scheduled post's time: then it changes with no write). */
export interface Built<V> {
  value: V;
  expiresAt?: number;
}

export interface ReadCacheOptions<V> {
  /** Reads the value of `key` afresh. */
  build: (key: string) => Promise<Built<V>>;
  /** The writes that change the values: each drops every value at once, in this replica and the others. */
  changes: Changes;
  /**
   * A cheap summary of the stored data that any write changes, made through this service or not
   * (a script, another process): a value kept is checked against it at most every `checkEveryMs`,
   * and dropped when it changed since the value was read.
   */
  fingerprint?: () => Promise<string>;
  checkEveryMs?: number;
  /** The longest a value is kept, whatever else happens. */
  maxAgeMs: number;
  /** Values kept at most; the one read least recently goes first. */
  maxEntries?: number;
  /** With `sizeOf`, the bytes the values kept may hold together, the least recently read going first beyond. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
}

interface Entry<V> {
  /** When it was asked for: the data it holds was read after this. */
  startedAt: number;
  /** Its value's size (sizeOf), once read. */
  bytes: number;
  /** When the data's fingerprint was last found unchanged. */
  checkedAt: number;
  built: Promise<Built<V> & { fingerprint?: string }>;
}

/**
 * Values read once and answered from memory until a change makes them stale: a write through any
 * replica (`changes`), a change of the data's fingerprint, their own expiry, or `maxAgeMs`.
 * Concurrent requests for a value not kept share one read. A value being read when a write is
 * told is given to those already waiting for it, never kept: the next request reads again.
 * A failed read (the database away) is not kept either, and fails its waiting requests.
 */
export function createReadCache<V>(options: ReadCacheOptions<V>) {
  const {
    build,
    changes,
    fingerprint,
    checkEveryMs = 500,
    maxAgeMs,
    maxEntries = 100,
    maxBytes = Infinity,
    sizeOf = () => 0,
  } = options;
  const entries = new Map<string, Entry<V>>();
  let pending: Promise<{ value: string; startedAt: number }> | undefined;
  /** The fingerprint read last, and when its read started: the writes before then are in it. */
  let latest: { value: string; startedAt: number } | undefined;

  /**
   * The data's fingerprint, read at `since` or later; concurrent callers share one read, and a read
   * started in the last half of `checkEveryMs` serves every value checked meanwhile.
   */
  function fingerprintSince(read: () => Promise<string>, since: number) {
    if (latest && latest.startedAt >= since) return Promise.resolve(latest);
    pending ??= (async () => {
      const startedAt = Date.now();
      const value = await read();
      return (latest = { value, startedAt });
    })().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  function clear() {
    entries.clear();
  }
  const stopListening = changes.on(clear);

  function start(key: string, now: number): Entry<V> {
    const built = (async () => {
      // The fingerprint first: a write after it, even one made while the value is read, changes it.
      const before = fingerprint ? (await fingerprintSince(fingerprint, now)).value : undefined;
      return { ...(await build(key)), fingerprint: before };
    })();
    const entry: Entry<V> = { startedAt: now, bytes: 0, checkedAt: now, built };
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    built.then(
      ({ value }) => {
        entry.bytes = sizeOf(value);
        if (entries.get(key) === entry) evictBeyond(maxBytes);
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry;
  }

  /** Drops the values read least recently until those kept hold at most `bytes`. */
  function evictBeyond(bytes: number) {
    let kept = 0;
    for (const entry of entries.values()) kept += entry.bytes;
    for (const [key, entry] of entries) {
      if (kept <= bytes) return;
      entries.delete(key);
      kept -= entry.bytes;
    }
  }

  /** The entry's value when it still holds, else undefined (and the entry dropped). */
  async function stillTrue(key: string, entry: Entry<V>, now: number): Promise<V | undefined> {
    const built = await entry.built;
    const expired = now - entry.startedAt >= maxAgeMs || (built.expiresAt !== undefined && now >= built.expiresAt);
    let holds = !expired;
    if (holds && fingerprint && now - entry.checkedAt >= checkEveryMs) {
      const current = await fingerprintSince(fingerprint, now - checkEveryMs / 2);
      holds = current.value === built.fingerprint;
      if (holds) entry.checkedAt = Math.max(entry.checkedAt, current.startedAt);
      else if (entries.get(key) === entry) clear(); // the data changed: nothing kept before holds
    }
    if (holds) return built.value;
    if (entries.get(key) === entry) entries.delete(key);
    return undefined;
  }

  async function get(key: string): Promise<V> {
    const now = Date.now();
    const kept = entries.get(key);
    if (kept) {
      const value = await stillTrue(key, kept, now).catch((err: unknown) => {
        if (entries.get(key) === kept) entries.delete(key);
        throw err;
      });
      if (value !== undefined) {
        // Read last: the least recently read goes first.
        if (entries.get(key) === kept) {
          entries.delete(key);
          entries.set(key, kept);
        }
        return value;
      }
    }
    let entry = entries.get(key);
    if (!entry || entry === kept) entry = start(key, Date.now());
    return (await entry.built).value;
  }

  return { get, clear, close: stopListening };
}
export type ReadCache<V> = ReturnType<typeof createReadCache<V>>;

/** The weak ETag of an answer kept as made: the same for each of its encodings. */
export const weakEtagOf = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;
