import { z } from './zod.ts';

const chatText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(2000, `${field} must be at most 2000 characters`);

/**
 * The perspectives and tones a visitor may ask the chat for. Only these names travel: the worker
 * turns each into its own fixed instruction, so no visitor-written text reaches the instructions.
 */
export const CHAT_CONTEXTS = ['spiritual'] as const;
export type ChatContext = (typeof CHAT_CONTEXTS)[number];
export const CHAT_TONES = ['compassionate'] as const;
export type ChatTone = (typeof CHAT_TONES)[number];

const chatContext = z.enum(CHAT_CONTEXTS, { error: `Context must be one of: ${CHAT_CONTEXTS.join(', ')}` });
const chatTone = z.enum(CHAT_TONES, { error: `Tone must be one of: ${CHAT_TONES.join(', ')}` });

/** POST /api/ai/chat (the floating modal). */
export const chatInputSchema = z.strictObject({
  message: chatText('Message'),
  context: chatContext.default('spiritual'),
  tone: chatTone.default('compassionate'),
});
export type ChatInput = z.infer<typeof chatInputSchema>;
export const chatAnswerSchema = z.object({ response: z.string() });
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

/** POST /api/ask-ai (the Soul Companion page). */
export const askAiInputSchema = z.strictObject({ question: chatText('Question') });
export type AskAiInput = z.infer<typeof askAiInputSchema>;
export const askAiAnswerSchema = z.object({ answer: z.string() });
export type AskAiAnswer = z.infer<typeof askAiAnswerSchema>;

/** A chat job on QUEUES.chat: content enqueues it and waits for ai-worker's ChatReply. */
export const chatJobSchema = z.object({
  message: z.string().min(1).max(2000),
  context: chatContext.optional(),
  tone: chatTone.optional(),
  /** Epoch milliseconds after which nobody waits for the reply: the worker drops the job. */
  deadline: z.number().int(),
});
export type ChatJob = z.infer<typeof chatJobSchema>;
export const chatReplySchema = z.object({ reply: z.string() });
export type ChatReply = z.infer<typeof chatReplySchema>;
