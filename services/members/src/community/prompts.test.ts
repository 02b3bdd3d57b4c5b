import { describe, expect, it } from 'vitest';
import { isReflectionPrompt, WEEKLY_PROMPTS, weeklyPrompt } from './prompts.ts';

describe('weekly reflection prompt', () => {
  it('offers at least 12 distinct prompts', () => {
    expect(WEEKLY_PROMPTS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(WEEKLY_PROMPTS).size).toBe(WEEKLY_PROMPTS.length);
  });

  it('stays the same from Monday to Sunday and changes on Monday (UTC)', () => {
    const monday = new Date('2025-03-10T00:00:00Z');
    const sunday = new Date('2025-03-16T23:59:59Z');
    const nextMonday = new Date('2025-03-17T00:00:00Z');
    expect(weeklyPrompt(sunday)).toBe(weeklyPrompt(monday));
    expect(weeklyPrompt(nextMonday)).not.toBe(weeklyPrompt(monday));
  });

  it('goes through every prompt before repeating', () => {
    const week = 7 * 24 * 3600 * 1000;
    const start = new Date('2025-01-06T12:00:00Z').getTime();
    const seen = WEEKLY_PROMPTS.map((_, i) => weeklyPrompt(new Date(start + i * week)));
    expect(new Set(seen).size).toBe(WEEKLY_PROMPTS.length);
  });

  it("takes as a reflection's prompt this week's or last week's, and nothing else", () => {
    const monday = new Date('2025-03-17T00:00:05Z');
    const lastWeek = weeklyPrompt(new Date('2025-03-16T23:59:59Z'));
    const twoWeeksAgo = weeklyPrompt(new Date('2025-03-05T12:00:00Z'));
    expect(isReflectionPrompt(weeklyPrompt(monday), monday)).toBe(true);
    expect(isReflectionPrompt(lastWeek, monday)).toBe(true);
    expect(isReflectionPrompt(twoWeeksAgo, monday)).toBe(false);
    expect(isReflectionPrompt('Any words at all', monday)).toBe(false);
  });
});
