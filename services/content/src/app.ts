import mongoose from 'mongoose';
import { BEACON_PATH } from '@coach/contracts';
import type { Redis } from '@coach/kit';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addHealth, createApp, createSessionVerifier, finishApp, type Logger } from '@coach/kit';
import express, { type Express } from 'express';
import type { Publication } from './blog/publication.ts';
import { adminBlogRoutes, internalBlogRoutes, publicBlogRoutes } from './blog/routes.ts';
import { chatRoutes } from './chat/routes.ts';
import { createChatService } from './chat/service.ts';
import { contactRoutes } from './contact/routes.ts';
import { dailyPostRoutes } from './daily-post/routes.ts';
import { guideRoutes } from './guide/routes.ts';
import type { JobRunner } from './worker-jobs/job-runner.ts';
import type { Outbox } from './outbox/outbox.ts';
import type { MailRequestLimit } from './mail-requests/limit.ts';
import { newsletterRoutes } from './newsletter/routes.ts';
import { pushRoutes, type PushOptions } from './push/routes.ts';
import { insightsRoutes } from './insights/routes.ts';
import type { BeaconRecorder } from './insights/service.ts';
import { siteStatsRoutes } from './site-stats/routes.ts';

const IMAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/images');

export interface ContentDeps {
  logger: Logger;
  redis: Redis;
  outbox: Outbox;
  /** The e-mails the forms may have sent to one address per hour. */
  mailLimit: MailRequestLimit;
  /** Announces posts as they become public (blog.post_published). */
  publication: Publication;
  sessionPublicKey: string;
  cookieSecure: boolean;
  /** Chat replies and daily posts are computed by ai-worker; content waits for them. */
  jobs: { chat: JobRunner; dailyPost: JobRunner };
  limits: {
    chatTimeoutMs: number;
    chatPerMinute: number;
    generateTimeoutMs: number;
    /** How long a newsletter confirmation link works. */
    newsletterConfirmHours: number;
  };
  push: PushOptions;
  /** Counts the insights beacons. */
  beacons: BeaconRecorder;
}

/** The content service's HTTP app: blog, stats, newsletter, the free guide, contact, AI chat and their admin views. */
export function buildContentApp({
  logger,
  redis,
  outbox,
  mailLimit,
  publication,
  sessionPublicKey,
  cookieSecure,
  jobs,
  limits,
  push,
  beacons,
}: ContentDeps): Express {
  // A mail client's one-click unsubscribe posts a form.
  // The beacon's size is judged on the bytes as sent.
  const app = createApp(logger, { formPaths: ['/api/newsletter/unsubscribe'], rawBodyPaths: [BEACON_PATH] });
  const sessions = createSessionVerifier(sessionPublicKey, redis, cookieSecure);
  addHealth(app, redis, { mongo: mongoose.connection });
  // Blog images: local files (the site works offline), fingerprint-free names so cached for a day.
  app.use('/images', express.static(IMAGES_DIR, { maxAge: '1d', fallthrough: false }));
  app.use(publicBlogRoutes());
  app.use(internalBlogRoutes());
  app.use(adminBlogRoutes(sessions, publication));
  app.use(siteStatsRoutes());
  app.use(newsletterRoutes(sessions, { outbox, mailLimit, confirmHours: limits.newsletterConfirmHours }));
  app.use(guideRoutes(sessions, { outbox, mailLimit, confirmHours: limits.newsletterConfirmHours }));
  app.use(contactRoutes(outbox, sessions, mailLimit));
  app.use(pushRoutes(sessions, push));
  app.use(insightsRoutes(sessions, redis, beacons, logger));
  app.use(chatRoutes(redis, createChatService(jobs.chat, limits.chatTimeoutMs), limits.chatPerMinute));
  app.use(dailyPostRoutes(sessions, jobs.dailyPost, limits.generateTimeoutMs));
  return finishApp(app, logger);
}
