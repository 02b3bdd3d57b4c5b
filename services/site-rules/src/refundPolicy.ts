import { formatPaise, isProgramId, PROGRAM_PRICES } from './programPrices.ts';

/** Programs whose list price is above this (paise) carry the 48-hour cooling-off period. */
export const COOLING_OFF_THRESHOLD = 30_000 * 100;
const COOLING_OFF_MS = 48 * 3600_000;
/** A single session not used within this many days of its purchase lapses. */
const SESSION_VALID_DAYS = 90;

/** Refund of the retreat fee by the notice given before the retreat begins; less notice: none. */
export const RETREAT_TIERS = [
  { notice: '60 days or more', percent: 90 },
  { notice: '30 to 59 days', percent: 70 },
  { notice: '15 to 29 days', percent: 50 },
  { notice: '7 to 14 days', percent: 25 },
] as const;
export const RETREAT_NO_REFUND = 'Fewer than 7 days, or not attending';

export interface RefundOwed {
  /** The most the policy owes now (paise), of what is left of the payment. */
  amount: number;
  /** The policy's rule for this purchase now, as the coach reads it before refunding. */
  rule: string;
}

/** The part of a completed purchase the refund policy looks at. */
export interface RefundablePurchase {
  programId: string | null;
  /** paid, paise: every refund is calculated on the amount actually paid */
  amount: number;
  amountRefunded: number;
  completedAt: string | Date | null;
}

/**
 * What the refund & cancellation policy owes on a purchase at `now`. A refund above it is the
 * coach's own choice (she cancelled, or a goodwill gesture), never the default. Where the policy
 * hangs on a date the site does not hold (the session's start, the retreat's), the rule says so
 * and the amount is the most that date could give.
 */
export function refundOwed(purchase: RefundablePurchase, now = new Date()): RefundOwed {
  const left = Math.max(0, purchase.amount - purchase.amountRefunded);
  const upTo = (amount: number, rule: string): RefundOwed => ({ amount: Math.min(left, amount), rule });
  if (!purchase.programId || !isProgramId(purchase.programId))
    return upTo(left, 'Not a program of the price list: the policy sets no limit.');
  const paidAt = new Date(purchase.completedAt ?? now).getTime();
  const since = now.getTime() - paidAt;
  if (PROGRAM_PRICES[purchase.programId].amount > COOLING_OFF_THRESHOLD && since < COOLING_OFF_MS)
    return upTo(left, 'Within the 48-hour cooling-off period: a full refund is owed.');
  switch (purchase.programId) {
    case 'soul-spark-session':
      return since > SESSION_VALID_DAYS * 86_400_000
        ? upTo(0, `Not used within ${SESSION_VALID_DAYS} days of purchase: the session has lapsed.`)
        : upTo(
            left,
            'A full refund if she cancels at least 24 hours before the session; none for a later cancellation or a missed session.',
          );
    case 'group-transformation-circle':
      return upTo(0, 'A month that has begun is not refunded; cancelling the membership stops the next payment.');
    case 'breakthrough-weekend-retreat': {
      const share = (percent: number) => Math.floor((purchase.amount * percent) / 100);
      const tiers = RETREAT_TIERS.map(
        (tier) => `${tier.percent}% (${formatPaise(share(tier.percent))}) for ${tier.notice}`,
      );
      return upTo(
        share(RETREAT_TIERS[0].percent),
        `By the notice given before the retreat: ${tiers.join(', ')}; nothing for fewer than 7 days.`,
      );
    }
    default:
      return upTo(0, 'After the 48-hour cooling-off period the program fee is not refundable.');
  }
}
