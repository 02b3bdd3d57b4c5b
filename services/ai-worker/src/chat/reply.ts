import { chatJobSchema, crisisReplyFor, type ChatJob, type ChatReply } from '@coach/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Llm } from '../llm.ts';
import { companionReply } from './companion.ts';

const SYSTEM_PROMPT = [
  'You are Soul Companion, the AI spiritual-guidance companion on the website of a spiritual life coach.',
  'You are an AI, not the coach and not a human being: say so plainly whenever it matters or you are asked, and never pretend otherwise.',
  'Speak in the coach\'s voice: warm, compassionate, grounded and hopeful. Now and then address the visitor as "dear soul".',
  'First acknowledge what the visitor feels, then offer one insight and one simple practice they can try today',
  '(a breathing exercise, a short meditation, a journaling prompt, a moment of reflection or one small action).',
  'Answer in about 80 to 150 words of plain prose, without lists, headings or markdown.',
  'You do not give medical, psychological, legal or financial advice or diagnoses, and you are not a crisis service:',
  'if someone may be in danger, urge them to call 911 or to call or text 988 (Suicide & Crisis Lifeline).',
  'When it would truly help, invite the visitor to book a free 30-minute clarity call with the coach; never push it.',
].join(' ');

/** The visitor's wishes for context and tone, kept only when they are plain words. */
function styleHint(job: ChatJob): string {
  const plain = (value?: string) => (value && /^[\p{L} -]{1,50}$/u.test(value) ? value : undefined);
  const context = plain(job.context);
  const tone = plain(job.tone);
  if (!context && !tone) return '';
  return ` The visitor asked for ${[tone && `a ${tone} tone`, context && `a ${context} perspective`].filter(Boolean).join(' and ')}.`;
}

/**
 * The reply to one chat message. The safety check comes first and a message about suicide or
 * self-harm never reaches the model; then the configured model answers, or without one the
 * offline companion.
 */
async function replyTo(job: ChatJob, llm: Llm | undefined, timeoutMs: number): Promise<string> {
  const crisis = crisisReplyFor(job.message);
  if (crisis) return crisis;
  if (!llm) return companionReply(job.message);
  return llm.complete(
    [
      { role: 'system', content: SYSTEM_PROMPT + styleHint(job) },
      { role: 'user', content: job.message },
    ],
    { timeoutMs, maxTokens: 400, temperature: 0.8 },
  );
}

/** Processes QUEUES.chat. A job nobody waits for any more (its deadline passed) is dropped. */
export function chatProcessor(llm: Llm | undefined) {
  return async (job: Job): Promise<ChatReply> => {
    const data = chatJobSchema.parse(job.data);
    const timeoutMs = data.deadline - Date.now();
    if (timeoutMs <= 0) throw new UnrecoverableError('Dropped: the caller stopped waiting for this reply');
    return { reply: await replyTo(data, llm, timeoutMs) };
  };
}
