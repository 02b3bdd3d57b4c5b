import { connectMongo, createEventPublisher, createLogger, createQueues, createRedis, serve } from '@coach/kit';
import mongoose from 'mongoose';
import { buildContentApp } from './app.ts';
import { seedDemoPosts } from './blog/seed.ts';
import { config } from './config.ts';

const logger = createLogger('content', config.LOG_LEVEL);
await connectMongo(config.MONGO_URL, logger);
await mongoose.connection.syncIndexes();
const redis = createRedis(config.REDIS_URL);
const queues = createQueues(createRedis(config.REDIS_URL, { forWorkers: true }));
const publish = createEventPublisher(queues);
if (config.SEED_DEMO) await seedDemoPosts(logger);

const app = buildContentApp({ logger, redis, publish, sessionPublicKey: config.SESSION_PUBLIC_KEY });
await serve(app, config.PORT, logger, [() => queues.close(), () => redis.quit(), () => mongoose.disconnect()]);
