import {
  eventPayloadSchemas,
  QUEUES,
  type EventJob,
  type PushBatchJob,
  type PortalNoticeKind,
  type PushKind,
} from '@coach/contracts';
import type { Logger, Queues, Redis } from '@coach/kit';
import type { Job } from 'bullmq';
import type mongoose from 'mongoose';
import { sessionTimeIn } from '@coach/site-rules';
import { queueBatches, startFanOutConsumer } from '../fan-out/fan-out.ts';
import { PushSubscriptionModel } from './model.ts';

/** The notification's title of each kind of news of a client's program. */
const PORTAL_PUSH_TITLES: Record<PortalNoticeKind, (program: string) => string> = {
  welcome: (program) => `Welcome to ${program}`,
  intake_reminder: (program) => `A few questions before we begin ${program}`,
  note: (program) => `A new note from your coach: ${program}`,
  homework: (program) => `New homework: ${program}`,
};

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
 * are fanned out to ai-worker as batch jobs of the matching subscriptions (fan-out/).
 */
export function startPushConsumer(connection: Redis, queues: Queues, logger: Logger, batchSize: number) {
  const sendQueue = queues.get(QUEUES.pushSend);

  async function fanOut(notice: Notice, filter: mongoose.FilterQuery<unknown>) {
    const subscriptions = {
      model: PushSubscriptionModel,
      filter: { ...filter, kinds: notice.kind },
      projection: { _id: 1 } as const,
      pageSize: batchSize,
    };
    const queued = await queueBatches(sendQueue, notice.eventId, subscriptions, (page) => {
      const job: PushBatchJob = { ...notice, subscriptionIds: page.map((s) => s._id.toString()) };
      return job;
    });
    const counts = { batches: queued.batches, subscriptions: queued.recipients };
    logger.info({ eventId: notice.eventId, kind: notice.kind, ...counts }, 'push notification queued');
    return counts;
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
      case 'portal.client_notice': {
        // News of her program reaches the browsers where she allowed session reminders.
        const event = job.data as EventJob<'portal.client_notice'>;
        const notice = eventPayloadSchemas['portal.client_notice'].parse(event.payload);
        if (notice.userId === null) return { notified: false };
        return forMember('sessions', notice.userId, {
          eventId: event.id,
          title: PORTAL_PUSH_TITLES[notice.kind](notice.programTitle),
          body: notice.excerpt ?? 'Open your program space.',
          path: `/programs/${notice.programId}`,
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

  const consumer = startFanOutConsumer('push', QUEUES.push, { connection, queues, logger }, handle);
  return {
    /** The look for reflection reminders is queued once an hour. */
    scheduleReflections: () => consumer.schedule(REFLECTION_SCHEDULER_ID, '0 0 * * * *', 'reflection'),
    close: consumer.close,
  };
}
