import { createHash } from 'node:crypto';
import { consumeIfLeft, consumeOrRefuse, refusal, type Redis } from '@coach/kit';
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

/** Counts a failure after the check; reaching the limit here is expected, this failure fills it. */
async function record(limiter: RateLimiterRedis, key: string) {
  await consumeIfLeft(limiter, key);
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
 * accounts. Per address each attempt reserves a point before the password is checked, so a
 * parallel burst cannot slip past the limit while the first guesses are being verified; a
 * success gives it back and clears the failures of its account at its address. It leaves the
 * account's global count alone, so the owner signing in does not reset an attacker's progress
 * towards the ceiling.
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
    const [atIp, global] = await Promise.all([byAccountAtIp.get(here), byAccount.get(account)]);
    if (atIp && atIp.consumedPoints >= limits.maxFailuresPerAccount) throw refusal(atIp, signInRefused);
    if (global && global.consumedPoints >= limits.maxFailuresPerAccountGlobal) throw refusal(global, signInRefused);
    await reserve(byIp, ip);
    const result = await check();
    if (result === undefined) await Promise.all([record(byAccountAtIp, here), record(byAccount, account)]);
    else if (complete(result)) await Promise.all([byAccountAtIp.delete(here), byIp.reward(ip, 1)]);
    else await byIp.reward(ip, 1);
    return result;
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
