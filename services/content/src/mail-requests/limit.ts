import { createHash, randomUUID } from 'node:crypto';
import { nullIfDuplicate, retryOnDuplicateKey } from '@coach/kit';
import mongoose from 'mongoose';

const WINDOW_MS = 3600_000;

/**
 * One address's hour: the requests (by their Idempotency-Key) that were promised mail, at most
 * the hour's limit, in the order they came. The row expires with its hour.
 */
interface MailRequestWindow {
  /** `<hash of the address>:<start of the hour>` */
  _id: string;
  requests: string[];
  expiresAt: Date;
}

const MailRequestWindowModel = mongoose.model<MailRequestWindow>(
  'MailRequestWindow',
  new mongoose.Schema<MailRequestWindow>(
    {
      _id: { type: String },
      requests: { type: [String], default: [] },
      expiresAt: { type: Date, required: true, expires: 0 },
    },
    { collection: 'mail_request_windows', versionKey: false },
  ),
);

/** Providers whose inboxes ignore dots in the name before the @. */
const DOTLESS_DOMAINS = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The inbox an address reaches, as the limit counts it: letters in any case, `name+tag@` as
 * `name@` (one inbox at nearly every provider), and at Gmail the name without its dots. Variants
 * of one address then share one hour.
 */
export function inboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1).toLowerCase();
  const name = email.slice(0, at).toLowerCase().split('+')[0]!;
  const dotless = DOTLESS_DOMAINS.get(domain);
  return dotless ? `${name.replaceAll('.', '')}@${dotless}` : `${name}@${domain}`;
}

/**
 * How many e-mails a visitor's form may make the site send to one address in an hour (contact
 * acknowledgements and newsletter confirmations together). Past the limit the form still
 * succeeds, but the address gets no more mail that hour, so the site cannot be made to flood a
 * stranger's inbox. Counted in MongoDB, beside the write itself, per inbox (hashed) in fixed
 * hour-long windows, and per request: a request sent again with its Idempotency-Key (the PWA's
 * outbox after an outage) gets the answer it got before instead of spending another e-mail, and
 * a Redis outage changes nothing.
 */
export function createMailRequestLimit(perHour: number) {
  return {
    /** Whether the request `requestId` (its Idempotency-Key; none: a new request) may have mail sent to `email`. */
    async allow(email: string, requestId: string = randomUUID()): Promise<boolean> {
      const hour = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
      const _id = `${createHash('sha256').update(inboxOf(email)).digest('base64url')}:${hour}`;
      // Joins the hour's list while it has room. An upsert that meets a full list is refused as a
      // duplicate; one that lost the race to create the row is tried again.
      await retryOnDuplicateKey(
        () =>
          MailRequestWindowModel.updateOne(
            { _id, [`requests.${perHour - 1}`]: mongoose.trusted({ $exists: false }) },
            { $addToSet: { requests: requestId }, $setOnInsert: { expiresAt: new Date(hour + WINDOW_MS) } },
            { upsert: true },
          ),
        2,
      ).catch(nullIfDuplicate);
      return (await MailRequestWindowModel.exists({ _id, requests: requestId })) !== null;
    },
  };
}
export type MailRequestLimit = ReturnType<typeof createMailRequestLimit>;
