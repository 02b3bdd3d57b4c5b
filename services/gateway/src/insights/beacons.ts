import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import {
  BEACON_BATCH_PATH,
  BEACON_MAX_BYTES,
  BEACON_PATH,
  beaconHeadersSchema,
  beaconSchema,
  type BeaconBatch,
  type BeaconHeaders,
} from '@coach/contracts';
import {
  BODY_TOO_DEEP,
  errorHandler,
  HttpError,
  MAX_BODY_DEPTH,
  nestingExceeds,
  parse,
  REQUEST_ID_HEADER,
  requestIdOf,
  type Logger,
} from '@coach/kit';
import type { Express, Request, RequestHandler, Response } from 'express';
import { clientOf } from '../client/client-address.ts';

/** How long a beacon taken waits for others before they go to content together (which stores them every half second). */
const FLUSH_EVERY_MS = 500;
/**
 * A batch's JSON at most, nearly (content reads bodies of up to 100 kB): the batch that passes it
 * ends with one beacon of at most about 40 kB (4 kB of events, a user agent and cookies).
 */
const BATCH_BYTES = 48 * 1024;
/** Beacons in one batch at most (beaconBatchSchema's limit). */
const BATCH_BEACONS = 1000;
/** Beacons kept for content while it does not take them (away, or restarting); the oldest go first beyond it. */
const HELD_AT_MOST = 20_000;
/** How long a batch content did not take waits before it is sent again. */
const RETRY_AFTER_MS = 1000;
const SEND_TIMEOUT_MS = 5000;
const BEACON_HEADERS = Object.keys(beaconHeadersSchema.shape) as Array<keyof BeaconHeaders>;
/** What body-parser reads as JSON, strictly: an object or an array (anything else is malformed). */
const FIRST_CHAR = /^[ \t\n\r]*(.)/;

type Held = BeaconBatch['beacons'][number];

/** The headers a middleware sets on every answer whatever the request (helmet's), found once. */
export function headersSetBy(middleware: RequestHandler): Array<[string, string]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let passed = false;
  void middleware({ headers: {} } as Request, res as unknown as Response, () => (passed = true));
  if (!passed) throw new Error('the middleware did not pass the request on');
  return [...headers];
}

/**
 * Whether a request is a beacon as the site's pages send it: POST to the beacon's address, a JSON
 * body of a declared length the beacon's limit allows, not encoded, in UTF-8. Anything else takes
 * the gateway's ordinary way to content, which answers it as it always did.
 */
function isPlainBeacon(req: IncomingMessage): boolean {
  if (req.method !== 'POST' || req.url !== BEACON_PATH) return false;
  const length = Number(req.headers['content-length']);
  if (!(length > 0 && length <= BEACON_MAX_BYTES)) return false;
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return false;
  const [type, ...params] = (req.headers['content-type'] ?? '').split(';');
  if (type!.trim().toLowerCase() !== 'application/json') return false;
  return params.every((param) => {
    const [name, value] = param.split('=').map((part) => part.trim().toLowerCase());
    return name !== 'charset' || value === 'utf-8' || value === '"utf-8"';
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    // A client gone before its body's end: nothing to answer.
    req.on('close', () => {
      if (!req.complete) reject(new Error('the client left before its beacon was read'));
    });
  });
}

