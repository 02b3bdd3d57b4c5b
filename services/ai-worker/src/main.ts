import { QUEUES, siteIdentityFromEnv } from '@coach/contracts';
import {
  addHealth,
  createApp,
  createEventPublisher,
  createLogger,
  createQueues,
  createRedis,
  logQueueErrors,
  serve,
} from '@coach/kit';
import { Worker, type WorkerOptions } from 'bullmq';
import { chatProcessor } from './chat/reply.ts';
import { loadWorkerConfig } from './config.ts';
import { dailyPostProcessor, scheduleDailyPost } from './daily-post/processor.ts';
import { createMailer } from './emails/mailer.ts';
import { emailProcessor } from './emails/processor.ts';
import { createLlm } from './llm.ts';

const EMAIL_CONCURRENCY = 4;

const config = loadWorkerConfig();
const logger = createLogger('ai-worker', config.LOG_LEVEL);
const connection = createRedis(config.REDIS_URL, logger, 'queues');
const redis = createRedis(config.REDIS_URL, logger);
const queues = createQueues(connection);
const publish = createEventPublisher(queues);
const llm = createLlm(config);
const identity = siteIdentityFromEnv(config);
const mailer = createMailer({
  smtpUrl: config.SMTP_URL,
  outboxDir: config.OUTBOX_DIR,
  from: { name: identity.name, address: config.MAIL_FROM },
  domain: new URL(config.SITE_URL).hostname,
});

// A worker that dies mid-job gives the job back after WORKER_LOCK_MS (the stalled-job check).
const options: WorkerOptions = {
  connection,
  lockDuration: config.WORKER_LOCK_MS,
  stalledInterval: config.WORKER_LOCK_MS,
};
const workers = [
  new Worker(QUEUES.chat, chatProcessor(llm), { ...options, concurrency: config.CHAT_CONCURRENCY }),
  new Worker(
    QUEUES.emails,
    emailProcessor({
      redis,
      mailer,
      logger,
      settings: { coachEmail: config.COACH_EMAIL, siteUrl: config.SITE_URL, identity },
    }),
    { ...options, concurrency: EMAIL_CONCURRENCY },
  ),
  // Two at once, so an admin's request does not wait behind the scheduled run's model call.
  new Worker(QUEUES.dailyPost, dailyPostProcessor({ redis, llm, publish, logger }), { ...options, concurrency: 2 }),
];
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
    dailyPostHour: config.DAILY_POST_HOUR,
  },
  'ai-worker ready',
);

// GET /health for compose and the embedded stack. On SIGTERM, the workers stop taking jobs and
// let the running ones finish (a job still running at the forced exit returns to the queue).
const app = createApp(logger, { json: false });
addHealth(app, redis, { mongo: false });
await serve(app, config.PORT, logger, [
  () => Promise.all(workers.map((w) => w.close())),
  () => queues.close(),
  async () => mailer.close(),
  () => redis.quit(),
  () => connection.quit(),
]);
