import { eventPayloadSchemas, QUEUES, type EventJob } from '@coach/contracts';
import {
  DEFAULT_JOB_OPTIONS,
  logQueueErrors,
  type Logger,
  type PublishEvent,
  type Queues,
  type Redis,
} from '@coach/kit';
import { Worker, type Job } from 'bullmq';
import { dayOf, insightsFor, insightsSettings, recordPurchase, rollUpFinishedDays } from './service.ts';

export const INSIGHTS_ROLLUP_SCHEDULER_ID = 'insights-rollup';
export const INSIGHTS_WEEKLY_SCHEDULER_ID = 'insights-weekly';
/** Ten past midnight (UTC): the day just finished is stored for good. */
const ROLLUP_PATTERN = '0 10 0 * * *';

/**
 * Consumes QUEUES.insights: completed purchases (from the site's own records), the nightly rollup
 * of finished days, and the weekly report e-mailed to the coach (once per week, whatever the
 * replicas: its event id names the week's last day).
 */
export function startInsightsJobs(
  connection: Redis,
  queues: Queues,
  deps: { redis: Redis; publish: PublishEvent; logger: Logger; weeklyPattern: string },
) {
  async function weekly(job: Job) {
    if (!(await insightsSettings()).weeklyEmail) return { sent: false };
    const scheduledAt = new Date(job.opts.prevMillis ?? job.timestamp);
    const lastDay = new Date(scheduledAt.getTime() - 24 * 3600_000);
    const week = await insightsFor(deps.redis, 7, lastDay);
    const weekEnding = dayOf(lastDay);
    await deps.publish(
      'insights.weekly_report',
      {
        weekEnding,
        ...week.totals,
        topPosts: week.topPosts.slice(0, 5),
        sources: week.sources.slice(0, 5),
        conversions: week.conversions,
      },
      `insights-weekly.${weekEnding}`,
    );
    return { sent: true };
  }

  const worker = new Worker(
    QUEUES.insights,
    async (job: Job) => {
      if (job.name === 'rollup') return { days: await rollUpFinishedDays(deps.redis) };
      if (job.name === 'weekly') return weekly(job);
      const event = job.data as EventJob<'purchase.completed'>;
      const purchase = eventPayloadSchemas['purchase.completed'].parse(event.payload);
      await recordPurchase(purchase.purchaseId, new Date(event.occurredAt), purchase.fromPost ?? undefined);
      return { counted: true };
    },
    { connection, concurrency: 1 },
  );
  worker.on('failed', (job, err) =>
    deps.logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, reason: err.message }, 'insights job failed'),
  );
  logQueueErrors(worker, deps.logger, 'insights consumer error');

  return {
    /** One scheduler each for all replicas. */
    async schedule() {
      const queue = queues.get(QUEUES.insights);
      await queue.upsertJobScheduler(
        INSIGHTS_ROLLUP_SCHEDULER_ID,
        { pattern: ROLLUP_PATTERN, tz: 'UTC' },
        { name: 'rollup', data: {}, opts: DEFAULT_JOB_OPTIONS },
      );
      await queue.upsertJobScheduler(
        INSIGHTS_WEEKLY_SCHEDULER_ID,
        { pattern: deps.weeklyPattern, tz: 'UTC' },
        { name: 'weekly', data: {}, opts: DEFAULT_JOB_OPTIONS },
      );
    },
    close: () => worker.close(),
  };
}
