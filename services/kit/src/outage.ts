import type { Logger } from './logger.ts';

/**
 * Reports the outages of one dependency reached through one or more connections (a Redis role
 * and the copies BullMQ makes of it, or mongoose's connection): one warning when the first
 * connection is lost, one info line with the time away when the last lost one is back, however
 * often the connections retry in between. A connection closed on purpose leaves the outage.
 * `fields` name what is unreachable and must hold no secret.
 */
export function createOutageReport(logger: Logger, dependency: string, fields: Record<string, unknown>) {
  const lost = new Set<object>();
  let since = 0;
  return {
    lost(connection: object, reason?: string) {
      if (lost.size === 0) {
        since = Date.now();
        logger.warn({ ...fields, reason }, `${dependency} unreachable`);
      }
      lost.add(connection);
    },
    back(connection: object) {
      if (lost.delete(connection) && lost.size === 0) {
        logger.info({ ...fields, awayMs: Date.now() - since }, `${dependency} reconnected`);
      }
    },
    closed(connection: object) {
      lost.delete(connection);
    },
  };
}
export type OutageReport = ReturnType<typeof createOutageReport>;
