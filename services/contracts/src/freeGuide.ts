// Plain values, apart from the schemas (guide.ts): the guide's offer on a page shows them without
// loading zod.

/** The free guide the coach gives away: its title and where the built site serves its PDF. */
export const FREE_GUIDE = {
  title: 'Seven Daily Practices for Inner Peace',
  pdfPath: '/guides/seven-daily-practices-for-inner-peace.pdf',
} as const;

/**
 * The words beside the guide form's newsletter box, unticked until the visitor ticks it. Stored
 * with the time she confirmed them: the newsletter's record of her consent.
 */
export const GUIDE_NEWSLETTER_CONSENT =
  'Also send me the weekly newsletter: insights, gentle practices and news of programs. I can unsubscribe at any time.';
