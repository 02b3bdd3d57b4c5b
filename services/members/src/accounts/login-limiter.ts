import { createHash } from 'node:crypto';
import { consumeOrRefuse, type Redis } from '@coach/kit';
import { RateLimiterRedis } from 'rate-limiter-flexible';

export interface LoginLimits {
  /** Failed sign-ins to one account from one client address, and from one known device. */
  maxFailuresPerAccount: number;
  /** Failed sign-ins to one account from all addresses together, without a device cookie. */
  maxFailuresPerAccountGlobal: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
}

/** How an account is named in Redis keys and device cookies: its e-mail, hashed. */
export const accountKey = (email: string) => createHash('sha256').update(email).digest('hex');

/** The wait a refused sign-in names: seconds, or minutes past a minute and a half. */
const signInRefused = (seconds: number) =>
  `Too many failed sign-in attempts. Please wait ${seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`} and try again.`;

/** Takes a point before the password is checked; a full counter is the 429. */
async function reserve(limiter: RateLimiterRedis, key: string) {
  await consumeOrRefuse(limiter, key, signInRefused);
}

/** A counter and the key an attempt counts under in it. */
type Count = readonly [RateLimiterRedis, string];

/**
 * Takes a point from each counter in turn before the password is checked; when one is full, gives
 * back the points already taken and refuses.
 */
async function reserveAll(counts: readonly Count[]) {
  const taken: Count[] = [];
  try {
    for (const count of counts) {
      await reserve(...count);
      taken.push(count);
    }
  } catch (refused) {
    await Promise.all(taken.map(([limiter, key]) => limiter.reward(key, 1)));
    throw refused;
  }
}

interface LoginAttempt {
  email: string;
  ip: string;
  /** The id of a valid device cookie for this account, when the browser has one. */
  device?: string;
}

/**
 * Brute-force protection for sign-ins, shared by every replica through Redis, built so that
 * nobody can lock the owner out of her account. Past a limit the answer is 429 with
 * Retry-After until the window ends; only failures count.
 *
 * Without a device cookie, failures are counted per account and client address, so guesses
 * from one address do not block the owner at another; per account over all addresses, with a
 * much higher ceiling that slows guessing spread over many addresses; and per address over all
 * accounts. Each attempt takes a point from all three before the password is checked, so a
 * parallel burst cannot slip past a limit while the first guesses are being verified. A failure
 * keeps them; a success gives them back and clears the failures of its account at its address. It
 * leaves the failures on the account's global count, so the owner signing in does not reset an
 * attacker's progress towards the ceiling.
 *
 * A browser that signed in to the account before (a valid device cookie for it) is subject
 * neither to those counters nor to their failures: only to its own per-device limit, a point
 * reserved before the check and cleared by a success.
 */
export function createLoginLimiter(redis: Redis, limits: LoginLimits) {
  const counter = (keyPrefix: string, points: number) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points,
      duration: limits.windowSeconds,
      rejectIfRedisNotReady: true,
    });
  const byAccountAtIp = counter('login:fail:account-ip', limits.maxFailuresPerAccount);
  const byAccount = counter('login:fail:account', limits.maxFailuresPerAccountGlobal);
  const byIp = counter('login:fail:ip', limits.maxFailuresPerIp);
  const byDevice = counter('login:fail:device', limits.maxFailuresPerAccount);

  /**
   * Runs a sign-in attempt under the limits; `check` resolves to the user or undefined. A result
   * that is not yet `complete` (a correct password still awaiting its two-step code) counts as
   * no failure and clears none: only the whole sign-in does.
   */
  return async function limited<T>(
    { email, ip, device }: LoginAttempt,
    check: () => Promise<T | undefined>,
    complete: (result: T) => boolean = () => true,
  ): Promise<T | undefined> {
    if (device !== undefined) {
      await reserve(byDevice, device);
      const result = await check();
      if (result !== undefined) await (complete(result) ? byDevice.delete(device) : byDevice.reward(device, 1));
      return result;
    }
    const account = accountKey(email);
    const here = `${account}:${ip}`;
    const counts: Count[] = [
      [byAccountAtIp, here],
      [byAccount, account],
      [byIp, ip],
    ];
    await reserveAll(counts);
    const result = await check();
    if (result === undefined) return result;
    if (complete(result))
      await Promise.all([byAccountAtIp.delete(here), byAccount.reward(account, 1), byIp.reward(ip, 1)]);
    else await Promise.all(counts.map(([limiter, key]) => limiter.reward(key, 1)));
    return result;
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
