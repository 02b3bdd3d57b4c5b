import { HttpError } from '@coach/kit';
import mongoose from 'mongoose';
import { UserModel } from '../accounts/model.ts';
import { signedIds } from '../signing.ts';
import { CHECKOUT_MESSAGES, type Checkout } from './context.ts';
import { PurchaseModel, type PurchaseRow } from './models/purchase.ts';

const { trusted } = mongoose;

/**
 * A visitor's invitation to claim her purchase: the purchase id and its keyed hash, so it is the
 * same however often the receipt is made, and needs nothing stored.
 */
export const claimTokens = (key: string) => signedIds(key, 'purchase-claim', { separator: '.', id: /^[0-9a-f]{24}$/ });

/** A visitor's purchase becomes the signed-in member's: the token proves the mailbox it was sent to. */
export async function claim(checkout: Pick<Checkout, 'claims'>, userId: number, token: string): Promise<void> {
  const user = await UserModel.findById(userId, { email: 1 }).lean();
  const purchaseId = checkout.claims.idOf(token);
  const p = purchaseId ? await PurchaseModel.findById(purchaseId).lean<PurchaseRow>() : null;
  if (!user || !p || p.buyerEmail !== user.email.toLowerCase()) throw new HttpError(404, CHECKOUT_MESSAGES.badClaim);
  // Her progress reads it from here on (what she spent is summed from her purchases).
  const taken = await PurchaseModel.updateOne(
    { _id: p._id, userId: trusted({ $exists: false }) },
    { $set: { userId } },
  );
  if (taken.modifiedCount !== 1) throw new HttpError(404, CHECKOUT_MESSAGES.badClaim);
}
