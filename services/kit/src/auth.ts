import type { Request, RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import type { Redis } from 'ioredis';
import { SESSION_COOKIE, sessionClaimsSchema, type SessionClaims } from '@coach/contracts';
import { z } from 'zod';
import { HttpError } from './errors.ts';

export const SESSION_ISSUER = 'coach-members';
export const SESSION_ALGORITHM = 'RS256';
const verifiedClaimsSchema = sessionClaimsSchema.extend({ exp: z.number() });
export const revokedKey = (jti: string) => `session:revoked:${jti}`;

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
 * (so `alg: none` and HMAC tricks fail), the expiry is checked, and a token revoked at logout
 * is refused. Sets req.session when the caller is signed in.
 */
export function createSessionVerifier(publicKey: string, redis: Redis) {
  async function read(req: Request): Promise<(SessionClaims & { exp: number }) | undefined> {
    const token: unknown = req.cookies?.[SESSION_COOKIE];
    if (typeof token !== 'string' || token.length === 0) return undefined;
    let decoded: unknown;
    try {
      decoded = jwt.verify(token, publicKey, { algorithms: [SESSION_ALGORITHM], issuer: SESSION_ISSUER });
    } catch {
      return undefined;
    }
    const claims = verifiedClaimsSchema.safeParse(decoded);
    if (!claims.success) return undefined;
    if (await redis.exists(revokedKey(claims.data.jti))) return undefined;
    return claims.data;
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
  return { read, optionalUser, requireUser, requireAdmin };
}

/** The middlewares and reader a service gets from createSessionVerifier. */
export type SessionVerifier = ReturnType<typeof createSessionVerifier>;
