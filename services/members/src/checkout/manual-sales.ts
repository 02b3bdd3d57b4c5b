import type { AdminPurchase, ManualPurchaseInput } from '@coach/contracts';
import type { ProgramPrice } from '@coach/site-rules';
import { UserModel } from '../accounts/model.ts';
import type { Checkout } from './context.ts';
import { PurchaseModel } from './models/purchase.ts';
import { adminPurchase } from './sales.ts';

/** A sale the coach records by hand (paid by bank transfer or UPI): completed at once, with its receipt. */
export async function recordManual(
  checkout: Pick<Checkout, 'receipts'>,
  input: ManualPurchaseInput,
  price: ProgramPrice,
): Promise<AdminPurchase> {
  const user = await UserModel.findOne({ email: input.email.toLowerCase() }, { _id: 1 }).lean();
  const purchase = await PurchaseModel.create({
    userId: user?._id,
    programId: price.id,
    productName: price.name,
    productType: price.billing === 'monthly' ? 'membership' : 'program',
    amount: input.amount ?? price.amount,
    currency: 'INR',
    status: 'completed',
    source: 'manual',
    buyerName: input.name,
    buyerEmail: input.email.toLowerCase(),
    notes: input.reference ? `Paid outside the site: ${input.reference}` : 'Paid outside the site',
    completedAt: new Date(),
  });
  await checkout.receipts.finish(purchase._id);
  return adminPurchase(purchase._id);
}
