import { randomUUID } from 'node:crypto';
import net from 'node:net';
import cookieParser from 'cookie-parser';
import { WEBHOOK_MAX_BYTES, WEBHOOK_TOO_LARGE } from '@coach/contracts';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { pinoHttp } from 'pino-http';
import { errorHandler, HttpError, notFoundApi } from './errors.ts';
import type { Logger } from './logger.ts';

export const BODY_LIMIT = '100kb';
export const REQUEST_ID_HEADER = 'x-request-id';

/** Loopback and private networks: where the gateway reaches the services (one host, or compose's network). */
const GATEWAY_NETWORKS = new net.BlockList();
GATEWAY_NETWORKS.addSubnet('127.0.0.0', 8, 'ipv4');
GATEWAY_NETWORKS.addSubnet('10.0.0.0', 8, 'ipv4');
GATEWAY_NETWORKS.addSubnet('172.16.0.0', 12, 'ipv4');
GATEWAY_NETWORKS.addSubnet('192.168.0.0', 16, 'ipv4');
GATEWAY_NETWORKS.addAddress('::1', 'ipv6');
GATEWAY_NETWORKS.addSubnet('fc00::', 7, 'ipv6');

/** A request's id: the one it came with (from the gateway) when it is a sane value, else a new one. */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}

/** `::ffff:203.0.113.9` and `203.0.113.9` are one client. */
export function normaliseAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/**
 * Services believe X-Forwarded-For only from their direct caller on a private network (the
 * gateway), and only its last entry: the gateway replaces the header with the one address it
 * decided on, so any further entry would be a client's own claim.
 */
export function trustGatewayHop(address: string, hop: number): boolean {
  if (hop !== 0) return false;
  const plain = normaliseAddress(address);
  const family = net.isIP(plain);
  return family !== 0 && GATEWAY_NETWORKS.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** The query parameter that carries a secret: the token of an e-mail's confirm, unsubscribe or reset link. */
const SECRET_PARAM = 'token';
const HIDDEN = '[redacted]';

/** An address as the log shows it: a link's token replaced, the rest as it is. */
function withoutSecrets(url = ''): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  if (!params.has(SECRET_PARAM)) return url;
  params.set(SECRET_PARAM, HIDDEN);
  return `${url.slice(0, at)}?${params}`;
}

/**
 * What a request's log lines say of it: its id, method, address and the address it came from;
 * of its answer, the status. No headers: cookies and credentials never reach the log, and pino
 * writes a request's part when the request's logger is made, whether a line is logged or not, so
 * it is kept small.
 */
const REQUEST_LOG_SERIALIZERS = {
  req: (req: { id?: unknown; method?: string; url?: string; remoteAddress?: string }) => ({
    id: req.id,
    method: req.method,
    url: withoutSecrets(req.url),
    remoteAddress: req.remoteAddress,
  }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
};

export interface AppOptions {
  /** Parse JSON bodies (services); the gateway streams bodies through instead. */
  json?: boolean;
  /** Paths that also read URL-encoded form bodies (a mail client's one-click unsubscribe). */
  formPaths?: string[];
  /** Paths whose JSON body is also kept as its bytes (`rawBodyOf`). */
  rawBodyPaths?: string[];
  /**
   * Paths of signed deliveries: the body is read as bytes alone, at most WEBHOOK_MAX_BYTES (413
   * beyond, unread), and parsed by the route only once its signature holds (`verifiedJson`).
   */
  signedBodyPaths?: string[];
  /** Paths whose multipart bodies (file uploads) the route streams itself. */
  multipartPaths?: RegExp[];
  helmet?: HelmetOptions;
  /** Which proxies' X-Forwarded-For to believe (Express's `trust proxy`): services believe the gateway. */
  trustProxy?: boolean | number | string[] | ((address: string, hop: number) => boolean);
}

/**
 * The Express app every service starts from: security headers, request id (kept from the
 * gateway when it is a sane value), request logs (without the secrets of links), and JSON bodies
 * only.
 */
export function createApp(logger: Logger, options: AppOptions = {}): Express {
  const {
    json = true,
    formPaths = [],
    rawBodyPaths = [],
    signedBodyPaths = [],
    multipartPaths = [],
    trustProxy = trustGatewayHop,
  } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  app.set('query parser', 'simple');
  app.use(helmet(options.helmet));
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = requestIdOf(req);
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/health' },
      serializers: REQUEST_LOG_SERIALIZERS,
    }),
  );
  app.use(cookieParser());
  if (!json) return app;
  if (signedBodyPaths.length) {
    const tooLarge: ErrorRequestHandler = (err: { type?: string }, _req, _res, next) =>
      next(err.type === 'entity.too.large' ? new HttpError(413, WEBHOOK_TOO_LARGE) : err);
    app.use(signedBodyPaths, express.raw({ type: () => true, limit: WEBHOOK_MAX_BYTES, inflate: false }), tooLarge);
  }
  // A body read above is not read again.
  app.use(
    express.json({
      limit: BODY_LIMIT,
      strict: true,
      verify: (req, _res, bytes) => {
        if (rawBodyPaths.includes((req as Request).path)) RAW_BODIES.set(req, bytes);
      },
    }),
  );
  app.use((req, _res, next) => {
    if (nestingExceeds(req.body, MAX_BODY_DEPTH)) throw new HttpError(400, BODY_TOO_DEEP);
    next();
  });
  if (formPaths.length) app.use(formPaths, express.urlencoded({ limit: BODY_LIMIT, extended: false }));
  // A write with a body that is not JSON (or a form where one is read) is refused rather than silently read as empty.
  app.use((req, _res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    const form = formPaths.includes(req.path) && req.is('application/x-www-form-urlencoded');
    const upload = multipartPaths.some((path) => path.test(req.path)) && req.is('multipart/form-data');
    if (length > 0 && !req.is('application/json') && !form && !upload) {
      throw new HttpError(400, 'Send the body as JSON (Content-Type: application/json)');
    }
    next();
  });
  return app;
}

/** Marks the answers of the routes it guards as never cached: they are one person's, or change at once. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * How deep a JSON body may nest: no body of the site goes past a few levels, and a deeper one
 * (thousands of levels fit in 100 kB) would exhaust the stack of whatever walks it later.
 */
export const MAX_BODY_DEPTH = 32;
export const BODY_TOO_DEEP = 'The request body is nested too deeply';

/** Whether `value` holds arrays or objects more than `limit` levels deep, found without recursion. */
export function nestingExceeds(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

const RAW_BODIES = new WeakMap<object, Buffer>();

/** The bytes of a JSON body as they came, on a path of `rawBodyPaths`; undefined when there was none. */
export const rawBodyOf = (req: Request): Buffer | undefined => RAW_BODIES.get(req);

/**
 * The JSON of a delivery on a `signedBodyPaths` path, parsed only once `signed` holds over its
 * bytes as they came; otherwise the error `refusal` makes is thrown and the body is never parsed.
 * The error is made only then: an error takes its stack trace when it is made, and a provider's
 * burst of genuine deliveries would pay for one each.
 */
export function verifiedJson(req: Request, signed: (raw: Buffer) => boolean, refusal: () => HttpError): unknown {
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (!signed(raw)) throw refusal();
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
}

/** Adds the 404 for unknown API paths and the error mapper; call after the routes. */
export function finishApp(app: Express, logger: Logger): Express {
  app.use(notFoundApi);
  app.use(errorHandler(logger));
  return app;
}
