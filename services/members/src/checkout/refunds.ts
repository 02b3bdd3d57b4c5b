import type { AdminPurchase, RefundInput } from '@coach/contracts';
import { HttpError } from '@coach/kit';
import { formatPaise, refundOwed } from '@coach/site-rules';
import mongoose, { type Types } from 'mongoose';
import { CHECKOUT_MESSAGES, razorpayOf, type Checkout } from './context.ts';
import { PurchaseModel, type PurchaseRow } from './models/purchase.ts';
import { adminPurchase, adminShape } from './sales.ts';

const { trusted } = mongoose;

/** How long a refund holds its purchase at most (Razorpay answers within 10 s); a dead process's hold lapses. */
const REFUND_HOLD_MS = 60_000;

/** A processed refund, recorded once by its id; the purchase is refunded once nothing is left. */
export async function recordRefund(
  of: { razorpayPaymentId: string } | { _id: Types.ObjectId },
  refund: { id: string; amount: number },
): Promise<boolean> {
  const p = await PurchaseModel.findOne(of).lean<PurchaseRow>();
  if (!p) return false;
  const added = await PurchaseModel.updateOne(
    { _id: p._id, 'refunds.id': trusted({ $ne: refund.id }) },
    {
      $push: { refunds: { id: refund.id, amount: refund.amount, at: new Date() } },
      $inc: { amountRefunded: refund.amount },
    },
  );
  if (added.modifiedCount !== 1) return true;
  await PurchaseModel.updateOne(
    { _id: p._id, status: 'completed', $expr: trusted({ $gte: ['$amountRefunded', '$amount'] }) },
    { $set: { status: 'refunded' } },
  );
  return true;
}

/**
 * A refund asked by the coach, sent to Razorpay (a repeated request is the same refund there).
 * It holds the purchase while it runs: a second refund asked meanwhile is refused (409), never
 * sent on what the first has not yet recorded.
 */
export async function refund(
  checkout: Pick<Checkout, 'razorpay'>,
  id: Types.ObjectId,
  input: RefundInput,
): Promise<AdminPurchase> {
  const now = Date.now();
  const p = await PurchaseModel.findOneAndUpdate(
    { _id: id, refundingUntil: trusted({ $not: { $gt: new Date(now) } }) },
    { $set: { refundingUntil: new Date(now + REFUND_HOLD_MS) } },
  ).lean<PurchaseRow>();
  if (!p) {
    if (await PurchaseModel.exists({ _id: id })) throw new HttpError(409, CHECKOUT_MESSAGES.refundUnderWay);
    throw new HttpError(404, 'There is no such purchase');
  }
  try {
    await refundHeld(checkout, p, input);
  } finally {
    await PurchaseModel.updateOne({ _id: id }, { $unset: { refundingUntil: 1 } });
  }
  return adminPurchase(id);
}

/** The refund of a purchase this request holds. */
async function refundHeld(
  checkout: Pick<Checkout, 'razorpay'>,
  p: PurchaseRow,
  { amount, beyondPolicy }: RefundInput,
): Promise<void> {
  if (p.status !== 'completed') throw new HttpError(409, CHECKOUT_MESSAGES.notRefundable);
  const left = p.amount - (p.amountRefunded ?? 0);
  const wanted = amount ?? left;
  if (wanted > left) throw new HttpError(400, CHECKOUT_MESSAGES.tooMuch);
  const owed = refundOwed(adminShape(p));
  if (wanted > owed.amount && !beyondPolicy)
    throw new HttpError(409, CHECKOUT_MESSAGES.beyondPolicy(formatPaise(owed.amount), owed.rule));
  // The refund's key names the purchase and what was refunded before: a repeated request is the same refund.
  const key = `refund-${p._id.toString()}-${p.amountRefunded ?? 0}`;
  if (p.razorpayPaymentId) {
    await recordRefund({ _id: p._id }, await razorpayOf(checkout).client.refund(p.razorpayPaymentId, wanted, key));
  } else {
    // Paid outside the site: the coach returns the money herself; the record follows.
    await recordRefund({ _id: p._id }, { id: key, amount: wanted });
  }
}
