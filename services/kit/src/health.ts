import type { Express } from 'express';
import mongoose from 'mongoose';
import type { Redis } from 'ioredis';

/** GET /health: 200 when MongoDB and Redis answer, else 503 (used by compose and the stack). */
export function addHealth(app: Express, redis?: Redis) {
  app.get('/health', async (_req, res) => {
    const mongo = mongoose.connection.readyState === 1;
    const redisOk = redis ? redis.status === 'ready' : true;
    res.status(mongo && redisOk ? 200 : 503).json({ mongo, redis: redisOk });
  });
}
