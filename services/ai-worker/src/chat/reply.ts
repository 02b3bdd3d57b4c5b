import { chatJobSchema, type ChatContext, type ChatJob, type ChatReply, type ChatTone } from '@coach/contracts';
import { crisisReplyFor } from '@coach/kit';
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

/** The fixed instruction for each tone and context a visitor may choose. */
const TONE_INSTRUCTIONS: Record<ChatTone, string> = {
  compassionate: 'The visitor asked for a compassionate tone: be especially gentle, patient and kind.',
};
const CONTEXT_INSTRUCTIONS: Record<ChatContext, string> = {
  spiritual: 'The visitor asked for a spiritual perspective: draw on presence, meaning and the inner life.',
};

/** The instructions for the visitor's chosen tone and context (none when they chose none). */
function styleInstructions(job: ChatJob): string {
  const chosen = [job.tone && TONE_INSTRUCTIONS[job.tone], job.context && CONTEXT_INSTRUCTIONS[job.context]];
  return chosen.map((instruction) => (instruction ? ` ${instruction}` : '')).join('');
}

/**
 * The reply to one chat message. The safety check comes first and a message about suicide or
 * self-harm never reaches the model; then the configured model answers, or without one the
 * offline companion. A model's reply passes the same check: one that speaks of suicide or
 * self-harm is replaced by the referral.
 */
async function replyTo(job: ChatJob, llm: Llm | undefined, timeoutMs: number): Promise<string> {
  const crisis = crisisReplyFor(job.message);
  if (crisis) return crisis;
  if (!llm) return companionReply(job.message);
  const reply = await llm.complete(
    [
      { role: 'system', content: SYSTEM_PROMPT + styleInstructions(job) },
      { role: 'user', content: job.message },
    ],
    { timeoutMs, maxTokens: 400, temperature: 0.8 },
  );
  return crisisReplyFor(reply) ?? reply;
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
