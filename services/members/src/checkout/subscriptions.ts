import { HttpError, isDuplicateKey } from '@coach/kit';
import type { ProgramPrice } from '@coach/site-rules';
import mongoose, { type Types } from 'mongoose';
import { razorpayOf, type Checkout } from './context.ts';
import { PurchaseModel, type PurchaseRow } from './models/purchase.ts';
import { RazorpayPlanModel } from './models/razorpay-plan.ts';
import type { Payment } from './payments.ts';
import type { RazorpayClient } from './razorpay.ts';
import { movesTo } from './status.ts';

const { trusted } = mongoose;

/** A monthly program's subscription at Razorpay, each month until she cancels (Razorpay needs a count: ten years of months). */
export async function openSubscription(
  client: RazorpayClient,
  price: ProgramPrice,
  notes: { purchaseId: string; programId: string },
) {
  const subscription = await client.createSubscription({
    plan_id: await planFor(client, price),
    total_count: 120,
    customer_notify: 1,
    notes,
  });
  return { razorpaySubscriptionId: subscription.id, subscriptionStatus: 'active' as const };
}

/** The monthly plan of a program at its price: made at Razorpay once, then kept. */
async function planFor(client: RazorpayClient, price: ProgramPrice): Promise<string> {
  const key = `${price.id}:${price.amount}`;
  const known = await RazorpayPlanModel.findById(key).lean();
  if (known) return known.planId;
  const plan = await client.createPlan({
    period: 'monthly',
    interval: 1,
    item: { name: price.name, amount: price.amount, currency: 'INR' },
  });
  // Two first buyers at once make two plans at Razorpay; the first one kept here is used by all.
  await RazorpayPlanModel.updateOne({ _id: key }, { $setOnInsert: { planId: plan.id } }, { upsert: true }).catch(
    (err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    },
  );
  return (await RazorpayPlanModel.findById(key).lean())!.planId;
}

/**
 * A paid month of a subscription: the first completes the purchase opened at checkout; each
 * later one is a purchase of its own, recorded once by its payment id. False for a
 * subscription unknown here.
 */
export async function completeMonth(
  checkout: Pick<Checkout, 'receipts'>,
  subscriptionId: string,
  payment: Payment,
): Promise<boolean> {
  const first = await PurchaseModel.findOne({ razorpaySubscriptionId: subscriptionId })
    .sort({ createdAt: 1 })
    .lean<PurchaseRow>();
  if (!first) return false;
  const opened = await PurchaseModel.findOneAndUpdate(
    { razorpaySubscriptionId: subscriptionId, status: trusted({ $in: movesTo('completed') }) },
    { $set: { status: 'completed', razorpayPaymentId: payment.id, completedAt: new Date() } },
  ).lean<PurchaseRow>();
  if (opened) {
    checkout.receipts.later(opened._id);
    return true;
  }
  if (await PurchaseModel.exists({ razorpayPaymentId: payment.id })) return true;
  try {
    const month = await PurchaseModel.create({
      userId: first.userId,
      programId: first.programId,
      productName: first.productName,
      productType: first.productType,
      amount: payment.amount,
      currency: 'INR',
      status: 'completed',
      source: 'razorpay',
      buyerName: first.buyerName,
      buyerEmail: first.buyerEmail,
      razorpaySubscriptionId: subscriptionId,
      subscriptionStatus: first.subscriptionStatus,
      razorpayPaymentId: payment.id,
      completedAt: new Date(),
    });
    checkout.receipts.later(month._id);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  return true;
}

/** A subscription cancelled (by her, or at Razorpay): no month is charged again. */
export async function endSubscription(subscriptionId: string): Promise<boolean> {
  const ended = await PurchaseModel.updateMany(
    { razorpaySubscriptionId: subscriptionId },
    { $set: { subscriptionStatus: 'cancelled' } },
  );
  return ended.matchedCount > 0;
}

/** She cancels her membership from her profile. */
export async function cancelSubscription(
  checkout: Pick<Checkout, 'razorpay'>,
  userId: number,
  purchaseId: Types.ObjectId,
): Promise<void> {
  const p = await PurchaseModel.findOne({ _id: purchaseId, userId }).lean<PurchaseRow>();
  if (!p?.razorpaySubscriptionId) throw new HttpError(404, 'There is no such membership');
  if (p.subscriptionStatus !== 'cancelled')
    await razorpayOf(checkout).client.cancelSubscription(p.razorpaySubscriptionId);
  await endSubscription(p.razorpaySubscriptionId);
}
