import { createHash } from 'node:crypto';
import { HttpError, type Redis } from '@coach/kit';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface LoginLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
}

function tooMany(res: RateLimiterRes): HttpError {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new HttpError(429, `Too many failed sign-in attempts. Please wait ${wait} and try again.`, undefined, {
    'Retry-After': String(seconds),
  });
}

/**
 * Brute-force protection for sign-ins, shared by every replica through Redis: failed attempts
 * are counted per account (e-mail, stored hashed) and per client IP within a window; past
 * either limit the answer is 429 with Retry-After until the window ends.
 *
 * Only failures count. Per IP, each attempt reserves a point before the password is checked,
 * so a burst of parallel guesses from one address cannot slip past the limit while the first
 * ones are still being verified; a success gives its point back. Per account, a failure is
 * recorded after the check and a success clears the account's failures, so any number of
 * parallel successful sign-ins to one account (a benchmark, a family) is never refused.
 */
export function createLoginLimiter(redis: Redis, limits: LoginLimits) {
  const byAccount = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'login:fail:account',
    points: limits.maxFailuresPerAccount,
    duration: limits.windowSeconds,
  });
  const byIp = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'login:fail:ip',
    points: limits.maxFailuresPerIp,
    duration: limits.windowSeconds,
  });
  const accountKey = (email: string) => createHash('sha256').update(email).digest('hex');

  /** Runs a sign-in attempt under the limits; `attempt` resolves to the user or undefined. */
  return async function limited<T>(
    email: string,
    ip: string,
    attempt: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const account = accountKey(email);
    const failures = await byAccount.get(account);
    if (failures && failures.consumedPoints >= limits.maxFailuresPerAccount) throw tooMany(failures);
    try {
      await byIp.consume(ip);
    } catch (rejected) {
      if (rejected instanceof RateLimiterRes) throw tooMany(rejected);
      throw rejected;
    }
    const result = await attempt();
    if (result !== undefined) {
      await Promise.all([byAccount.delete(account), byIp.reward(ip, 1)]);
    } else {
      // Reaching the limit here is expected: this failure is the one that fills it.
      await byAccount.consume(account).catch((err: unknown) => {
        if (!(err instanceof RateLimiterRes)) throw err;
      });
    }
    return result;
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
