import {
  eventPayloadSchemas,
  NEWSLETTER_DIGEST_SCHEDULER_ID,
  QUEUES,
  type EventJob,
  type NewsletterBatchJob,
} from '@coach/contracts';
import { DEFAULT_JOB_OPTIONS, logQueueErrors, type Logger, type Queues, type Redis } from '@coach/kit';
import { Worker, type Job } from 'bullmq';
import mongoose from 'mongoose';
import { queueInPages } from '../pages.ts';
import { DigestPostModel, MailingModel, SubscriberModel } from './model.ts';
import { newsletterSettings } from './service.ts';

export interface FanOutOptions {
  /** Recipients per batch job of ai-worker. */
  batchSize: number;
  /** When the weekly digest goes out (a cron pattern, UTC). */
  digestPattern: string;
}

interface Mailing {
  _id: string;
  kind: 'post' | 'digest';
  posts: NewsletterBatchJob['posts'];
}

/**
 * Consumes QUEUES.newsletter: a published post meant for subscribers becomes a mailing (or waits
 * for the weekly digest, when the coach chose it), and the weekly digest job gathers the posts
 * waiting since the last one. A mailing is handed to ai-worker as batch jobs of the confirmed
 * subscribers in _id order, each job id naming the mailing and its first recipient, so a
 * retried fan-out queues nothing twice (and ai-worker's delivery records stop any repeat).
 */
export function startNewsletterConsumer(connection: Redis, queues: Queues, logger: Logger, options: FanOutOptions) {
  const sendQueue = queues.get(QUEUES.newsletterSend);

  async function fanOut(mailing: Mailing): Promise<{ batches: number; recipients: number }> {
    const { batches, rows: recipients } = await queueInPages(
      (after) =>
        SubscriberModel.find({ state: 'confirmed', ...after }, { email: 1, unsubscribeToken: 1 })
          .sort({ _id: 1 })
          .limit(options.batchSize)
          .lean(),
      (page) => {
        const job: NewsletterBatchJob = {
          mailingId: mailing._id,
          kind: mailing.kind,
          posts: mailing.posts,
          recipients: page.map((s) => ({
            subscriberId: s._id.toString(),
            email: s.email,
            unsubscribeToken: s.unsubscribeToken!,
          })),
        };
        return sendQueue.add('batch', job, { jobId: `${mailing._id}.${page[0]!._id.toString()}` });
      },
    );
    logger.info({ mailingId: mailing._id, batches, recipients }, 'newsletter mailing queued');
    return { batches, recipients };
  }

  async function postPublished(job: Job<EventJob<'blog.post_published'>>) {
    const post = eventPayloadSchemas['blog.post_published'].parse(job.data.payload);
    if (!post.sendToSubscribers) return { mailed: false };
    const { slug, title, excerpt } = post;
    if ((await newsletterSettings()).delivery === 'weekly-digest') {
      await DigestPostModel.updateOne(
        { _id: post.postId },
        { $setOnInsert: { slug, title, excerpt } },
        { upsert: true },
      );
      return { mailed: false, digest: true };
    }
    // The first version published is the one mailed: an edit later changes nothing sent.
    await MailingModel.updateOne(
      { _id: post.postId },
      { $setOnInsert: { kind: 'post', postIds: [post.postId], posts: [{ slug, title, excerpt }] } },
      { upsert: true },
    );
    return fanOut((await MailingModel.findById(post.postId).lean<Mailing>())!);
  }

  /** The digest of a scheduled run: the posts waiting at its scheduled time, once. */
  async function digest(job: Job) {
    const scheduledAt = new Date(job.opts.prevMillis ?? job.timestamp);
    const mailingId = `digest-${scheduledAt.toISOString().slice(0, 10)}`;
    let mailing = await MailingModel.findById(mailingId).lean<Mailing>();
    if (!mailing) {
      await DigestPostModel.updateMany(
        { digest: mongoose.trusted({ $exists: false }), queuedAt: mongoose.trusted({ $lte: scheduledAt }) },
        { $set: { digest: mailingId } },
      );
      const posts = await DigestPostModel.find({ digest: mailingId }).sort({ queuedAt: 1 }).lean();
      if (posts.length === 0) return { mailed: false };
      await MailingModel.updateOne(
        { _id: mailingId },
        {
          $setOnInsert: {
            kind: 'digest',
            postIds: posts.map((p) => p._id),
            posts: posts.map(({ slug, title, excerpt }) => ({ slug, title, excerpt })),
          },
        },
        { upsert: true },
      );
      mailing = (await MailingModel.findById(mailingId).lean<Mailing>())!;
    }
    return fanOut(mailing);
  }

  const worker = new Worker(
    QUEUES.newsletter,
    (job: Job) => (job.name === 'digest' ? digest(job) : postPublished(job)),
    { connection, concurrency: 2 },
  );
  worker.on('failed', (job, err) =>
    logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, reason: err.message }, 'newsletter fan-out failed'),
  );
  logQueueErrors(worker, logger, 'newsletter consumer error');

  return {
    /** One scheduler for all replicas: the digest job is queued once a week whoever calls this. */
    async scheduleDigest() {
      await queues
        .get(QUEUES.newsletter)
        .upsertJobScheduler(
          NEWSLETTER_DIGEST_SCHEDULER_ID,
          { pattern: options.digestPattern, tz: 'UTC' },
          { name: 'digest', data: {}, opts: DEFAULT_JOB_OPTIONS },
        );
    },
    close: () => worker.close(),
  };
}
