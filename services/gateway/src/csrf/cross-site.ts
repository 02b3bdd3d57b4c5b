import { HttpError } from '@coach/kit';
import type { Request, RequestHandler } from 'express';

export const CROSS_SITE_REFUSED = 'This request came from another site, so it was refused. Please use the site itself.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * A GET that signs the visitor out: the site navigates to it, so it is guarded like a write, and
 * so is a HEAD, which reaches the same handler. The services' routes ignore the case of letters
 * and trailing slashes, and so does this match.
 */
const GET_LOGOUT = /^\/api\/auth\/logout\/*$/i;

/** The site's own origin, as this request reached it: the protocol the gateway decided on and the Host. */
export function ownOrigin(req: Request): string | undefined {
  const host = req.get('host');
  if (!host) return undefined;
  try {
    return new URL(`${req.protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether the browser says the request comes from elsewhere. Another port or subdomain
 * (`same-site`) counts: it is another origin and must not act as the signed-in visitor. An
 * `Origin` other than the site's own (`null` included) counts too. A request with neither header
 * (an API client, a script) is not a browser's cross-site request.
 */
function fromElsewhere(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = req.get('origin');
  return origin !== undefined && origin !== ownOrigin(req);
}

/**
 * Refuses, with 403 before anything is proxied, a state-changing API request that another site
 * made the visitor's browser send (with the visitor's cookie): a form posted from elsewhere, or a
 * link to the GET logout.
 */
export const crossSiteGuard: RequestHandler = (req, _res, next) => {
  if (!/^\/api\//i.test(req.path)) return next();
  const changesState =
    STATE_CHANGING.has(req.method) || ((req.method === 'GET' || req.method === 'HEAD') && GET_LOGOUT.test(req.path));
  if (changesState && fromElsewhere(req)) throw new HttpError(403, CROSS_SITE_REFUSED);
  next();
};
