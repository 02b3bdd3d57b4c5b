import {
  eventPayloadSchemas,
  NEWSLETTER_DIGEST_SCHEDULER_ID,
  QUEUES,
  type EventJob,
  type NewsletterBatchJob,
} from '@coach/contracts';
import type { Logger, Queues, Redis } from '@coach/kit';
import type { Job } from 'bullmq';
import mongoose from 'mongoose';
import { queueBatches, startFanOutConsumer } from '../fan-out/fan-out.ts';
import { DigestPostModel, MailingModel, SubscriberModel } from './model.ts';
import { newsletterSettings } from './service.ts';

export interface FanOutOptions {
  /** Recipients per batch job of ai-worker. */
  batchSize: number;
  /** When the weekly digest goes out (a cron pattern, UTC). */
  digestPattern: string;
}

interface ConfirmedSubscriber {
  _id: mongoose.Types.ObjectId;
  email: string;
  unsubscribeToken: string;
}

interface Mailing {
  _id: string;
  kind: 'post' | 'digest';
  posts: NewsletterBatchJob['posts'];
}

/**
 * Consumes QUEUES.newsletter: a published post meant for subscribers becomes a mailing (or waits
 * for the weekly digest, when the coach chose it), and the weekly digest job gathers the posts
 * waiting since the last one. A mailing is fanned out to ai-worker as batch jobs of the confirmed
 * subscribers (fan-out/).
 */
export function startNewsletterConsumer(connection: Redis, queues: Queues, logger: Logger, options: FanOutOptions) {
  const sendQueue = queues.get(QUEUES.newsletterSend);

  async function fanOut(mailing: Mailing): Promise<{ batches: number; recipients: number }> {
    const subscribers = {
      model: SubscriberModel,
      filter: { state: 'confirmed' },
      projection: { email: 1, unsubscribeToken: 1 } as const,
      pageSize: options.batchSize,
    };
    const queued = await queueBatches(sendQueue, mailing._id, subscribers, (page: ConfirmedSubscriber[]) => {
      const job: NewsletterBatchJob = {
        mailingId: mailing._id,
        kind: mailing.kind,
        posts: mailing.posts,
        recipients: page.map((s) => ({
          subscriberId: s._id.toString(),
          email: s.email,
          unsubscribeToken: s.unsubscribeToken,
        })),
      };
      return job;
    });
    logger.info({ mailingId: mailing._id, ...queued }, 'newsletter mailing queued');
    return queued;
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

  const consumer = startFanOutConsumer('newsletter', QUEUES.newsletter, { connection, queues, logger }, (job: Job) =>
    job.name === 'digest' ? digest(job) : postPublished(job),
  );
  return {
    /** The digest job is queued once a week. */
    scheduleDigest: () => consumer.schedule(NEWSLETTER_DIGEST_SCHEDULER_ID, options.digestPattern, 'digest'),
    close: consumer.close,
  };
}
