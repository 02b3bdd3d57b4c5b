import { gzipSync } from 'node:zlib';
import type { Request, RequestHandler } from 'express';
import { clientOf } from '../client/client-address.ts';

/** Public reads the gateway may answer itself for a short time: the same for every visitor. */
const CACHEABLE = new Set(['/api/site-stats', '/api/blog/posts']);
/** Writes through this gateway that make a cached read stale at once. */
const INVALIDATES: Array<[RegExp, string]> = [
  [/^\/api\/site-stats\//, '/api/site-stats'],
  [/^\/api\/admin\/blog-posts(\/|$)/, '/api/blog/posts'],
  [/^\/api\/blog\/generate-daily$/, '/api/blog/posts'],
];

interface Entry {
  expires: number;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The body gzipped, made for the first client that accepts it: once per entry, not per answer. */
  gzipped?: Buffer;
}

/** Bodies smaller than this go uncompressed, from the cache as from the gateway's compression. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * A micro-cache in front of the proxy for the two hottest public reads. Entries live
 * `ttlSeconds` (1 s by default), concurrent misses share one upstream call, writes passing
 * through this gateway drop the entry they change (and any read of it still on its way), and
 * If-None-Match gets a 304. Browsers are still told `no-cache`, so they revalidate every time.
 * A client that accepts gzip gets the entry gzipped once, instead of compressed again for every
 * answer. While content is away or answers
 * a server error, the last good answer is served instead (X-Cache: STALE), so the public lists
 * stay readable through an outage. With ttl 0 it is off. It sits before the rate limiter:
 * answering from memory costs less than the limit check itself.
 */
export function publicReadCache(contentUrl: () => string, ttlSeconds: number): RequestHandler {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry>>();

  async function load(path: string, req: Request): Promise<Entry> {
    const res = await fetch(`${contentUrl()}${path}`, {
      headers: { 'x-request-id': String(req.id), 'x-forwarded-for': clientOf(req) },
      signal: AbortSignal.timeout(10_000),
    });
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'etag', 'cache-control', 'link', 'retry-after']) {
      const value = res.headers.get(name);
      if (value) headers[name] = value;
    }
    return {
      expires: Date.now() + ttlSeconds * 1000,
      status: res.status,
      headers,
      body: Buffer.from(await res.arrayBuffer()),
    };
  }

  return async (req, res, next) => {
    if (ttlSeconds <= 0 || !req.path.startsWith('/api/')) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      for (const [pattern, path] of INVALIDATES) {
        if (!pattern.test(req.path)) continue;
        const invalidate = () => {
          entries.delete(path);
          inFlight.delete(path);
        };
        // Now, and once the write is answered: a read that left in between may carry what was
        // true before the write was done.
        invalidate();
        res.once('finish', invalidate);
      }
      return next();
    }
    if (!CACHEABLE.has(req.path) || req.url !== req.path) return next();
    let entry = entries.get(req.path);
    let state = entry !== undefined && entry.expires >= Date.now() ? 'HIT' : 'MISS';
    if (state === 'MISS') {
      let pending = inFlight.get(req.path);
      if (!pending) {
        // A read is kept only while it is the path's read in flight: a write passing meanwhile
        // dropped it, and what it brings back may be from before that write.
        const current = () => inFlight.get(req.path) === loading;
        const loading: Promise<Entry> = load(req.path, req)
          .then((loaded) => {
            if (loaded.status === 200 && current()) entries.set(req.path, loaded);
            return loaded;
          })
          .finally(() => {
            if (current()) inFlight.delete(req.path);
          });
        pending = loading;
        inFlight.set(req.path, loading);
      }
      const fresh = await pending.catch(() => undefined);
      if (fresh && (fresh.status < 500 || !entry)) entry = fresh;
      else if (entry) state = 'STALE';
    }
    if (!entry) return next(); // let the proxy answer (and report 503/504) for this request
    res.set(entry.headers).set('X-Cache', state).vary('Accept-Encoding');
    if (entry.headers.etag && req.get('if-none-match') === entry.headers.etag) return res.status(304).end();
    if (entry.body.length >= COMPRESS_FROM_BYTES && req.acceptsEncodings('gzip') === 'gzip') {
      entry.gzipped ??= gzipSync(entry.body);
      return res.status(entry.status).set('Content-Encoding', 'gzip').send(entry.gzipped);
    }
    res.status(entry.status).send(entry.body);
  };
}
