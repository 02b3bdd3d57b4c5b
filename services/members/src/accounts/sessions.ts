import { randomUUID } from 'node:crypto';
import type { Role } from '@coach/contracts';
import { activityKey, revokedKey, SESSION_ALGORITHM, SESSION_ISSUER, type Redis } from '@coach/kit';
import jwt from 'jsonwebtoken';

/** Sessions signed by one user that have not expired yet: a sorted set of jti scored by exp. */
const userSessionsKey = (userId: number) => `session:user:${userId}`;

export interface SessionSettings {
  privateKey: string;
  ttlSeconds: number;
  /** A session unused for this long is refused, however long its token has left. */
  idleSeconds: number;
}

/**
 * Mints session tokens (RS256, only this service holds the private key) and revokes them.
 * kit's verifier, used by every service, refuses a token whose jti is marked revoked, or whose
 * activity record (started here, kept alive by each use) has expired.
 */
export function createSessionIssuer(redis: Redis, { privateKey, ttlSeconds, idleSeconds }: SessionSettings) {
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  async function issue(user: { _id: number; role: Role }): Promise<{ token: string; maxAgeMs: number }> {
    const jti = randomUUID();
    const exp = nowSeconds() + ttlSeconds;
    const token = jwt.sign({ role: user.role }, privateKey, {
      algorithm: SESSION_ALGORITHM,
      issuer: SESSION_ISSUER,
      subject: String(user._id),
      jwtid: jti,
      expiresIn: ttlSeconds,
    });
    const key = userSessionsKey(user._id);
    const idleMs = Math.round(idleSeconds * 1000);
    await redis
      .multi()
      .zremrangebyscore(key, '-inf', nowSeconds())
      .zadd(key, exp, jti)
      .expire(key, ttlSeconds)
      .set(activityKey(jti), idleMs, 'PX', idleMs)
      .exec();
    return { token, maxAgeMs: ttlSeconds * 1000 };
  }

  /** Refuses this token from now until it would have expired anyway. */
  async function revoke(session: { sub: string; jti: string; exp: number }): Promise<void> {
    const ttl = Math.max(1, session.exp - nowSeconds());
    await redis
      .multi()
      .set(revokedKey(session.jti), '1', 'EX', ttl)
      .zrem(userSessionsKey(Number(session.sub)), session.jti)
      .exec();
  }

  /**
   * Revokes every live session of a user (the account is deleted, or its password changed),
   * except the one `keep` names (the session that changed the password stays signed in).
   */
  async function revokeAllOf(userId: number, keep?: string): Promise<void> {
    const key = userSessionsKey(userId);
    const live = await redis.zrangebyscore(key, nowSeconds(), '+inf', 'WITHSCORES');
    const batch = redis.multi();
    for (let i = 0; i < live.length; i += 2) {
      if (live[i] === keep) continue;
      const ttl = Math.max(1, Number(live[i + 1]) - nowSeconds());
      batch.set(revokedKey(live[i]), '1', 'EX', ttl).zrem(key, live[i]);
    }
    if (keep === undefined) batch.del(key);
    await batch.exec();
  }

  return { issue, revoke, revokeAllOf };
}
export type SessionIssuer = ReturnType<typeof createSessionIssuer>;
