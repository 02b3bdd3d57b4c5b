import net from 'node:net';
import { normaliseAddress } from '@coach/kit';
import type { Request, RequestHandler } from 'express';

/**
 * Headers through which a client (or a proxy) may claim where a request came from. The gateway
 * drops every one of them and writes its own, so a service never sees a client's claim.
 */
const CLIENT_CLAIMS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'x-client-ip'];

/**
 * `TRUSTED_PROXIES`: how many proxies stand in front of the gateway ("0": none, clients connect
 * directly), or which addresses they have (a comma-separated list of addresses or CIDR ranges).
 * Given to Express as its `trust proxy` setting.
 */
export function parseTrustedProxies(value: string): number | string[] {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The client's address as the trusted proxies report it (Express walks X-Forwarded-For from the
 * right past each trusted hop). An entry that is not an IP address (a malformed header, or a
 * proxy count larger than the real chain) is never used as a key: the connection's own address is.
 */
function derivedAddress(req: Request): string {
  const claimed = req.ip ? normaliseAddress(req.ip) : '';
  if (net.isIP(claimed)) return claimed;
  return normaliseAddress(req.socket.remoteAddress ?? 'unknown');
}

/**
 * Decides who the client is, once, before anything else reads it: every claim header the client
 * (or a proxy) sent is replaced by the gateway's own X-Forwarded-For (one address), -Proto and
 * -Host. The rate limits, the cache and the services all read that one header.
 */
export function clientAddress(): RequestHandler {
  return (req, _res, next) => {
    const address = derivedAddress(req);
    const proto = req.protocol;
    const host = req.get('host');
    for (const name of CLIENT_CLAIMS) delete req.headers[name];
    req.headers['x-forwarded-for'] = address;
    req.headers['x-forwarded-proto'] = proto;
    if (host) req.headers['x-forwarded-host'] = host;
    next();
  };
}

/** The address `clientAddress` decided on for this request. */
export const clientOf = (req: Request): string => String(req.headers['x-forwarded-for'] ?? 'unknown');
