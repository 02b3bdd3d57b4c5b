import { levelTitle } from '@coach/site-rules';
import { describe, expect, it } from 'vitest';
import {
  applyPost,
  applyPurchase,
  currentStreakOn,
  EMPTY_PROGRESS,
  growthPoints,
  levelFor,
  utcDay,
  utcWeek,
  type ProgressState,
} from './growth.ts';

const at = (iso: string) => new Date(iso);
const posts = (dates: string[], state: ProgressState = EMPTY_PROGRESS, reflection = false) =>
  dates.reduce((s, d) => applyPost(s, { reflection }, at(d)), state);

describe('calendar', () => {
  it('counts days and Monday-to-Sunday weeks in UTC', () => {
    expect(utcDay(at('1970-01-01T23:59:59Z'))).toBe(0);
    expect(utcDay(at('2025-03-10T00:00:00Z')) - utcDay(at('2025-03-09T23:59:59Z'))).toBe(1);
    // 2025-03-10 is a Monday: Sunday the 9th is the week before, Sunday the 16th the same week.
    expect(utcWeek(at('2025-03-10T00:00:00Z'))).toBe(utcWeek(at('2025-03-09T12:00:00Z')) + 1);
    expect(utcWeek(at('2025-03-16T23:59:59Z'))).toBe(utcWeek(at('2025-03-10T00:00:00Z')));
    // An evening in India (UTC+5:30) that is still the previous day in UTC counts as that day.
    expect(utcDay(at('2025-03-10T01:00:00+05:30'))).toBe(utcDay(at('2025-03-09T12:00:00Z')));
  });
});

describe('streaks', () => {
  it('starts at 1, grows by one per consecutive day, and ignores extra posts on a day', () => {
    const s = posts(['2025-03-01T08:00:00Z', '2025-03-01T22:00:00Z', '2025-03-02T00:10:00Z', '2025-03-03T23:59:00Z']);
    expect(s).toMatchObject({ totalPosts: 4, currentStreak: 3, longestStreak: 3 });
    expect(s.lastActivityDate?.toISOString()).toBe('2025-03-03T23:59:00.000Z');
  });

  it('starts again after a missed day and keeps the longest', () => {
    const s = posts(['2025-03-01T08:00:00Z', '2025-03-02T08:00:00Z', '2025-03-03T08:00:00Z', '2025-03-05T08:00:00Z']);
    expect(s).toMatchObject({ currentStreak: 1, longestStreak: 3 });
    expect(posts(['2025-03-06T08:00:00Z'], s)).toMatchObject({ currentStreak: 2, longestStreak: 3 });
  });

  it('counts a post dated before the last activity (clock skew) as the same day', () => {
    const s = posts(['2025-03-02T10:00:00Z', '2025-03-02T09:00:00Z', '2025-03-01T23:00:00Z']);
    expect(s).toMatchObject({ totalPosts: 3, currentStreak: 1, longestStreak: 1 });
    expect(s.lastActivityDate?.toISOString()).toBe('2025-03-02T10:00:00.000Z');
  });

  it('reads 0 once a day has passed without a post', () => {
    const s = posts(['2025-03-01T08:00:00Z', '2025-03-02T08:00:00Z']);
    expect(currentStreakOn(s, at('2025-03-02T23:00:00Z'))).toBe(2);
    expect(currentStreakOn(s, at('2025-03-03T23:00:00Z'))).toBe(2);
    expect(currentStreakOn(s, at('2025-03-04T00:00:00Z'))).toBe(0);
    expect(currentStreakOn(EMPTY_PROGRESS, at('2025-03-04T00:00:00Z'))).toBe(0);
  });
});

describe('spiritual level', () => {
  it('is 1 + one level per 10 growth points: posts 1, reflections 1 more, coaching sessions 10', () => {
    expect(levelFor(EMPTY_PROGRESS)).toBe(1);
    const nine = posts(Array.from({ length: 9 }, () => '2025-03-01T08:00:00Z'));
    expect(nine.spiritualLevel).toBe(1);
    expect(posts(['2025-03-01T09:00:00Z'], nine).spiritualLevel).toBe(2);
    const reflections = posts(
      Array.from({ length: 5 }, () => '2025-03-01T08:00:00Z'),
      EMPTY_PROGRESS,
      true,
    );
    expect(growthPoints(reflections)).toBe(10);
    expect(reflections).toMatchObject({ totalPosts: 5, totalReflections: 5, spiritualLevel: 2 });
    const session = applyPurchase(EMPTY_PROGRESS, {
      amount: 199_900,
      status: 'completed',
      productType: 'coaching_session',
    });
    expect(session).toMatchObject({ totalCoachingSessions: 1, totalSpent: 199_900, spiritualLevel: 2 });
  });

  it('reaches Sage at 10 and keeps counting beyond', () => {
    const sage = { ...EMPTY_PROGRESS, totalPosts: 90 };
    expect(levelFor(sage)).toBe(10);
    expect(levelTitle(levelFor(sage))).toBe('Sage');
    expect(levelFor({ ...EMPTY_PROGRESS, totalPosts: 150 })).toBe(16);
    expect(levelTitle(16)).toBe('Sage');
    expect(levelTitle(1)).toBe('Seeker');
  });

  it('never goes down, and a purchase that is not completed changes nothing', () => {
    expect(levelFor({ ...EMPTY_PROGRESS, spiritualLevel: 4 })).toBe(4);
    const pending = applyPurchase(EMPTY_PROGRESS, { amount: 500, status: 'pending', productType: 'coaching_session' });
    expect(pending).toEqual(EMPTY_PROGRESS);
    const program = applyPurchase(EMPTY_PROGRESS, {
      amount: 3_500_000,
      status: 'completed',
      productType: 'coaching_program',
    });
    expect(program).toMatchObject({ totalCoachingSessions: 0, totalSpent: 3_500_000, spiritualLevel: 1 });
  });
});
