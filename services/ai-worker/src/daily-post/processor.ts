import { DAILY_POST_SCHEDULER_ID, dailyPostJobSchema, type DailyPostResult } from '@coach/contracts';
import { DEFAULT_JOB_OPTIONS, type Logger, type PublishEvent, type Redis } from '@coach/kit';
import type { Job, Queue } from 'bullmq';
import type { Llm } from '../llm.ts';
import { generatePost } from './generate.ts';

const PUBLISHED_TTL_S = 3 * 24 * 3600;
const publishedKey = (requestId: string) => `daily-post:published:${requestId}`;

/** The request id of a daily-post job: the admin's, or `daily-YYYY-MM-DD` of the scheduled run (UTC). */
function requestIdOf(job: Job): string {
  const data = dailyPostJobSchema.parse(job.data);
  if (data.trigger === 'admin') return data.requestId;
  const scheduledAt = job.opts.prevMillis ?? job.timestamp;
  return `daily-${new Date(scheduledAt).toISOString().slice(0, 10)}`;
}

/**
 * Processes QUEUES.dailyPost: generates the post and publishes blog.post_generated with the
 * request id as event id, which content stores as the post's generationId. A request already
 * published (a second scheduled run on the same day, a retry) is skipped.
 */
export function dailyPostProcessor(deps: {
  redis: Redis;
  llm: Llm | undefined;
  publish: PublishEvent;
  logger: Logger;
}) {
  return async (job: Job): Promise<DailyPostResult> => {
    const requestId = requestIdOf(job);
    if (await deps.redis.exists(publishedKey(requestId))) {
      deps.logger.info({ requestId }, 'daily post already published; skipped');
      return { requestId, skipped: true };
    }
    const post = await generatePost(requestId, deps.llm);
    await deps.publish('blog.post_generated', { requestId, post }, requestId);
    await deps.redis.set(publishedKey(requestId), new Date().toISOString(), 'EX', PUBLISHED_TTL_S);
    deps.logger.info({ requestId, category: post.category }, 'daily post published');
    return { requestId, skipped: false };
  };
}

/**
 * The daily schedule: one job scheduler with a fixed id, so however many worker replicas call
 * this at start, one job is enqueued per day (at `hour`:00 UTC).
 */
export async function scheduleDailyPost(queue: Queue, hour: number) {
  await queue.upsertJobScheduler(
    DAILY_POST_SCHEDULER_ID,
    { pattern: `0 0 ${hour} * * *`, tz: 'UTC' },
    { name: 'scheduled', data: { trigger: 'schedule' }, opts: DEFAULT_JOB_OPTIONS },
  );
}
