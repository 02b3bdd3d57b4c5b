import type { CheckoutConfirmInput } from '@coach/contracts';
import { HttpError } from '@coach/kit';
import { CHECKOUT_MESSAGES, razorpayOf, type Checkout } from './context.ts';
import { PurchaseModel, type PurchaseRow } from './models/purchase.ts';
import { complete } from './payments.ts';
import { checkoutSignatureValid, subscriptionSignatureValid, type RazorpayKeys } from './razorpay.ts';
import { completeMonth } from './subscriptions.ts';

/** Whether the checkout's answer is signed with the site's key: over order|payment, or payment|subscription. */
const signedByRazorpay = (keys: RazorpayKeys, input: CheckoutConfirmInput) =>
  'razorpay_order_id' in input
    ? checkoutSignatureValid(keys, input.razorpay_order_id, input.razorpay_payment_id, input.razorpay_signature)
    : subscriptionSignatureValid(
        keys,
        input.razorpay_payment_id,
        input.razorpay_subscription_id,
        input.razorpay_signature,
      );

/**
 * Confirms the checkout's answer: an order or subscription of this buyer (the member signed in,
 * or the browser whose checkout key made it), and its signature. Anyone else's confirmation,
 * however well signed, is told there is no such payment and completes nothing. Answers the
 * purchase this payment completed, as it stands.
 */
export async function confirm(
  checkout: Pick<Checkout, 'razorpay' | 'logger' | 'receipts'>,
  input: CheckoutConfirmInput,
  buyer: { userId?: number; key?: string },
): Promise<{ purchaseId: string; status: string; productName: string }> {
  const signatureValid = signedByRazorpay(razorpayOf(checkout).keys, input);
  const filter =
    'razorpay_order_id' in input
      ? { razorpayOrderId: input.razorpay_order_id }
      : { razorpaySubscriptionId: input.razorpay_subscription_id };
  const p = await PurchaseModel.findOne(filter).sort({ createdAt: 1 }).lean<PurchaseRow>();
  const owns =
    p && (p.userId !== undefined ? p.userId === buyer.userId : p.buyerKey !== undefined && p.buyerKey === buyer.key);
  if (!p || !owns) throw new HttpError(404, CHECKOUT_MESSAGES.unknownOrder);
  if (!signatureValid) throw new HttpError(400, CHECKOUT_MESSAGES.badSignature);
  const payment = { id: input.razorpay_payment_id, amount: p.amount };
  if ('razorpay_order_id' in input) await complete(checkout, input.razorpay_order_id, payment);
  else await completeMonth(checkout, input.razorpay_subscription_id, payment);
  const paid = (await PurchaseModel.findOne({ razorpayPaymentId: input.razorpay_payment_id }).lean<PurchaseRow>()) ?? p;
  return { purchaseId: paid._id.toString(), status: paid.status, productName: paid.productName };
}
