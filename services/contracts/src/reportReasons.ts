// A plain list, apart from the schemas: the Sacred Circle's report menu shows it without loading zod.

/** Why a member reports a post or a reply to the coach. */
export const REPORT_REASONS = {
  harm: 'Harmful or unsafe',
  unkind: 'Unkind or disrespectful',
  spam: 'Spam or advertising',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
