import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from './errors.ts';

/** 429 with Retry-After: the caller has used its budget and may try again in `seconds`. */
export class TooManyRequestsError extends HttpError {
  constructor(message: string, seconds: number) {
    super(429, message, undefined, { 'Retry-After': String(seconds) });
  }
}

/** What a refusal says, fixed or told how many whole seconds (at least 1) to wait. */
export type RefusalMessage = string | ((seconds: number) => string);

/** The 429 for a spent budget: Retry-After is the whole seconds (at least 1) until a point is back. */
export function refusal(spent: RateLimiterRes, message: RefusalMessage): TooManyRequestsError {
  const seconds = Math.max(1, Math.ceil(spent.msBeforeNext / 1000));
  return new TooManyRequestsError(typeof message === 'string' ? message : message(seconds), seconds);
}

/** What takes one point of a key's budget: a limiter, or one that batches its calls to the store. */
export type Budget = { consume(key: string): Promise<RateLimiterRes> };

/**
 * Takes one point from `key`'s budget. Over it: the refusal (429). Any other failure (the store
 * unreachable) is rethrown as it is.
 */
export async function consumeOrRefuse(
  limiter: Budget,
  key: string,
  message: RefusalMessage,
): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (rejected) {
    if (rejected instanceof RateLimiterRes) throw refusal(rejected, message);
    throw rejected;
  }
}

/**
 * Takes one point from `key`'s budget when one is left: true if it did, false when the budget
 * is spent. Any other failure (the store unreachable) is rethrown.
 */
export async function consumeIfLeft(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (rejected) {
    if (rejected instanceof RateLimiterRes) return false;
    throw rejected;
  }
}
