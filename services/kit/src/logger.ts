import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * JSON-lines logger. Passwords are never written; nor are cookies and auth headers, since a
 * request's lines carry none of its headers (createApp's serializers).
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name: service, level, redact: { paths: ['*.password'], remove: true } });
}
