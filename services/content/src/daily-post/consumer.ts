import { eventPayloadSchemas, QUEUES, type EventJob } from '@coach/contracts';
import { logQueueErrors, type Logger, type Redis } from '@coach/kit';
import { Worker, type Job } from 'bullmq';
import type { Publication } from '../blog/publication.ts';
import { storeGeneratedPost } from './store.ts';

/**
 * Consumes blog.post_generated (QUEUES.contentPosts): content owns the posts, so it stores them,
 * mailed to subscribers or not as `sendToSubscribers` says, and announces them.
 */
export function startGeneratedPostConsumer(
  connection: Redis,
  logger: Logger,
  publication: Publication,
  sendToSubscribers: boolean,
): Worker {
  const worker = new Worker(
    QUEUES.contentPosts,
    async (job: Job<EventJob<'blog.post_generated'>>) => {
      const { requestId, post } = eventPayloadSchemas['blog.post_generated'].parse(job.data.payload);
      const stored = await storeGeneratedPost(requestId, post, sendToSubscribers);
      await publication.announceNow(stored._id);
      logger.info({ requestId, slug: stored.slug }, 'generated post stored');
      return { postId: stored._id.toString() };
    },
    { connection, concurrency: 2 },
  );
  worker.on('failed', (job, err) =>
    logger.warn(
      { jobId: job?.id, attempts: job?.attemptsMade, reason: err.message },
      'storing a generated post failed',
    ),
  );
  logQueueErrors(worker, logger, 'generated post consumer error');
  return worker;
}
