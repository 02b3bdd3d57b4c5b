import { createEventPublisher, createLogger, createQueues, createRedis } from '@coach/kit';
import { startStack, type StackOptions } from '@coach/dev-stack';
import mongoose from 'mongoose';

/**
 * The site's services as processes (startStack), with a connection to its queues and to the
 * content database, for a test file to publish events, read jobs and look at what was stored.
 */
export async function startSite(name: string, options: StackOptions) {
  const stack = await startStack(options);
  const logger = createLogger(name, 'silent');
  const redis = createRedis(stack.redisUrl, logger, 'queues');
  const queues = createQueues(redis, logger);
  const db = await mongoose.createConnection(stack.env.content.MONGO_URL).asPromise();
  async function stop() {
    await db.close();
    await queues.close();
    await redis.quit();
    await stack.stop();
  }
  return { stack, queues, publish: createEventPublisher(queues), db, stop };
}
export type Site = Awaited<ReturnType<typeof startSite>>;
