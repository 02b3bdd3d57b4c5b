import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256: how webhook senders (Calendly, Cal.com, Razorpay) sign what they send. */
export const hmacHex = (key: string, data: Buffer | string) => createHmac('sha256', key).update(data).digest('hex');

/** Whether a signature someone sent is exactly the lower-case hex expected, compared in constant time. */
export function sameHex(expected: string, given: string | undefined): boolean {
  if (given?.length !== expected.length || !/^[0-9a-f]+$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

/** What a reference looks like: `<id><separator><tag>`, the id matching `id`. */
interface ReferenceFormat {
  separator: string;
  id: RegExp;
}

/**
 * References made of an id and its tag, `tagOf(id)`: a keyed hash only this service can make.
 * A reference is read back only when its tag is exactly the id's, compared in constant time.
 */
export function taggedIds(tagOf: (id: string) => string, format: ReferenceFormat) {
  return {
    sign: (id: string) => `${id}${format.separator}${tagOf(id)}`,
    /** The id a reference names, or undefined when it is not one of ours. */
    idOf(reference: string | undefined): string | undefined {
      if (!reference) return undefined;
      const at = reference.indexOf(format.separator);
      const id = reference.slice(0, Math.max(at, 0));
      if (at < 0 || !format.id.test(id)) return undefined;
      const expected = Buffer.from(tagOf(id));
      const given = Buffer.from(reference.slice(at + format.separator.length));
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
  };
}

/**
 * References this service hands out and alone can make: `<id><separator><tag>`, the tag a keyed
 * hash of the id for one purpose, so a reference cannot be made up for another id.
 */
export function signedIds(key: string, purpose: string, format: ReferenceFormat & { tagLength?: number }) {
  const tagOf = (id: string) =>
    createHmac('sha256', key).update(`${purpose}:${id}`).digest('base64url').slice(0, format.tagLength);
  return taggedIds(tagOf, format);
}
