import { hmacHex, sameHex } from '../signing.ts';

/** How old (or how far ahead) a Calendly delivery's signed time may be: an older one is a replay. */
export const CALENDLY_TOLERANCE_SECONDS = 5 * 60;

/**
 * Calendly's `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the
 * subscription's signing key of `<t>.` followed by the raw body, signed within the tolerance.
 */
export function calendlySignatureValid(
  key: string,
  header: string | undefined,
  rawBody: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !/^\d{1,12}$/.test(t) || !v1) return false;
  if (Math.abs(nowSeconds - Number(t)) > CALENDLY_TOLERANCE_SECONDS) return false;
  return sameHex(hmacHex(key, Buffer.concat([Buffer.from(`${t}.`), rawBody])), v1);
}

/** Cal.com's `X-Cal-Signature-256`: the hex HMAC-SHA256 of the raw body with the webhook's secret. */
export function calSignatureValid(secret: string, header: string | undefined, rawBody: Buffer): boolean {
  return header !== undefined && sameHex(hmacHex(secret, rawBody), header.trim());
}
