import type { Request } from 'express';

/**
 * The headers a request the gateway makes for a visitor carries: her cookie, the user agent, and
 * the address, protocol and host the gateway decided on (client-address.ts); and its request id.
 */
const FORWARDED = ['cookie', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;

export function forwardedHeaders(req: Request): Record<string, string> {
  const headers: Record<string, string> = { 'x-request-id': String(req.id) };
  for (const name of FORWARDED) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}
