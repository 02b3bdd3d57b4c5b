import { randomUUID } from 'node:crypto';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { pinoHttp } from 'pino-http';
import { errorHandler, HttpError, notFoundApi } from './errors.ts';
import type { Logger } from './logger.ts';

export const BODY_LIMIT = '100kb';
export const REQUEST_ID_HEADER = 'x-request-id';

export interface AppOptions {
  /** Parse JSON bodies (services); the gateway streams bodies through instead. */
  json?: boolean;
  helmet?: HelmetOptions;
  /** Which proxies' X-Forwarded-For to believe: services sit behind the gateway. */
  trustProxy?: string | boolean;
}

/**
 * The Express app every service starts from: security headers, request id (kept from the
 * gateway when it is a sane value), request logs, and JSON bodies only.
 */
export function createApp(logger: Logger, options: AppOptions = {}): Express {
  const { json = true, trustProxy = 'loopback, linklocal, uniquelocal' } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  app.set('query parser', 'simple');
  app.use(helmet(options.helmet));
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers[REQUEST_ID_HEADER];
        const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/health' },
    }),
  );
  app.use(cookieParser());
  if (!json) return app;
  app.use(express.json({ limit: BODY_LIMIT, strict: true }));
  // A write with a body that is not JSON is refused rather than silently read as empty.
  app.use((req, _res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > 0 && !req.is('application/json')) {
      throw new HttpError(400, 'Send the body as JSON (Content-Type: application/json)');
    }
    next();
  });
  return app;
}

/** Adds the 404 for unknown API paths and the error mapper; call after the routes. */
export function finishApp(app: Express, logger: Logger): Express {
  app.use(notFoundApi);
  app.use(errorHandler(logger));
  return app;
}
