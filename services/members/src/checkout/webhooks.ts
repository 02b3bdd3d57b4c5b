import { isDuplicateKey } from '@coach/kit';
import type { Checkout } from './context.ts';
import { RazorpayEventModel } from './models/razorpay-event.ts';
import { complete, fail } from './payments.ts';
import type { RazorpayPaymentEntity } from './razorpay.ts';
import { recordRefund } from './refunds.ts';
import { completeMonth, endSubscription } from './subscriptions.ts';

export interface WebhookRefund {
  id: string;
  payment_id: string;
  amount: number;
}
export interface WebhookBody {
  event: string;
  payload?: {
    subscription?: { entity: { id: string } };
    payment?: { entity: RazorpayPaymentEntity };
    order?: { entity: { id: string } };
    refund?: { entity: WebhookRefund };
  };
}

type WebhookDeps = Pick<Checkout, 'logger' | 'receipts'>;

/**
 * One webhook delivery (its signature already checked). A repeat of an event already processed
 * changes nothing; an event for an order unknown here is kept for the reconciler.
 */
export async function applyWebhook(checkout: WebhookDeps, eventId: string, body: WebhookBody): Promise<void> {
  const payment = body.payload?.payment?.entity;
  const refund = body.payload?.refund?.entity;
  const subscription = body.payload?.subscription?.entity;
  const orderId = payment?.order_id ?? body.payload?.order?.entity?.id;
  try {
    await RazorpayEventModel.create({ _id: eventId, event: body.event, orderId, payload: JSON.stringify(body) });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const seen = await RazorpayEventModel.findById(eventId, { processed: 1 }).lean();
    if (seen?.processed) return;
  }
  if (await applyEvent(checkout, body.event, payment, refund, subscription?.id)) {
    await RazorpayEventModel.updateOne({ _id: eventId }, { $set: { processed: true } });
  } else {
    checkout.logger.warn(
      { eventId, event: body.event, orderId },
      'a Razorpay event for an order unknown here is kept for reconciliation',
    );
  }
}

/** True once the event is applied (or has nothing to apply); false while its order is unknown. */
async function applyEvent(
  checkout: WebhookDeps,
  event: string,
  payment?: RazorpayPaymentEntity,
  refund?: WebhookRefund,
  subscriptionId?: string,
): Promise<boolean> {
  switch (event) {
    case 'subscription.charged':
      return payment && subscriptionId ? completeMonth(checkout, subscriptionId, payment) : true;
    case 'subscription.cancelled':
    case 'subscription.completed':
    case 'subscription.halted':
      return subscriptionId ? endSubscription(subscriptionId) : true;
    case 'payment.captured':
    case 'order.paid':
      // A subscription's months come with subscription.charged, which names the subscription.
      if (payment?.invoice_id) return true;
      return payment ? complete(checkout, payment.order_id, payment) : true;
    case 'payment.failed':
      return payment ? fail(payment.order_id) : true;
    case 'refund.processed':
      if (!refund || !payment) return true;
      // A refund may arrive before the capture it refunds: the payment it names was captured.
      if (!(await complete(checkout, payment.order_id, payment))) return false;
      return recordRefund({ razorpayPaymentId: refund.payment_id }, refund);
    default:
      return true;
  }
}
