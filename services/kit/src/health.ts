import type { Express } from 'express';
import mongoose from 'mongoose';
import type { Redis } from 'ioredis';

/**
 * GET /health: 200 when the service's MongoDB (if it uses one) and Redis answer, else 503.
 * Used by docker compose health checks and by the embedded stack.
 */
export function addHealth(app: Express, redis?: Redis, options: { mongo?: boolean } = {}) {
  const usesMongo = options.mongo ?? true;
  app.get('/health', (_req, res) => {
    const mongo = !usesMongo || mongoose.connection.readyState === 1;
    const redisOk = !redis || redis.status === 'ready';
    res.status(mongo && redisOk ? 200 : 503).json({ mongo, redis: redisOk });
  });
}
