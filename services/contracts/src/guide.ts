import { emailSchema } from './site.ts';
import { z } from './zod.ts';

export const guideInputSchema = z.strictObject({
  email: emailSchema,
  newsletter: z.boolean({ error: 'Choose whether to join the newsletter' }).default(false),
});
export type GuideInput = z.infer<typeof guideInputSchema>;

export const guideConfirmInputSchema = z.strictObject({
  token: z.string({ error: 'The link is incomplete' }).regex(/^[\w-]{20,100}$/, 'The link is incomplete'),
});

/** A confirmed request: where to download the guide, and whether she joined the newsletter with it. */
export const guideConfirmedSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  downloadUrl: z.string(),
  newsletter: z.boolean(),
});
export type GuideConfirmed = z.infer<typeof guideConfirmedSchema>;

/** What the coach sees: addresses that asked, that confirmed (took the guide), and of those who joined the newsletter. */
export const guideStatsSchema = z.object({
  requested: z.number().int(),
  confirmed: z.number().int(),
  joinedNewsletter: z.number().int(),
});
export type GuideStats = z.infer<typeof guideStatsSchema>;
