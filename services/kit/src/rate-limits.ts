import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from './errors.ts';

/** 429 with Retry-After: the caller has used its budget and may try again in `seconds`. */
export class TooManyRequestsError extends HttpError {
  constructor(message: string, seconds: number) {
    super(429, message, undefined, { 'Retry-After': String(seconds) });
  }
}

/**
 * Takes one point from `key`'s budget. Over it: TooManyRequestsError, its message told how many
 * whole seconds (at least 1) until a point is back. Any other failure (the store unreachable) is
 * rethrown as it is.
 */
export async function consumeOrRefuse(
  limiter: RateLimiterAbstract,
  key: string,
  message: string | ((seconds: number) => string),
): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (rejected) {
    if (!(rejected instanceof RateLimiterRes)) throw rejected;
    const seconds = Math.max(1, Math.ceil(rejected.msBeforeNext / 1000));
    throw new TooManyRequestsError(typeof message === 'string' ? message : message(seconds), seconds);
  }
}
