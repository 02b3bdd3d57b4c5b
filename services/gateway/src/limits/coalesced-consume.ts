import type { Budget } from '@coach/kit';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

interface Waiting {
  resolve: (res: RateLimiterRes) => void;
  reject: (err: unknown) => void;
}

/**
 * A budget taken a point at a time, as `limiter.consume(key)` takes it, with at most one call to
 * the store on its way per key: the points asked for meanwhile go together in the next call
 * (`consume(key, n)`), and each request learns what it would have learnt alone, in the order it
 * came: its own remaining points, or the refusal once the budget is spent. A busy client (a page's
 * beacons) then costs a Redis round trip per batch, not per request.
 */
export function coalescedConsume(limiter: RateLimiterAbstract): Budget {
  /** The requests of each key waiting for the call on its way to end; a key is here while one is. */
  const queued = new Map<string, Waiting[]>();

  function callFor(key: string, batch: Waiting[]) {
    const settle = (res: RateLimiterRes) => {
      const before = res.consumedPoints - batch.length;
      batch.forEach((request, index) => {
        const consumed = before + index + 1;
        const own = new RateLimiterRes(
          Math.max(0, limiter.points - consumed),
          res.msBeforeNext,
          consumed,
          res.isFirstInDuration && index === 0,
        );
        if (consumed > limiter.points) request.reject(own);
        else request.resolve(own);
      });
    };
    limiter
      .consume(key, batch.length)
      .then(settle, (err: unknown) => {
        if (err instanceof RateLimiterRes) settle(err);
        else for (const request of batch) request.reject(err);
      })
      .finally(() => {
        const next = queued.get(key)!;
        if (next.length === 0) queued.delete(key);
        else {
          queued.set(key, []);
          callFor(key, next);
        }
      });
  }

  return {
    consume: (key) =>
      new Promise<RateLimiterRes>((resolve, reject) => {
        const waiting = queued.get(key);
        if (waiting) waiting.push({ resolve, reject });
        else {
          queued.set(key, []);
          callFor(key, [{ resolve, reject }]);
        }
      }),
  };
}
