import { createHash } from 'node:crypto';
import type { Redis } from '@coach/kit';

const WINDOW_S = 3600;

/**
 * How many e-mails a visitor's form may make the site send to one address in an hour (contact
 * acknowledgements and newsletter confirmations together). Past the limit the form still
 * succeeds, but the address gets no more mail that hour, so the site cannot be made to flood a
 * stranger's inbox. Counted in Redis per address (hashed), in fixed hour-long windows.
 */
export function createMailRequestLimit(redis: Redis, perHour: number) {
  return {
    /**
     * Counts a request for mail to `email`; true while the address is within its limit. When
     * Redis cannot count, no mail is promised (the request itself still succeeds).
     */
    async allow(email: string): Promise<boolean> {
      const key = `mail-requests:${createHash('sha256').update(email.toLowerCase()).digest('base64url')}`;
      try {
        const [[, count]] = (await redis.multi().incr(key).expire(key, WINDOW_S, 'NX').exec()) as [[null, number]];
        return count <= perHour;
      } catch {
        return false;
      }
    },
  };
}
export type MailRequestLimit = ReturnType<typeof createMailRequestLimit>;
