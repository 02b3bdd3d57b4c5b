import { isWebhookUrl } from '@coach/contracts';
import { consumeOrRefuse, type Redis } from '@coach/kit';
import type { RequestHandler } from 'express';
import { clientOf } from '../client/client-address.ts';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { coalescedConsume } from './coalesced-consume.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A budget shared through Redis, one call on its way per client at a time (coalesced-consume.ts). */
function limiter(redis: Redis, keyPrefix: string, points: number) {
  const shared = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration: 60,
    // If Redis is unreachable the limit still holds per replica instead of failing or holding requests.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: 60 }),
  });
  return coalescedConsume(shared);
}

/**
 * Per-client limits on /api, shared by every gateway replica through Redis: one budget for reads
 * and a smaller one for writes; the providers' signed webhooks have their own. Over the limit: 429
 * with Retry-After.
 */
export function apiRateLimit(
  redis: Redis,
  perMinute: { reads: number; writes: number; webhooks: number },
): RequestHandler {
  const reads = limiter(redis, 'rl:read', perMinute.reads);
  const writes = limiter(redis, 'rl:write', perMinute.writes);
  // A provider sends a whole account's events from a few addresses, more than the visitors' write
  // budget allows at a busy moment; members takes each delivery on its signature alone, so this
  // budget only stops a flood from one address. It is held in this replica's memory: a shared
  // count would cost every delivery a Redis round trip.
  const webhooks = new RateLimiterMemory({ keyPrefix: 'rl:webhook', points: perMinute.webhooks, duration: 60 });
  return async (req, res, next) => {
    const bucket = isWebhookUrl(req.originalUrl) ? webhooks : SAFE_METHODS.has(req.method) ? reads : writes;
    const state = await consumeOrRefuse(
      bucket,
      clientOf(req),
      'Too many requests. Please wait a moment and try again.',
    );
    res.setHeader('RateLimit-Remaining', String(state.remainingPoints));
    next();
  };
}
