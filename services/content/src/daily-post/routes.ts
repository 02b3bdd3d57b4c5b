import { randomUUID } from 'node:crypto';
import type { DailyPostJob, DailyPostResult } from '@coach/contracts';
import { HttpError, idempotent, type SessionVerifier } from '@coach/kit';
import type { JobsOptions } from 'bullmq';
import { Router } from 'express';
import { toPublicPost } from '../blog/shape.ts';
import type { JobRunner } from '../worker-jobs/job-runner.ts';
import { findGeneratedPost } from './store.ts';

const STORED_POLL_MS = 50;
/** The admin is waiting: one retry, soon, rather than the long backoff of scheduled runs. */
const ADMIN_JOB_ATTEMPTS: JobsOptions = { attempts: 2, backoff: { type: 'fixed', delay: 1000 } };

export const DAILY_POST_MESSAGES = {
  unavailable: 'The post generator is unavailable right now. Please try again in a moment.',
  tooSlow: 'Generating the post is taking longer than expected. It will appear in the blog once it is ready.',
};

/**
 * POST /api/blog/generate-daily (admin): asks ai-worker for a new post and answers 201 with it
 * once this service's consumer has stored it, or 503/504 within `timeoutMs`. An Idempotency-Key
 * makes a retried click generate one post.
 */
export function dailyPostRoutes(sessions: SessionVerifier, jobs: JobRunner, timeoutMs: number): Router {
  const router = Router();
  router.post('/api/blog/generate-daily', sessions.requireAdmin, idempotent('generate-daily'), async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    const deadline = Date.now() + timeoutMs;
    const requestId = `admin-${randomUUID()}`;
    const job: DailyPostJob = { trigger: 'admin', requestId };
    await jobs.run<DailyPostResult>('admin', job, { ...ADMIN_JOB_ATTEMPTS, jobId: requestId, timeoutMs });
    // ai-worker published blog.post_generated; wait until a content consumer has stored it.
    for (;;) {
      const post = await findGeneratedPost(requestId);
      if (post) return res.status(201).json(toPublicPost(post));
      if (Date.now() >= deadline) throw new HttpError(504, DAILY_POST_MESSAGES.tooSlow);
      await new Promise((resolve) => setTimeout(resolve, STORED_POLL_MS));
    }
  });
  return router;
}
