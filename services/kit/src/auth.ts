import type { Request, RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import type { Redis } from 'ioredis';
import { sessionClaimsSchema, type SessionClaims } from '@coach/contracts';
import { z } from 'zod';
import { HttpError, UnavailableError } from './errors.ts';

export const SESSION_ISSUER = 'coach-members';
export const SESSION_ALGORITHM = 'RS256';
const verifiedClaimsSchema = sessionClaimsSchema.extend({ exp: z.number() });
export const revokedKey = (jti: string) => `session:revoked:${jti}`;

/**
 * A cookie's name. With secure cookies it carries the `__Host-` prefix: browsers then accept it
 * only when Secure, for Path=/ and without a Domain, so a sibling subdomain can neither set nor
 * replace it.
 */
export const hostCookieName = (base: string, cookieSecure: boolean) => (cookieSecure ? `__Host-${base}` : base);

/** The session cookie's name. */
export const sessionCookieName = (cookieSecure: boolean) => hostCookieName('coach_session', cookieSecure);

/**
 * A live session's activity record: its value is the idle limit in milliseconds, and it expires
 * that long after the session was last used. Members writes it when it signs the session in;
 * without it (idle too long, or never recorded) the session is refused.
 */
export const activityKey = (jti: string) => `session:active:${jti}`;
/** How often a session in use pushes its record's expiry back: once a minute, or more often for a limit under two minutes. */
const touchEveryMs = (idleMs: number) => Math.min(60_000, idleMs / 2);

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The verified session, set by the verifier's middlewares. */
      session?: SessionClaims & { exp: number };
    }
  }
}

/**
 * Verifies the session cookie with the members service's public key. Only RS256 is accepted
 * (so `alg: none` and HMAC tricks fail), the expiry is checked, a token revoked at logout is
 * refused, and so is one left idle longer than its limit. Sets req.session when the caller is
 * signed in. Revocation and activity live in Redis: while it is unreachable a session cannot be
 * checked, and a request that presents one fails closed with 503.
 */
export function createSessionVerifier(publicKey: string, redis: Redis, cookieSecure: boolean) {
  const cookieName = sessionCookieName(cookieSecure);

  /** Whether the session was used within its idle limit; if so, this use counts as activity. */
  async function stillActive(jti: string): Promise<boolean> {
    if (redis.status !== 'ready') throw new UnavailableError();
    const key = activityKey(jti);
    const answers = (await redis.multi().exists(revokedKey(jti)).get(key).pttl(key).exec()) ?? [];
    // A command Redis refused (still loading its data, a failover under way) is its error to
    // answer, never a member signed out.
    const refused = answers.find(([err]) => err)?.[0];
    if (refused) throw refused;
    const [revoked, limit, left] = answers.map(([, value]) => value);
    const idleMs = Number(limit);
    if (revoked !== 0 || !(idleMs > 0) || !(Number(left) > 0)) return false;
    if (idleMs - Number(left) < touchEveryMs(idleMs)) return true;
    return (await redis.pexpire(key, idleMs)) === 1;
  }

  async function read(req: Request): Promise<(SessionClaims & { exp: number }) | undefined> {
    return verify(req.cookies?.[cookieName]);
  }

  /** The session a Cookie header names (as a browser sent it, with the request it came with), as read() finds a request's. */
  async function readCookieHeader(header: string | undefined): Promise<(SessionClaims & { exp: number }) | undefined> {
    return header ? verify(cookieValue(header, cookieName)) : undefined;
  }

  async function verify(token: unknown): Promise<(SessionClaims & { exp: number }) | undefined> {
    if (typeof token !== 'string' || token.length === 0) return undefined;
    let decoded: unknown;
    try {
      decoded = jwt.verify(token, publicKey, { algorithms: [SESSION_ALGORITHM], issuer: SESSION_ISSUER });
    } catch {
      return undefined;
    }
    const claims = verifiedClaimsSchema.safeParse(decoded);
    if (!claims.success) return undefined;
    return (await stillActive(claims.data.jti)) ? claims.data : undefined;
  }

  const optionalUser: RequestHandler = async (req, _res, next) => {
    req.session = await read(req);
    next();
  };
  const requireUser: RequestHandler = async (req, _res, next) => {
    req.session = await read(req);
    if (!req.session) throw new HttpError(401, 'Please sign in to continue');
    next();
  };
  const requireAdmin: RequestHandler = async (req, _res, next) => {
    req.session = await read(req);
    if (!req.session) throw new HttpError(401, 'Please sign in to continue');
    if (req.session.role !== 'admin') throw new HttpError(403, 'Admin access required');
    next();
  };
  return { cookieName, read, readCookieHeader, optionalUser, requireUser, requireAdmin };
}

/** A cookie's value in a Cookie header, its first occurrence, as cookie-parser reads it; undefined without one. */
export function cookieValue(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    let value = pair.slice(at + 1).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** The middlewares and reader a service gets from createSessionVerifier. */
export type SessionVerifier = ReturnType<typeof createSessionVerifier>;
