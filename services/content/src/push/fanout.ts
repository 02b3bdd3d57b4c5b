import { eventPayloadSchemas, QUEUES, type EventJob, type PushBatchJob, type PushKind } from '@coach/contracts';
import { DEFAULT_JOB_OPTIONS, logQueueErrors, type Logger, type Queues, type Redis } from '@coach/kit';
import { Worker, type Job } from 'bullmq';
import mongoose from 'mongoose';
import { sessionTimeIn } from '@coach/site-rules';
import { queueInPages } from '../pages.ts';
import { PushSubscriptionModel } from './model.ts';

/** The id of the job scheduler that looks for weekly reflection reminders every hour (one for all replicas). */
export const REFLECTION_SCHEDULER_ID = 'push-reflection';

/** One notification: what it says, the page it opens, and the id that makes it once per subscription. */
export type Notice = Omit<PushBatchJob, 'subscriptionIds'>;

/** The weekday (0 Sunday) and hour at `at` in a time zone. */
export function localDayAndHour(at: Date, timeZone: string): { day: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {});
  return { day: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday), hour: Number(parts.hour) };
}

/**
 * Consumes QUEUES.push: each event that concerns subscribed browsers (a published post, a reply
 * on a member's post, a session's reminder) and the hourly look for weekly reflection reminders
 * become batch jobs for ai-worker, of the matching subscriptions in _id order, each job id naming
 * the notification and its first subscription, so a retried fan-out queues nothing twice (and
 * ai-worker's delivery records stop any repeat).
 */
export function startPushConsumer(connection: Redis, queues: Queues, logger: Logger, batchSize: number) {
  const sendQueue = queues.get(QUEUES.pushSend);

  async function fanOut(notice: Notice, filter: mongoose.FilterQuery<unknown>) {
    const { batches, rows: subscriptions } = await queueInPages(
      (after) =>
        PushSubscriptionModel.find({ ...filter, kinds: notice.kind, ...after }, { _id: 1 })
          .sort({ _id: 1 })
          .limit(batchSize)
          .lean(),
      (page) => {
        const job: PushBatchJob = { ...notice, subscriptionIds: page.map((s) => s._id.toString()) };
        return sendQueue.add('batch', job, { jobId: `${notice.eventId}.${page[0]!._id.toString()}` });
      },
    );
    logger.info({ eventId: notice.eventId, kind: notice.kind, batches, subscriptions }, 'push notification queued');
    return { batches, subscriptions };
  }

  const forMember = (kind: PushKind, userId: number, notice: Omit<Notice, 'kind'>) =>
    fanOut({ ...notice, kind }, { userId });

  async function handle(job: Job) {
    switch (job.name) {
      case 'blog.post_published': {
        const post = eventPayloadSchemas['blog.post_published'].parse((job.data as EventJob).payload);
        if (!post.sendToSubscribers) return { notified: false };
        return fanOut(
          {
            eventId: `post.${post.postId}`,
            kind: 'posts',
            title: post.title,
            body: post.excerpt,
            path: `/blog/${post.slug}`,
          },
          {},
        );
      }
      case 'circle.reply_added': {
        const reply = eventPayloadSchemas['circle.reply_added'].parse((job.data as EventJob).payload);
        return forMember('replies', reply.postAuthorId, {
          eventId: `reply.${reply.replyId}`,
          title: 'A new reply to your post in the Sacred Circle',
          body: reply.excerpt,
          path: '/community',
        });
      }
      case 'booking.reminder_due': {
        const event = job.data as EventJob<'booking.reminder_due'>;
        const booking = eventPayloadSchemas['booking.reminder_due'].parse(event.payload);
        if (booking.userId === undefined) return { notified: false };
        return forMember('sessions', booking.userId, {
          eventId: event.id,
          title: 'Your session is tomorrow',
          body: `${booking.eventName ?? 'Your coaching session'}: ${sessionTimeIn(booking.startTime, booking.timeZone, 'short')}`,
          path: '/profile',
        });
      }
      case 'reflection':
        return reflectionReminders(new Date(job.opts.prevMillis ?? job.timestamp));
      default:
        throw new Error(`unknown push job ${job.name}`);
    }
  }

  /** The reminders of the hour `at` falls in: each subscription whose day and hour it is in her zone. */
  async function reflectionReminders(at: Date) {
    const hourStart = new Date(Math.floor(at.getTime() / 3600_000) * 3600_000);
    const zones = (await PushSubscriptionModel.distinct('reflection.timeZone', { kinds: 'reflection' })) as string[];
    if (zones.length === 0) return { batches: 0, subscriptions: 0 };
    const due = zones.map((timeZone) => {
      const { day, hour } = localDayAndHour(hourStart, timeZone);
      return { 'reflection.timeZone': timeZone, 'reflection.day': day, 'reflection.hour': hour };
    });
    return fanOut(
      {
        eventId: `reflection.${hourStart.toISOString().slice(0, 13)}`,
        kind: 'reflection',
        title: 'Your weekly reflection',
        body: "Take a quiet moment with this week's reflection in the Sacred Circle.",
        path: '/community',
      },
      { $or: due },
    );
  }

  const worker = new Worker(QUEUES.push, handle, { connection, concurrency: 2 });
  worker.on('failed', (job, err) =>
    logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, reason: err.message }, 'push fan-out failed'),
  );
  logQueueErrors(worker, logger, 'push consumer error');

  return {
    /** One scheduler for all replicas: the reflection look is queued once an hour whoever calls this. */
    async scheduleReflections() {
      await queues
        .get(QUEUES.push)
        .upsertJobScheduler(
          REFLECTION_SCHEDULER_ID,
          { pattern: '0 0 * * * *', tz: 'UTC' },
          { name: 'reflection', data: {}, opts: DEFAULT_JOB_OPTIONS },
        );
    },
    close: () => worker.close(),
  };
}