/** A beacon's body read as content reads it: JSON (strictly), nested at most MAX_BODY_DEPTH, then its schema. */
function beaconOf(text: string) {
  const first = FIRST_CHAR.exec(text)?.[1];
  let json: unknown;
  try {
    if (first !== '{' && first !== '[') throw new SyntaxError('not an object or array');
    json = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
  if (nestingExceeds(json, MAX_BODY_DEPTH)) throw new HttpError(400, BODY_TOO_DEEP);
  return parse(beaconSchema, json);
}

/**
 * Runs Express middlewares in turn outside the app, as its router does: `done()` once the last
 * passes the request on, `done(err)` when one refuses it (throwing, rejecting or passing an error).
 */
function runAll(middlewares: RequestHandler[], req: Request, res: Response, done: (err?: unknown) => void) {
  let index = 0;
  const next = (err?: unknown) => {
    if (err) return done(err);
    const middleware = middlewares[index++];
    if (!middleware) return done();
    try {
      const ran: unknown = middleware(req, res, next);
      if (ran instanceof Promise) ran.catch(done);
    } catch (thrown) {
      done(thrown);
    }
  };
  next();
}

export interface BeaconIntakeOptions {
  /** The gateway's app: its request and response helpers and settings (the trusted proxies). */
  app: Express;
  /**
   * What the gateway's way to content runs on a beacon before the proxy, in order: deciding who
   * the client is, the cross-site guard and the write budget.
   */
  guards: RequestHandler[];
  /** The security headers (helmet's) every answer of the gateway carries. */
  securityHeaders: Array<[string, string]>;
  /** The next content replica in turn. */
  contentUrl: () => string;
  logger: Logger;
}

/**
 * The insights beacon, taken by the gateway itself before its Express app: a page sends one with
 * every few views and clicks, the most frequent request the site gets, and one that nobody waits
 * for. It passes the same guards as any API write (the client's address decided once, the
 * cross-site guard, the per-client write budget: 403 or 429 as before), is read and checked as
 * content checks it (400 with the same messages), and is answered 204 with the gateway's security
 * headers at once, without a request log line. Beacons taken go to content in batches, at least
 * every FLUSH_EVERY_MS, each with the address and the headers content decides on (POST
 * BEACON_BATCH_PATH): content still decides what is counted (robots, Do Not Track, the coach).
 * While content does not take them they are held (up to HELD_AT_MOST) and sent again; a gateway
 * stopping sends what it holds first. A beacon that is not the site's plain kind (chunked,
 * encoded, not JSON, too large) takes the ordinary way, through the app to content.
 */
export function beaconIntake({ app, guards, securityHeaders, contentUrl, logger }: BeaconIntakeOptions) {
  const answerError = errorHandler(logger);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  /** The beacons taken and not yet handed over, each as its batch entry's JSON. */
  let held: string[] = [];
  let heldBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> | undefined;
  /** The flush asked for while one runs. */
  let next: Promise<void> | undefined;

  function schedule(ms: number) {
    timer ??= setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
    timer.unref();
  }

  function hold(entry: Held) {
    const json = JSON.stringify(entry);
    held.push(json);
    heldBytes += json.length + 1;
    if (held.length > HELD_AT_MOST) {
      const dropped = held.splice(0, held.length - HELD_AT_MOST);
      heldBytes -= dropped.reduce((bytes, item) => bytes + item.length + 1, 0);
      logger.warn({ dropped: dropped.length }, 'content took no beacons for a while: the oldest held were dropped');
    }
    if (heldBytes >= BATCH_BYTES || held.length >= BATCH_BEACONS) void flush();
    else schedule(FLUSH_EVERY_MS);
  }

  /** Sends one batch; false when content did not take it (to be sent again). */
  function send(batch: string[]): Promise<boolean> {
    const body = `{"beacons":[${batch.join(',')}]}`;
    return new Promise((resolve) => {
      const failed = (err: unknown) => {
        logger.warn({ err, beacons: batch.length }, 'beacons not handed to content yet');
        resolve(false);
      };
      const req = http.request(
        `${contentUrl()}${BEACON_BATCH_PATH}`,
        {
          method: 'POST',
          agent,
          timeout: SEND_TIMEOUT_MS,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('error', failed);
          res.on('end', () => {
            const status = res.statusCode ?? 500;
            if (status >= 500) return failed(new Error(`content answered ${status}`));
            if (status >= 300) logger.error({ status, beacons: batch.length }, 'content refused a batch of beacons');
            resolve(true);
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`content took no batch within ${SEND_TIMEOUT_MS} ms`)));
      req.on('error', failed);
      req.end(body);
    });
  }

  /**
   * Sends the beacons held when it starts, a batch at a time; those that come meanwhile wait for
   * the next flush (a full batch, the timer, or one asked for now), so a steady stream goes in full
   * batches, not in one small batch per round trip. One flush at a time: one asked for during
   * another runs right after it.
   */
  function flush(): Promise<void> {
    if (sending) {
      next ??= sending.then(() => {
        next = undefined;
        return flush();
      });
      return next;
    }
    sending = (async () => {
      clearTimeout(timer);
      timer = undefined;
      let left = held.length;
      while (left > 0 && held.length > 0) {
        let bytes = 0;
        let count = 0;
        // Never more than are held: the oldest are dropped while content takes none.
        const most = Math.min(left, held.length, BATCH_BEACONS);
        while (count < most && bytes < BATCH_BYTES) bytes += held[count++]!.length + 1;
        const batch = held.splice(0, count);
        heldBytes -= bytes;
        left -= count;
        if (!(await send(batch))) {
          held = [...batch, ...held];
          heldBytes += bytes;
          schedule(RETRY_AFTER_MS);
          return;
        }
      }
    })().finally(() => {
      sending = undefined;
    });
    return sending;
  }

  async function take(req: Request, res: Response): Promise<void> {
    await new Promise<void>((resolve, reject) => runAll(guards, req, res, (err) => (err ? reject(err) : resolve())));
    const beacon = beaconOf(await readBody(req));
    const headers: BeaconHeaders = {};
    for (const name of BEACON_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    hold({ beacon, address: clientOf(req), headers });
    res.writeHead(204).end();
  }

  /** Takes the request if it is a plain beacon; false when it is the app's to answer. */
  function handle(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
    if (!isPlainBeacon(incoming)) return false;
    // Express's request and response, as its app makes them, for the guards and the error answers.
    const req = Object.setPrototypeOf(incoming, app.request) as Request;
    const res = Object.setPrototypeOf(outgoing, app.response) as Response;
    Object.assign(req, { res, originalUrl: req.url });
    Object.assign(res, { req, locals: {} });
    const id = requestIdOf(req);
    (req as { id?: unknown }).id = id;
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    res.setHeader(REQUEST_ID_HEADER, id);
    res.setHeader('Cache-Control', 'no-store');
    take(req, res).catch((err: unknown) => {
      if (res.headersSent) return res.destroy();
      // The body unread (a guard refused the beacon) is read to its end, so the connection serves again.
      if (!req.complete) req.resume();
      answerError(err, req, res, () => {});
    });
    return true;
  }

  return {
    handle,
    /** Sends every beacon held now (a gateway stopping). */
    flush,
  };
}
export type BeaconIntake = ReturnType<typeof beaconIntake>;
