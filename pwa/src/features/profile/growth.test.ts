import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, formatInr, levelProgressPercent, productTypeLabel } from './growth.ts';

describe('profile constants', () => {
  it('fills the level bar by (level mod 10) x 10 percent', () => {
    expect(levelProgressPercent(1)).toBe(10);
    expect(levelProgressPercent(9)).toBe(90);
    expect(levelProgressPercent(10)).toBe(0);
    expect(levelProgressPercent(13)).toBe(30);
  });

  it('formats minor units as rupees, en-IN, without decimals', () => {
    expect(formatInr(3_500_000)).toBe('₹35,000');
    expect(formatInr(12_500_000)).toBe('₹1,25,000');
    expect(formatInr(199_950)).toBe('₹2,000');
  });

  it('replaces every underscore of a product type with a space', () => {
    expect(productTypeLabel('coaching_session')).toBe('coaching session');
    expect(productTypeLabel('group_program_monthly')).toBe('group program monthly');
  });

  it('has the four achievement targets', () => {
    expect(ACHIEVEMENTS.map((a) => [a.title, a.target])).toEqual([
      ['Reflection Master', 10],
      ['Community Builder', 20],
      ['Consistency Champion', 30],
      ['Growth Investor', 5],
    ]);
    const progress = {
      spiritualLevel: 1,
      memberSince: null,
      totalReflections: 1,
      totalPosts: 2,
      currentStreak: 3,
      longestStreak: 4,
      totalCoachingSessions: 5,
      totalSpent: 0,
    };
    expect(ACHIEVEMENTS.map((a) => a.current(progress))).toEqual([1, 2, 4, 5]);
  });
});
