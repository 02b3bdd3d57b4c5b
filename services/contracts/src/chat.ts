import { z } from 'zod';

const chatText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(2000, `${field} must be at most 2000 characters`);

/** POST /api/ai/chat (the floating modal). */
export const chatInputSchema = z.strictObject({
  message: chatText('Message'),
  context: z.string().max(50).default('spiritual'),
  tone: z.string().max(50).default('compassionate'),
});
export type ChatInput = z.infer<typeof chatInputSchema>;
export const chatAnswerSchema = z.object({ response: z.string() });
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

/** POST /api/ask-ai (the Soul Companion page). */
export const askAiInputSchema = z.strictObject({ question: chatText('Question') });
export type AskAiInput = z.infer<typeof askAiInputSchema>;
export const askAiAnswerSchema = z.object({ answer: z.string() });
export type AskAiAnswer = z.infer<typeof askAiAnswerSchema>;
