import { QUEUES } from '@coach/contracts';
import {
  connectMongo,
  createEventPublisher,
  createLogger,
  createQueues,
  createRedis,
  pushEndpointRulesOf,
} from '@coach/kit';
import mongoose from 'mongoose';
import { buildContentApp } from './app.ts';
import { blogPostChanges } from './blog/model.ts';
import { shareChanges } from './changes/changes.ts';
import { createPublication } from './blog/publication.ts';
import { seedDemoPosts } from './blog/seed.ts';
import { CHAT_MESSAGES } from './chat/service.ts';
import type { ContentConfig } from './config.ts';
import { contactReceived } from './contact/model.ts';
import { startGeneratedPostConsumer } from './daily-post/consumer.ts';
import { DAILY_POST_MESSAGES } from './daily-post/routes.ts';
import { guideConfirmationRequested } from './guide/service.ts';
import { createJobRunner } from './worker-jobs/job-runner.ts';
import { createMailRequestLimit } from './mail-requests/limit.ts';
import { sendDeferredConfirmations } from './newsletter/deferred.ts';
import { startNewsletterConsumer } from './newsletter/fanout.ts';
import { migrateEarlySubscribers } from './newsletter/migrate.ts';
import { newsletterConfirmationRequested } from './newsletter/service.ts';
import { createOutbox } from './outbox/outbox.ts';
import { startPushConsumer } from './push/fanout.ts';
import { startInsightsJobs } from './insights/jobs.ts';
import { createBeaconRecorder } from './insights/service.ts';
import { siteStatsChanges } from './site-stats/model.ts';

/**
 * The content service wired from its settings: its database and queues connected, its consumers
 * and sweeps running, and its app. main.ts schedules the recurring jobs and serves the app; the
 * tests' harness listens on it and schedules none (a recurring job would wait in their queues).
 * `closers` stop it all, in order, once the app takes no more requests.
 */
export async function startContentService(config: ContentConfig) {
  const logger = createLogger('content', config.LOG_LEVEL);
  await connectMongo(config.MONGO_URL, logger);
  await mongoose.connection.syncIndexes();
  const redis = createRedis(config, logger);
  // The answers kept in memory (the blog's list pages, the statistics) hear of every replica's writes.
  const stopSharingChanges = shareChanges(redis, logger, { posts: blogPostChanges, stats: siteStatsChanges });
  const queueConnection = createRedis(config, logger, 'queues');
  const queues = createQueues(queueConnection, logger);
  const publish = createEventPublisher(queues);
  const outbox = createOutbox(publish, logger);
  const mailLimit = createMailRequestLimit(config.MAIL_REQUESTS_PER_ADDRESS_PER_HOUR);
  // Every collection whose rows owe an event is swept for the rows an outage left owed.
  const stopSweeping = outbox.startSweeping(async () => {
    await outbox.sweep(contactReceived);
    await outbox.sweep(newsletterConfirmationRequested);
    await outbox.sweep(guideConfirmationRequested);
    await sendDeferredConfirmations({ outbox, mailLimit, confirmHours: config.NEWSLETTER_CONFIRM_HOURS });
  });
  const publication = createPublication(publish, logger);
  const stopPublicationChecks = publication.startChecking(config.BLOG_PUBLISH_CHECK_MS);
  const postConsumer = startGeneratedPostConsumer(
    queueConnection,
    logger,
    publication,
    config.DAILY_POST_SEND_TO_SUBSCRIBERS,
  );
  const newsletterConsumer = startNewsletterConsumer(queueConnection, queues, logger, {
    batchSize: config.NEWSLETTER_BATCH_SIZE,
    digestPattern: config.NEWSLETTER_DIGEST_CRON,
  });
  const pushConsumer = startPushConsumer(queueConnection, queues, logger, config.PUSH_BATCH_SIZE);
  const insightsJobs = startInsightsJobs(queueConnection, queues, {
    redis,
    publish,
    logger,
    weeklyPattern: config.INSIGHTS_WEEKLY_CRON,
  });
  const beacons = createBeaconRecorder(redis, logger);
  const migrated = await migrateEarlySubscribers();
  if (migrated) logger.info({ migrated }, 'early newsletter subscribers kept as confirmed');
  const jobs = {
    chat: createJobRunner(queues.get(QUEUES.chat), logger, CHAT_MESSAGES),
    dailyPost: createJobRunner(queues.get(QUEUES.dailyPost), logger, DAILY_POST_MESSAGES),
  };
  const limits = {
    chatTimeoutMs: config.CHAT_TIMEOUT_MS,
    chatPerMinute: config.CHAT_RATE_LIMIT_PER_MINUTE,
    generateTimeoutMs: config.GENERATE_TIMEOUT_MS,
    newsletterConfirmHours: config.NEWSLETTER_CONFIRM_HOURS,
  };
  if (config.SEED_DEMO) await seedDemoPosts(logger);

  const app = buildContentApp({
    logger,
    redis,
    outbox,
    mailLimit,
    publication,
    sessionPublicKey: config.SESSION_PUBLIC_KEY,
    cookieSecure: config.COOKIE_SECURE,
    jobs,
    limits,
    push: { publicKey: config.VAPID_PUBLIC_KEY, endpoints: pushEndpointRulesOf(config) },
    beacons,
  });
  const closers: Array<() => Promise<unknown>> = [
    async () => stopSweeping(),
    async () => stopPublicationChecks(),
    () => postConsumer.close(),
    () => newsletterConsumer.close(),
    () => pushConsumer.close(),
    () => insightsJobs.close(),
    () => beacons.flush(),
    () => Promise.all([jobs.chat.close(), jobs.dailyPost.close()]),
    () => queues.close(),
    () => queueConnection.quit(),
    () => stopSharingChanges(),
    () => redis.quit(),
    () => mongoose.disconnect(),
  ];
  /** The recurring jobs (the weekly digest, the reflection reminders, the coach's weekly figures). */
  async function schedule() {
    await newsletterConsumer.scheduleDigest();
    await pushConsumer.scheduleReflections();
    await insightsJobs.schedule();
  }
  return { app, logger, redis, queues, publish, publication, schedule, closers };
}
