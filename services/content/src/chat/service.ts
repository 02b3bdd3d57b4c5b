import { chatReplySchema, type ChatJob } from '@coach/contracts';
import { crisisReplyFor } from '@coach/kit';
import type { JobsOptions } from 'bullmq';
import type { JobRunner } from '../worker-jobs/job-runner.ts';

/** Chat jobs run once (the visitor can simply send again); their texts are kept only briefly. */
const CHAT_JOB_OPTIONS: JobsOptions = {
  attempts: 1,
  removeOnComplete: { age: 60, count: 1000 },
  removeOnFail: { age: 24 * 3600, count: 1000 },
};

export const CHAT_MESSAGES = {
  unavailable: 'The guidance companion is unavailable right now. Please try again in a moment.',
  tooSlow: 'The guidance companion took too long to answer. Please try again in a moment.',
};

/**
 * Replies to chat messages. A message about suicide or self-harm gets the safety referral here,
 * at once, even when no worker runs; any other message becomes a chat job for ai-worker. The
 * reply passes the same check before the visitor sees it, whichever worker wrote it.
 */
export function createChatService(jobs: JobRunner, timeoutMs: number) {
  return {
    async reply(input: Omit<ChatJob, 'deadline'>): Promise<string> {
      const crisis = crisisReplyFor(input.message);
      if (crisis) return crisis;
      const job: ChatJob = { ...input, deadline: Date.now() + timeoutMs };
      const result = await jobs.run('reply', job, { ...CHAT_JOB_OPTIONS, timeoutMs });
      const { reply } = chatReplySchema.parse(result);
      return crisisReplyFor(reply) ?? reply;
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
