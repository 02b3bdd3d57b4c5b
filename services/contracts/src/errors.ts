import { z } from './zod.ts';

/** Every error answer of the API: a message for people, and the field issues of a 400. */
export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
