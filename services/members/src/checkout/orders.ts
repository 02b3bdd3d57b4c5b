import type { CheckoutOrder } from '@coach/contracts';
import { HttpError } from '@coach/kit';
import { isProgramId, PROGRAM_PRICES, type ProgramPrice } from '@coach/site-rules';
import mongoose from 'mongoose';
import { UserModel } from '../accounts/model.ts';
import { CHECKOUT_MESSAGES, razorpayOf, type Checkout } from './context.ts';
import { PurchaseModel, type PurchaseRow } from './models/purchase.ts';
import { isTestKey, type RazorpayClient, type RazorpayKeys } from './razorpay.ts';
import { openSubscription } from './subscriptions.ts';

const { trusted } = mongoose;

/** A member's (or visitor's) pending checkout of the same program within this time is resumed, not doubled. */
export const RESUME_WITHIN_MS = 24 * 3600_000;

/** Who pays: a member as herself, or a visitor known by her browser's checkout key. */
export type Buyer = { userId: number; name: string; email: string } | { key: string; name: string; email: string };

/** The price list's program a request names (404 for any other). */
export function priceOf(programId: string): ProgramPrice {
  if (!isProgramId(programId)) throw new HttpError(404, CHECKOUT_MESSAGES.unknownProgram);
  return PROGRAM_PRICES[programId];
}

/** The signed-in member as a buyer: her account's name and e-mail (401 once her account is gone). */
export async function memberBuyer(userId: number): Promise<Buyer> {
  const user = await UserModel.findById(userId, { name: 1, email: 1 }).lean();
  if (!user) throw new HttpError(401, 'Please sign in again');
  return { userId: user._id, name: user.name, email: user.email };
}

function orderAnswer(
  checkout: Pick<Checkout, 'coach'>,
  p: PurchaseRow,
  price: ProgramPrice,
  keys: RazorpayKeys,
): CheckoutOrder {
  return {
    purchaseId: p._id.toString(),
    orderId: p.razorpayOrderId ?? null,
    subscriptionId: p.razorpaySubscriptionId ?? null,
    amount: p.amount,
    currency: 'INR',
    keyId: keys.keyId,
    name: checkout.coach.name,
    description: price.name,
    prefill: { name: p.buyerName ?? '', email: p.buyerEmail ?? '' },
    testMode: isTestKey(keys),
  };
}

/**
 * A pending purchase at the price list's price and its Razorpay order. A second request for the
 * same program by the same buyer within a day resumes the first (a double click, a retry after
 * a closed checkout) instead of opening a second order: a member's, or a visitor's from the
 * same browser (`buyer.key`) with the same name and e-mail, so no answer carries what another
 * buyer gave.
 */
export async function createOrder(
  checkout: Pick<Checkout, 'razorpay' | 'coach'>,
  price: ProgramPrice,
  buyer: Buyer,
  fromPost?: string,
  now = new Date(),
): Promise<{ order: CheckoutOrder; resumed: boolean }> {
  const { client, keys } = razorpayOf(checkout);
  const who =
    'userId' in buyer
      ? { userId: buyer.userId }
      : {
          userId: trusted({ $exists: false }),
          buyerKey: buyer.key,
          buyerName: buyer.name,
          buyerEmail: buyer.email,
        };
  const open = await PurchaseModel.findOne({
    ...who,
    programId: price.id,
    status: 'pending',
    $or: [{ razorpayOrderId: trusted({ $exists: true }) }, { razorpaySubscriptionId: trusted({ $exists: true }) }],
    createdAt: trusted({ $gt: new Date(now.getTime() - RESUME_WITHIN_MS) }),
  }).lean<PurchaseRow>();
  if (open) return { order: orderAnswer(checkout, open, price, keys), resumed: true };
  // Razorpay's order first, then the purchase written once with it: a failure between the two
  // leaves an order at Razorpay that nobody was given to pay, and nothing here.
  const purchaseId = new mongoose.Types.ObjectId();
  const notes = { purchaseId: purchaseId.toString(), programId: price.id };
  const opened = await openAtRazorpay(client, price, notes);
  const purchase = await PurchaseModel.create({
    _id: purchaseId,
    ...('userId' in buyer ? { userId: buyer.userId } : { buyerKey: buyer.key }),
    programId: price.id,
    productName: price.name,
    productType: price.billing === 'monthly' ? 'membership' : 'program',
    amount: price.amount,
    currency: 'INR',
    status: 'pending',
    source: 'razorpay',
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    fromPost,
    createdAt: now,
    ...opened,
  });
  return { order: orderAnswer(checkout, purchase.toObject() as PurchaseRow, price, keys), resumed: false };
}

/** What a purchase is paid through at Razorpay: an order, or for a monthly program a subscription. */
async function openAtRazorpay(
  client: RazorpayClient,
  price: ProgramPrice,
  notes: { purchaseId: string; programId: string },
) {
  if (price.billing === 'monthly') return openSubscription(client, price, notes);
  const order = await client.createOrder({ amount: price.amount, currency: 'INR', receipt: notes.purchaseId, notes });
  return { razorpayOrderId: order.id };
}
