import mongoose from 'mongoose';
import type { Checkout } from './context.ts';
import { PurchaseModel, type PurchaseRow } from './models/purchase.ts';
import type { RazorpayPaymentEntity } from './razorpay.ts';
import { movesTo } from './status.ts';

const { trusted } = mongoose;

/** What the site reads of a payment: its id and the paise paid. */
export type Payment = Pick<RazorpayPaymentEntity, 'id' | 'amount'>;

/**
 * Completes the purchase of an order paid in full, exactly once whichever of the checkout's
 * confirm, a webhook or the reconciler says so first. Returns false for an order unknown here.
 */
export async function complete(
  checkout: Pick<Checkout, 'logger' | 'receipts'>,
  orderId: string,
  payment: Payment,
): Promise<boolean> {
  const p = await PurchaseModel.findOne({ razorpayOrderId: orderId }).lean<PurchaseRow>();
  if (!p) return false;
  if (payment.amount !== p.amount) {
    checkout.logger.error({ orderId, paid: payment.amount, price: p.amount }, 'a payment does not match its purchase');
    return true;
  }
  const won = await PurchaseModel.updateOne(
    { _id: p._id, status: trusted({ $in: movesTo('completed') }) },
    { $set: { status: 'completed', razorpayPaymentId: payment.id, completedAt: new Date() } },
  );
  if (won.modifiedCount === 1) checkout.receipts.later(p._id);
  return true;
}

/** A failed payment attempt: a pending purchase becomes failed; anything further along stays. */
export async function fail(orderId: string): Promise<boolean> {
  const p = await PurchaseModel.findOne({ razorpayOrderId: orderId }, { _id: 1 }).lean();
  if (!p) return false;
  await PurchaseModel.updateOne(
    { _id: p._id, status: trusted({ $in: movesTo('failed') }) },
    { $set: { status: 'failed' } },
  );
  return true;
}
