import type { Logger } from '@coach/kit';
import mongoose from 'mongoose';
import type { Checkout } from './context.ts';
import { PAID_STATUSES, PurchaseModel, type PurchaseRow } from './models/purchase.ts';
import { RazorpayEventModel } from './models/razorpay-event.ts';
import { complete, fail } from './payments.ts';
import { applyWebhook, type WebhookBody } from './webhooks.ts';

const { trusted } = mongoose;

/** A pending purchase older than this is asked of Razorpay by the reconciler. */
export const RECONCILE_AFTER_MS = 15 * 60_000;

/**
 * The reconciler: asks Razorpay about pending purchases older than 15 minutes, applies the
 * events kept for orders that were unknown, and finishes completed purchases left without a
 * receipt (a crash between the two).
 */
export async function reconcile(
  checkout: Pick<Checkout, 'razorpay' | 'logger' | 'receipts'>,
  now = new Date(),
): Promise<{ completed: number; failed: number }> {
  let completed = 0;
  let failed = 0;
  const client = checkout.razorpay?.client;
  const stale = !client
    ? []
    : await PurchaseModel.find({
        status: 'pending',
        razorpayOrderId: trusted({ $exists: true }),
        createdAt: trusted({ $lte: new Date(now.getTime() - RECONCILE_AFTER_MS) }),
      })
        .limit(200)
        .lean<PurchaseRow[]>();
  for (const p of stale) {
    const items = await client!.paymentsOf(p.razorpayOrderId!).then(
      (answer) => answer.items,
      (err: unknown) => {
        checkout.logger.warn(
          { err, orderId: p.razorpayOrderId },
          'a pending purchase waits for the next reconciliation',
        );
        return [];
      },
    );
    const captured = items.find((item) => item.status === 'captured' || item.status === 'refunded');
    if (captured) {
      await complete(checkout, p.razorpayOrderId!, captured);
      completed += 1;
    } else if (items.some((item) => item.status === 'failed')) {
      await fail(p.razorpayOrderId!);
      failed += 1;
    }
  }
  const kept = await RazorpayEventModel.find({ processed: false }).sort({ receivedAt: 1 }).limit(200).lean();
  for (const row of kept) await applyWebhook(checkout, String(row._id), JSON.parse(row.payload) as WebhookBody);
  const unfinished = await PurchaseModel.find(
    { status: trusted({ $in: PAID_STATUSES }), invoiceNumber: trusted({ $exists: false }) },
    { _id: 1 },
  ).lean();
  for (const row of unfinished) await checkout.receipts.finish(row._id);
  return { completed, failed };
}

/** Runs the reconciler every few minutes; returns the function that stops it. */
export function startReconciler(service: { reconcile(): Promise<unknown> }, logger: Logger): () => void {
  const timer = setInterval(() => {
    service.reconcile().catch((err: unknown) => logger.warn({ err }, 'purchases wait for the next reconciliation'));
  }, 5 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
