import { QUEUES } from '@coach/contracts';
import {
  addHealth,
  connectMongo,
  createApp,
  createEventPublisher,
  createLogger,
  createQueues,
  createRedis,
  logQueueErrors,
  pushEndpointRulesOf,
  serve,
  siteIdentityFromEnv,
} from '@coach/kit';
import { Worker, type WorkerOptions } from 'bullmq';
import mongoose from 'mongoose';
import { chatProcessor } from './chat/reply.ts';
import { loadWorkerConfig } from './config.ts';
import { dailyPostProcessor, scheduleDailyPost } from './daily-post/processor.ts';
import { createMailer } from './emails/mailer.ts';
import { emailProcessor } from './emails/processor.ts';
import { createLlm } from './llm.ts';
import { DeliveryModel } from './newsletter/deliveries.ts';
import { newsletterBatchProcessor } from './newsletter/sender.ts';
import { PushDeliveryModel } from './push/deliveries.ts';
import { pushBatchProcessor } from './push/sender.ts';

const EMAIL_CONCURRENCY = 4;

const config = loadWorkerConfig();
const logger = createLogger('ai-worker', config.LOG_LEVEL);
await connectMongo(config.MONGO_URL, logger);
await Promise.all([DeliveryModel.syncIndexes(), PushDeliveryModel.syncIndexes()]);
const connection = createRedis(config, logger, 'queues');
const redis = createRedis(config, logger);
const queues = createQueues(connection, logger);
const publish = createEventPublisher(queues);
const llm = createLlm(config);
const identity = siteIdentityFromEnv(config);
const mailer = createMailer({
  smtpUrl: config.SMTP_URL,
  poolSize: config.SMTP_POOL_SIZE,
  outboxDir: config.OUTBOX_DIR,
  from: { name: identity.name, address: config.MAIL_FROM },
  domain: new URL(config.SITE_URL).hostname,
});

// A worker that dies mid-job gives the job back after WORKER_LOCK_MS (the stalled-job check).
// A live worker renews its locks every half lock, so a long job keeps its lock.
const options: WorkerOptions = {
  connection,
  lockDuration: config.WORKER_LOCK_MS,
  stalledInterval: config.WORKER_LOCK_MS,
};
// A chat's visitor is waiting: its lock is short and checked four times per lock, so another
// worker takes over a dead worker's chat within about CHAT_LOCK_MS * 1.25.
const chatOptions: WorkerOptions = {
  connection,
  lockDuration: config.CHAT_LOCK_MS,
  stalledInterval: Math.max(500, config.CHAT_LOCK_MS / 4),
  concurrency: config.CHAT_CONCURRENCY,
};
const emailSettings = { coachEmail: config.COACH_EMAIL, siteUrl: config.SITE_URL, identity };
const workers: Worker[] = [
  new Worker(QUEUES.chat, chatProcessor(llm), chatOptions),
  new Worker(QUEUES.emails, emailProcessor({ redis, mailer, logger, settings: emailSettings }), {
    ...options,
    concurrency: EMAIL_CONCURRENCY,
  }),
  // Two batches at once, each keeping the SMTP pool busy.
  new Worker(
    QUEUES.newsletterSend,
    newsletterBatchProcessor({ mailer, logger, settings: emailSettings, parallel: config.SMTP_POOL_SIZE }),
    { ...options, concurrency: 2 },
  ),
  // Two at once, so an admin's request does not wait behind the scheduled run's model call.
  new Worker(QUEUES.dailyPost, dailyPostProcessor({ redis, llm, publish, logger }), { ...options, concurrency: 2 }),
];
// Without a VAPID key pair no push is sent: the batches wait in their queue for a worker that has one.
if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
  const vapid = {
    subject: config.VAPID_SUBJECT ?? `mailto:${config.MAIL_FROM}`,
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
  };
  const settings = {
    vapid,
    siteUrl: config.SITE_URL,
    parallel: config.PUSH_CONCURRENCY,
    endpoints: pushEndpointRulesOf(config),
  };
  workers.push(new Worker(QUEUES.pushSend, pushBatchProcessor({ settings, logger }), { ...options, concurrency: 2 }));
}
for (const worker of workers) {
  worker.on('failed', (job, err) =>
    logger.warn({ queue: worker.name, jobId: job?.id, attempts: job?.attemptsMade, reason: err.message }, 'job failed'),
  );
  logQueueErrors(worker, logger, 'worker error');
}
await scheduleDailyPost(queues.get(QUEUES.dailyPost), config.DAILY_POST_HOUR);
logger.info(
  {
    model: llm ? config.OPENAI_MODEL : 'offline companion',
    mail: config.SMTP_URL ? 'smtp' : 'outbox',
    push: Boolean(config.VAPID_PRIVATE_KEY),
    dailyPostHour: config.DAILY_POST_HOUR,
  },
  'ai-worker ready',
);

// GET /health for compose and the embedded stack. On SIGTERM, the workers stop taking jobs and
// let the running ones finish (a job still running at the forced exit returns to the queue).
const app = createApp(logger, { json: false });
addHealth(app, redis, { mongo: mongoose.connection });
await serve(app, config, logger, [
  () => Promise.all(workers.map((w) => w.close())),
  () => queues.close(),
  async () => mailer.close(),
  () => redis.quit(),
  () => connection.quit(),
  () => mongoose.disconnect(),
]);
