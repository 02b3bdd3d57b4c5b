import { HttpError, logQueueErrors, UnavailableError, withinDependencyTimeout, type Logger, type Redis } from '@coach/kit';
import { QueueEvents, type JobsOptions, type Queue } from 'bullmq';

/** How long a "yes, a worker listens on this queue" is reused. */
const PRESENCE_TTL_MS = 2000;

export interface JobRunnerMessages {
  /** 503: no worker, or the job failed. */
  unavailable: string;
  /** 504: no result within the timeout. */
  tooSlow: string;
}

/**
 * Runs jobs on a queue whose worker lives in another process (ai-worker) and waits for their
 * result with one QueueEvents per process. Nothing hangs: with no worker listening, or Redis
 * unreachable, the caller gets 503 at once (within DEPENDENCY_TIMEOUT_MS for a frozen Redis), a
 * failed job gives 503 and a result later than the timeout gives 504.
 */
export function createJobRunner(queue: Queue, logger: Logger, messages: JobRunnerMessages) {
  // QueueEvents blocks on its connection, so BullMQ gives it a duplicate of the queue's.
  const events = new QueueEvents(queue.name, { connection: queue.opts.connection });
  // Each waiting caller listens for the queue closing until its job ends: many at once is normal.
  queue.setMaxListeners(0);
  logQueueErrors(events, logger, 'queue events error');

  // A positive answer is reused for a moment; with no worker every request asks again, so a
  // worker that (re)starts is used at once.
  let presentUntil = 0;
  async function workersPresent(): Promise<boolean> {
    if ((queue.opts.connection as Redis).status !== 'ready') throw new UnavailableError(messages.unavailable);
    if (Date.now() < presentUntil) return true;
    const present = await withinDependencyTimeout(
      queue.getWorkersCount().then(
        (count) => count > 0,
        () => true, // cannot tell (the server refuses CLIENT LIST): let the timeout decide
      ),
      messages.unavailable,
    );
    if (present) presentUntil = Date.now() + PRESENCE_TTL_MS;
    return present;
  }

  async function run<T>(name: string, data: object, options: JobsOptions & { timeoutMs: number }): Promise<T> {
    const { timeoutMs, ...jobOptions } = options;
    if (!(await workersPresent())) {
      logger.warn({ queue: queue.name }, 'no worker is listening');
      throw new UnavailableError(messages.unavailable);
    }
    const started = Date.now();
    let jobId: string | undefined;
    try {
      const job = await withinDependencyTimeout(queue.add(name, data, jobOptions), messages.unavailable);
      jobId = job.id;
      return (await job.waitUntilFinished(events, timeoutMs)) as T;
    } catch (err) {
      const timedOut = Date.now() - started >= timeoutMs;
      logger.warn({ queue: queue.name, jobId, timedOut, reason: (err as Error).message }, 'job did not succeed');
      if (timedOut) throw new HttpError(504, messages.tooSlow);
      throw new UnavailableError(messages.unavailable);
    }
  }

  return { run, close: () => events.close() };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
