import mongoose from 'mongoose';
import { afterAll, beforeAll } from 'vitest';
import { startDataServers } from '@coach/dev-stack';
import { createLogger } from '../logger.ts';
import { connectMongo } from '../mongo.ts';
import { createQueues } from '../events.ts';
import { createRedis } from '../redis.ts';

/**
 * What a unit's in-process tests run on: a real mongod and redis-server of their own, mongoose
 * connected (indexes of the imported models built), Redis and BullMQ connections ready, and a
 * fresh session key pair. `redisServer` lets a test take Redis away. `stop` closes and removes it
 * all.
 */
export async function startTestBackend(name: string) {
  const servers = await startDataServers(name);
  const logger = createLogger(name, 'silent');
  await connectMongo(servers.mongoUrl, logger);
  await mongoose.connection.syncIndexes();
  const redis = createRedis(servers.redisUrl, logger);
  const queueConnection = createRedis(servers.redisUrl, logger, 'queues');
  const queues = createQueues(queueConnection, logger);
  // Ready before the first request, as a service is once its /health answers.
  await Promise.all([redis.ping(), queueConnection.ping()]);
  async function stop() {
    await queues.close();
    await queueConnection.quit();
    await redis.quit();
    await mongoose.disconnect();
    await servers.stop();
  }
  return { ...servers, logger, redis, queueConnection, queues, stop };
}
export type TestBackend = Awaited<ReturnType<typeof startTestBackend>>;

/**
 * A test backend for the tests of the enclosing file or `describe`: started before them, stopped
 * after. Returns the running backend.
 */
export function testBackendDuringSuite(name: string): () => TestBackend {
  let backend: TestBackend | undefined;
  beforeAll(async () => {
    backend = await startTestBackend(name);
  });
  afterAll(() => backend?.stop());
  return () => backend!;
}
