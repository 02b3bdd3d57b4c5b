/**
 * The pure rules of a member's progress: calendar days and weeks (UTC), streaks and the
 * spiritual level. The service applies them inside one conditional write (see service.ts).
 */

const DAY_MS = 24 * 3600 * 1000;
/** 1970-01-05, the first Monday after the epoch: weeks run Monday to Sunday (UTC). */
const FIRST_MONDAY_DAY = 4;

/** The calendar day (UTC) of a moment, as a day number since 1970-01-01. */
export const utcDay = (at: Date): number => Math.floor(at.getTime() / DAY_MS);

/** The calendar week (UTC, Monday to Sunday) of a moment, as a week number. */
export const utcWeek = (at: Date): number => Math.floor((utcDay(at) - FIRST_MONDAY_DAY) / 7);

export interface ProgressState {
  totalPosts: number;
  totalReflections: number;
  totalCoachingSessions: number;
  /** Sum of completed purchases, in minor units (paise). */
  totalSpent: number;
  currentStreak: number;
  longestStreak: number;
  lastActivityDate: Date | null;
  spiritualLevel: number;
}

export const EMPTY_PROGRESS: ProgressState = {
  totalPosts: 0,
  totalReflections: 0,
  totalCoachingSessions: 0,
  totalSpent: 0,
  currentStreak: 0,
  longestStreak: 0,
  lastActivityDate: null,
  spiritualLevel: 1,
};

/**
 * The level rule. Growth points: 1 per community post, 1 more when the post is a weekly
 * reflection, and 10 per completed coaching session. Every 10 points is a level:
 * level = 1 + floor(points / 10), without an upper bound (1 Seeker, 2 Explorer, ... 9 Master,
 * 10 and above Sage). A level once reached is kept.
 */
export const POINTS_PER_LEVEL = 10;
export const POINTS_PER_COACHING_SESSION = 10;

export function growthPoints(
  p: Pick<ProgressState, 'totalPosts' | 'totalReflections' | 'totalCoachingSessions'>,
): number {
  return p.totalPosts + p.totalReflections + POINTS_PER_COACHING_SESSION * p.totalCoachingSessions;
}

export function levelFor(p: ProgressState): number {
  return Math.max(p.spiritualLevel, 1 + Math.floor(growthPoints(p) / POINTS_PER_LEVEL));
}

/**
 * A community post at `at`. The streak counts consecutive calendar days (UTC) with at least one
 * post: a second post on the same day keeps it, a post on the next day extends it, a gap of a
 * day or more starts it again at 1. A post dated before the last activity (clock skew between
 * replicas) counts as that day.
 */
export function applyPost(p: ProgressState, post: { reflection: boolean }, at: Date): ProgressState {
  const gap = p.lastActivityDate ? utcDay(at) - utcDay(p.lastActivityDate) : Infinity;
  const currentStreak = gap <= 0 ? Math.max(p.currentStreak, 1) : gap === 1 ? p.currentStreak + 1 : 1;
  const next: ProgressState = {
    ...p,
    totalPosts: p.totalPosts + 1,
    totalReflections: p.totalReflections + (post.reflection ? 1 : 0),
    currentStreak,
    longestStreak: Math.max(p.longestStreak, currentStreak),
    lastActivityDate: p.lastActivityDate && p.lastActivityDate > at ? p.lastActivityDate : at,
  };
  return { ...next, spiritualLevel: levelFor(next) };
}

export const COACHING_SESSION = 'coaching_session';

/** A purchase: completed ones add to the amount spent, completed coaching sessions to the count. */
export function applyPurchase(
  p: ProgressState,
  purchase: { amount: number; status: string; productType: string },
): ProgressState {
  if (purchase.status !== 'completed') return p;
  const next: ProgressState = {
    ...p,
    totalSpent: p.totalSpent + purchase.amount,
    totalCoachingSessions: p.totalCoachingSessions + (purchase.productType === COACHING_SESSION ? 1 : 0),
  };
  return { ...next, spiritualLevel: levelFor(next) };
}

/**
 * The streak as it stands on `today`: a streak whose last active day is before yesterday has
 * lapsed and reads 0, though the stored value only changes with the next post.
 */
export function currentStreakOn(p: Pick<ProgressState, 'currentStreak' | 'lastActivityDate'>, today: Date): number {
  if (!p.lastActivityDate) return 0;
  return utcDay(today) - utcDay(p.lastActivityDate) <= 1 ? p.currentStreak : 0;
}
