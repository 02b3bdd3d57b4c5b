import { describe, expect, it } from 'vitest';
import { refundOwed } from './refundPolicy.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3600_000);
const paid = (programId: string | null, amount: number, at: Date, amountRefunded = 0) =>
  refundOwed({ programId, amount, amountRefunded, completedAt: at }, NOW);

describe('what the refund policy owes', () => {
  it('owes a program over ₹30,000 in full for 48 hours after its payment, then nothing', () => {
    expect(paid('inner-peace-method', 3_500_000, hoursAgo(47)).amount).toBe(3_500_000);
    expect(paid('spiritual-mastery-intensive', 12_500_000, hoursAgo(47), 2_500_000).amount).toBe(10_000_000);
    expect(paid('heal-to-rise', 4_500_000, hoursAgo(49))).toEqual({
      amount: 0,
      rule: 'After the 48-hour cooling-off period the program fee is not refundable.',
    });
  });

  it('owes a Soul Spark Session in full within 90 days (if cancelled 24 hours before it), and nothing once it lapsed', () => {
    expect(paid('soul-spark-session', 199_900, hoursAgo(24 * 89)).amount).toBe(199_900);
    expect(paid('soul-spark-session', 199_900, hoursAgo(24 * 91))).toMatchObject({ amount: 0 });
  });

  it('owes nothing on a Circle month that has begun', () => {
    expect(paid('group-transformation-circle', 1_800_000, hoursAgo(1)).amount).toBe(0);
  });

  it('owes the retreat in full in its cooling-off period, then at most 90% of what was paid, by notice', () => {
    expect(paid('breakthrough-weekend-retreat', 5_500_000, hoursAgo(2)).amount).toBe(5_500_000);
    const later = paid('breakthrough-weekend-retreat', 5_000_000, hoursAgo(24 * 10));
    expect(later.amount).toBe(4_500_000);
    expect(later.rule).toBe(
      'By the notice given before the retreat: 90% (₹45,000) for 60 days or more, 70% (₹35,000) for 30 to 59 days, 50% (₹25,000) for 15 to 29 days, 25% (₹12,500) for 7 to 14 days; nothing for fewer than 7 days.',
    );
    // Never more than is left after earlier refunds.
    expect(paid('breakthrough-weekend-retreat', 5_000_000, hoursAgo(24 * 10), 4_000_000).amount).toBe(1_000_000);
  });

  it('sets no limit on a sale outside the price list', () => {
    expect(paid(null, 100_000, hoursAgo(24 * 400)).amount).toBe(100_000);
  });
});
