import type { PurchaseStatus } from '@coach/contracts';

/**
 * A purchase moves only forward: pending -> completed -> refunded, or pending -> failed. A
 * failed attempt may still be followed by a captured payment on the same order (Razorpay lets
 * the buyer try again on it), so failed -> completed is forward too; nothing ever returns to
 * pending, and nothing completed becomes failed.
 */
const RANK: Record<PurchaseStatus, number> = { pending: 0, failed: 1, completed: 2, refunded: 3 };

export const canMove = (from: PurchaseStatus, to: PurchaseStatus): boolean => RANK[to] > RANK[from];

/** The statuses a purchase may be in for it to move to `to`. */
export const movesTo = (to: PurchaseStatus): PurchaseStatus[] =>
  (Object.keys(RANK) as PurchaseStatus[]).filter((from) => canMove(from, to));
