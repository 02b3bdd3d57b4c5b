import { RECEIPT_PDFS } from '@coach/contracts';
import { HttpError } from '@coach/kit';
import type { Types } from 'mongoose';
import type { Checkout, Receipts } from './context.ts';
import { invoiceOf, issueInvoice } from './invoices.ts';
import { PAID_STATUSES, PurchaseModel, type PurchaseRow } from './models/purchase.ts';

/** Receipts drawn at once by a process (each is a PDF: CPU and memory). */
const RECEIPTS_AT_ONCE = 4;

type ReceiptDeps = Pick<Checkout, 'publish' | 'logger' | 'coach' | 'redis' | 'claims'>;

/**
 * The purchase's receipt, progress and e-mail, once it is completed. Each step is kept once
 * (one invoice per purchase, the event's id), so running it again after a crash finishes what
 * was left. The PDF goes to the e-mail by reference: kept once in Redis (RECEIPT_PDFS), the
 * event naming its key.
 */
async function finish(deps: ReceiptDeps, id: Types.ObjectId): Promise<void> {
  const p = await PurchaseModel.findById(id).lean<PurchaseRow>();
  if (!p || !PAID_STATUSES.includes(p.status)) return;
  const completedAt = p.completedAt ?? new Date();
  const invoice = await issueInvoice({
    purchaseId: p._id.toString(),
    issuedAt: completedAt,
    buyerName: p.buyerName ?? '',
    buyerEmail: p.buyerEmail ?? '',
    productName: p.productName,
    amount: p.amount,
    paymentReference: p.razorpayPaymentId ?? p.notes ?? 'Recorded by the coach',
    coach: deps.coach,
  });
  if (!p.invoiceNumber) await PurchaseModel.updateOne({ _id: p._id }, { $set: { invoiceNumber: invoice.number } });
  const receiptRef = RECEIPT_PDFS.keyOf(p._id.toString());
  await deps.redis.set(receiptRef, invoice.pdf, 'EX', RECEIPT_PDFS.ttlSeconds);
  await deps.publish(
    'purchase.completed',
    {
      purchaseId: p._id.toString(),
      email: p.buyerEmail ?? '',
      name: p.buyerName ?? '',
      productName: p.productName,
      amount: p.amount,
      invoiceNumber: invoice.number,
      receiptRef,
      claimToken: p.userId === undefined ? deps.claims.sign(p._id.toString()) : null,
      fromPost: p.fromPost ?? null,
    },
    `purchase-completed.${p._id.toString()}`,
  );
}

/**
 * The receipts of the purchases just completed, drawn after the answer (a webhook is answered at
 * once, as Razorpay asks), a few at a time however many payments arrive together; should the
 * process die first, the reconciler finishes them.
 */
export function receiptDrawer(deps: ReceiptDeps): Receipts {
  const waiting: Types.ObjectId[] = [];
  let drawing = 0;
  function draw() {
    while (drawing < RECEIPTS_AT_ONCE && waiting.length > 0) {
      const next = waiting.shift()!;
      drawing += 1;
      void finish(deps, next)
        .catch((err: unknown) =>
          deps.logger.warn({ err, purchaseId: next.toString() }, 'a receipt waits for the reconciler'),
        )
        .finally(() => {
          drawing -= 1;
          draw();
        });
    }
  }
  return {
    finish: (id) => finish(deps, id),
    later(id) {
      waiting.push(id);
      draw();
    },
  };
}

/** A purchase's receipt as a PDF to download: of the member's own purchase when `owner` is given. */
export async function receiptPdf(purchaseId: Types.ObjectId, owner?: { userId: number }): Promise<Buffer> {
  if (owner && !(await PurchaseModel.exists({ _id: purchaseId, userId: owner.userId }))) {
    throw new HttpError(404, 'There is no such purchase');
  }
  const pdf = await invoiceOf(purchaseId.toString());
  if (!pdf) throw new HttpError(404, 'This purchase has no receipt yet');
  return pdf;
}
