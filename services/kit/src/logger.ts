import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON-lines logger. Cookies, auth headers and passwords are never written. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
      remove: true,
    },
  });
}
