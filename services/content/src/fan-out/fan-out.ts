import type { QueueName } from '@coach/contracts';
import { DEFAULT_JOB_OPTIONS, logQueueErrors, type Logger, type Queues, type Redis } from '@coach/kit';
import { Worker, type Job, type Queue } from 'bullmq';
import mongoose, { type Model } from 'mongoose';

/**
 * A fan-out: an event meant for many recipients (a newsletter's subscribers, the browsers
 * subscribed to a notification) becomes batch jobs for ai-worker, one per page of recipients in
 * _id order. Each job id names the event and its page's first recipient, so a retried fan-out
 * queues nothing twice (and ai-worker's delivery records, one per recipient and event, stop any
 * repeat).
 */

interface Recipient {
  _id: mongoose.Types.ObjectId;
}

/**
 * Queues on `queue` the batch job `jobOf` makes of each page of `pageSize` rows of `model` that
 * `filter` matches (with the `projection`'s fields). Returns how many batches and recipients.
 */
export async function queueBatches<Row extends Recipient>(
  queue: Queue,
  eventId: string,
  recipients: {
    model: Pick<Model<unknown>, 'find'>;
    filter: mongoose.FilterQuery<unknown>;
    projection: Record<string, 1>;
    pageSize: number;
  },
  jobOf: (page: Row[]) => object,
): Promise<{ batches: number; recipients: number }> {
  let batches = 0;
  let rows = 0;
  for (let after: mongoose.Types.ObjectId | undefined; ;) {
    const page = await recipients.model
      .find(
        { ...recipients.filter, ...(after ? { _id: mongoose.trusted({ $gt: after }) } : {}) },
        recipients.projection,
      )
      .sort({ _id: 1 })
      .limit(recipients.pageSize)
      .lean<Row[]>();
    if (page.length === 0) return { batches, recipients: rows };
    await queue.add('batch', jobOf(page), { jobId: `${eventId}.${page[0]!._id.toString()}` });
    batches += 1;
    rows += page.length;
    after = page[page.length - 1]!._id;
  }
}

/**
 * Consumes the events of `queueName` with `handle` (two at once), each a fan-out; `name` names it
 * in the logs. `schedule` has a job of `jobName` queued on the same queue at each time of a cron
 * `pattern` (UTC) by one scheduler, `schedulerId`, for all replicas, whoever calls it.
 */
export function startFanOutConsumer(
  name: string,
  queueName: QueueName,
  deps: { connection: Redis; queues: Queues; logger: Logger },
  handle: (job: Job) => Promise<unknown>,
) {
  const worker = new Worker(queueName, handle, { connection: deps.connection, concurrency: 2 });
  worker.on('failed', (job, err) =>
    deps.logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, reason: err.message }, `${name} fan-out failed`),
  );
  logQueueErrors(worker, deps.logger, `${name} consumer error`);
  return {
    async schedule(schedulerId: string, pattern: string, jobName: string) {
      await deps.queues
        .get(queueName)
        .upsertJobScheduler(
          schedulerId,
          { pattern, tz: 'UTC' },
          { name: jobName, data: {}, opts: DEFAULT_JOB_OPTIONS },
        );
    },
    close: () => worker.close(),
  };
}
