import type { Express } from 'express';
import type { Redis } from 'ioredis';

/** What /health reads of a MongoDB connection (mongoose's); 1 is connected. */
interface MongoConnection {
  readonly readyState: number;
}

/**
 * GET /health: 200 when the service's MongoDB (if it uses one) and Redis answer, else 503.
 * Used by docker compose health checks and by the embedded stack. The connection is passed in,
 * so a service without MongoDB never loads its driver.
 */
export function addHealth(app: Express, redis?: Redis, options: { mongo?: MongoConnection | false } = {}) {
  const { mongo } = options;
  app.get('/health', (_req, res) => {
    const mongoOk = !mongo || mongo.readyState === 1;
    const redisOk = !redis || redis.status === 'ready';
    res.status(mongoOk && redisOk ? 200 : 503).json({ mongo: mongoOk, redis: redisOk });
  });
}
