import { randomUUID, sign } from 'node:crypto';
import { activityKey, SESSION_ISSUER, sessionCookieName } from '../auth.ts';
import type { Redis } from '../redis.ts';

/**
 * A session cookie of `role` (user 1), signed with the members service's private key and recorded
 * as active in `redis`, as members does at a sign-in: any service of the test takes its bearer as
 * signed in.
 */
export async function signedSessionCookie(redis: Redis, privateKey: string, role: 'admin' | 'user'): Promise<string> {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const jti = randomUUID();
  const claims = { sub: '1', role, jti, iss: SESSION_ISSUER, iat: now, exp: now + 3600 };
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}`;
  await redis.set(activityKey(jti), 3_600_000, 'PX', 3_600_000);
  const signature = sign('RSA-SHA256', Buffer.from(unsigned), privateKey);
  return `${sessionCookieName(false)}=${unsigned}.${signature.toString('base64url')}`;
}
