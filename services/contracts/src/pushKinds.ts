// Plain values, apart from the schemas (push.ts): a page's 'Notify me' button and the reminder's
// default show them without loading zod.

/**
 * What a reader may be notified of: new posts (visitors too), replies on her Circle posts and
 * reflections, the weekly reflection reminder at the day and hour she picks, and the reminder of a
 * booked session.
 */
export const PUSH_KINDS = ['posts', 'replies', 'reflection', 'sessions'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
/** The kinds that need a signed-in member (they are about her own posts, reflections and sessions). */
export const MEMBER_PUSH_KINDS: readonly PushKind[] = ['replies', 'reflection', 'sessions'];

/** The weekly reflection reminder until she picks another: Sunday, 6 pm in her time zone. */
export const DEFAULT_REFLECTION_REMINDER = { day: 0, hour: 18 } as const;
