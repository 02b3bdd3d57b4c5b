import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { HttpError } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const PENDING_TTL_S = 60;
const ANSWER_TTL_S = 24 * 3600;

interface StoredAnswer {
  state: 'done';
  fingerprint: string;
  status: number;
  body: unknown;
}

/**
 * Honours an Idempotency-Key header on a write: the first request runs and its answer is kept
 * for 24 hours; a replay with the same key gets that answer back and changes nothing. A replay
 * while the first is still running gets 409; the same key with another body gets 422. Server
 * errors are not kept, so the client may retry them.
 */
export function idempotent(redis: Redis, scope: string): RequestHandler {
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!/^[\w.:-]{8,128}$/.test(key)) {
      throw new HttpError(400, 'Idempotency-Key must be 8 to 128 letters, digits, dots, colons, dashes or underscores');
    }
    const redisKey = `idem:${scope}:${key}`;
    const fingerprint = createHash('sha256').update(JSON.stringify(req.body ?? null)).digest('hex');
    const claimed = await redis.set(redisKey, JSON.stringify({ state: 'pending', fingerprint }), 'EX', PENDING_TTL_S, 'NX');
    if (!claimed) {
      const stored = JSON.parse((await redis.get(redisKey)) ?? '{"state":"pending"}') as StoredAnswer | { state: 'pending'; fingerprint: string };
      if (stored.fingerprint && stored.fingerprint !== fingerprint) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request');
      }
      if (stored.state === 'pending') {
        throw new HttpError(409, 'A request with this Idempotency-Key is still being processed', undefined, { 'Retry-After': '1' });
      }
      res.set('Idempotent-Replayed', 'true');
      return res.status(stored.status).json(stored.body);
    }
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const answer: StoredAnswer = { state: 'done', fingerprint, status: res.statusCode, body };
      const save =
        res.statusCode >= 500 ? redis.del(redisKey) : redis.set(redisKey, JSON.stringify(answer), 'EX', ANSWER_TTL_S);
      // Answer only once the outcome is recorded, so an immediate replay sees it.
      save.then(
        () => json(body),
        () => json(body),
      );
      return res;
    };
    next();
  };
}
