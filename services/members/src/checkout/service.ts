import { claim, claimTokens } from './claims.ts';
import { confirm } from './confirmation.ts';
import type { Checkout, CheckoutDeps } from './context.ts';
import { recordManual } from './manual-sales.ts';
import { createOrder } from './orders.ts';
import { receiptDrawer } from './receipts.ts';
import { reconcile } from './reconciliation.ts';
import { refund } from './refunds.ts';
import { cancelSubscription } from './subscriptions.ts';
import { applyWebhook } from './webhooks.ts';

export type { CheckoutDeps } from './context.ts';

/**
 * The checkout, its rooms given what they share: orders (orders.ts), the checkout's confirmation
 * (confirmation.ts), Razorpay's webhooks (webhooks.ts) and the reconciler (reconciliation.ts)
 * completing payments (payments.ts) and months (subscriptions.ts), refunds (refunds.ts), the
 * coach's recorded sales (manual-sales.ts), a visitor's claim (claims.ts), and the receipts each
 * completed purchase gets (receipts.ts, invoices.ts). The coach's Sales lists are in sales.ts.
 */
export function checkoutService(deps: CheckoutDeps) {
  const claims = claimTokens(deps.claimKey);
  const checkout: Checkout = { ...deps, claims, receipts: receiptDrawer({ ...deps, claims }) };
  const given =
    <A extends unknown[], R>(room: (checkout: Checkout, ...args: A) => R) =>
    (...args: A) =>
      room(checkout, ...args);
  return {
    createOrder: given(createOrder),
    confirm: given(confirm),
    applyWebhook: given(applyWebhook),
    reconcile: given(reconcile),
    refund: given(refund),
    recordManual: given(recordManual),
    claim: given(claim),
    cancelSubscription: given(cancelSubscription),
  };
}
export type CheckoutService = ReturnType<typeof checkoutService>;
