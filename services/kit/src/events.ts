import { randomUUID } from 'node:crypto';
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  EVENT_ROUTES,
  eventPayloadSchemas,
  type EventJob,
  type EventName,
  type EventPayload,
  type QueueName,
} from '@coach/contracts';
import { UnavailableError, withinDependencyTimeout } from './errors.ts';
import type { Logger } from './logger.ts';
import { heldByReplica, logQueueErrors } from './redis.ts';

/** Retries with backoff; failed jobs are kept for inspection, done jobs expire. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 5000 },
  removeOnFail: false,
};

/**
 * One Queue object per queue name, shared by the producers of a process. A Queue re-emits every
 * error of its connection and prints it to stderr when nothing listens: each Queue's errors go
 * to `logger`, except the connection errors kit's connection reports once per outage.
 */
export function createQueues(connection: Redis, logger: Logger) {
  const queues = new Map<QueueName, Queue>();
  const get = (name: QueueName): Queue => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, defaultJobOptions: DEFAULT_JOB_OPTIONS });
      logQueueErrors(queue, logger, 'queue error');
      queues.set(name, queue);
    }
    return queue;
  };
  const close = async () => {
    await Promise.all([...queues.values()].map((q) => q.close()));
  };
  /** Whether Redis answers on the connection (kit's connection drops a frozen server too). */
  const reachable = () => connection.status === 'ready';
  /** Whether a replica holds the jobs added so far (always, without Sentinels). */
  const replicated = () => heldByReplica(connection);
  return { get, close, reachable, replicated };
}
export type Queues = ReturnType<typeof createQueues>;

/**
 * Publishes a domain event: validates its payload and adds one job to every consuming queue.
 * The job id comes from the event id, so publishing the same event twice adds it once. BullMQ's
 * connection waits for Redis without limit, so while Redis is unreachable a publish fails with
 * 503 (UnavailableError): at once when the connection is known lost, else after
 * DEPENDENCY_TIMEOUT_MS, instead of holding the request; an add still pending then may land
 * later, which the job id makes harmless. A caller that keeps the event owed (in MongoDB) until
 * a failover cannot lose it publishes with `owed`: `replicated` then tells whether a Redis replica
 * holds the job (a WAIT of up to 200 ms with Sentinels); the others do not wait for it.
 */
export function createEventPublisher(queues: Queues) {
  return async function publish<E extends EventName>(
    name: E,
    payload: EventPayload<E>,
    id: string = randomUUID(),
    { owed = false } = {},
  ): Promise<EventJob<E> & { replicated?: boolean }> {
    if (!queues.reachable()) throw new UnavailableError();
    const job: EventJob<E> = {
      id,
      name,
      payload: eventPayloadSchemas[name].parse(payload) as EventPayload<E>,
      occurredAt: new Date().toISOString(),
    };
    const replicated = await withinDependencyTimeout(
      Promise.all(EVENT_ROUTES[name].map((queue) => queues.get(queue).add(name, job, { jobId: `${name}-${id}` }))).then(
        () => (owed ? queues.replicated() : undefined),
      ),
    );
    return { ...job, replicated };
  };
}
export type PublishEvent = ReturnType<typeof createEventPublisher>;
