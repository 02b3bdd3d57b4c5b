import type { AdminListQuery, AdminPurchase, SalesSummary } from '@coach/contracts';
import { adminPage, type AdminPage } from '@coach/kit';
import mongoose from 'mongoose';
import { financialYearOf, monthStartOf } from './invoices.ts';
import { netPaid, PurchaseModel, type PurchaseRow } from './models/purchase.ts';

/** A purchase as the coach's Sales section shows it. */
export function adminShape(r: PurchaseRow): AdminPurchase {
  return {
    id: r._id.toString(),
    programId: r.programId ?? null,
    productName: r.productName,
    buyerName: r.buyerName ?? null,
    buyerEmail: r.buyerEmail ?? null,
    userId: r.userId ?? null,
    amount: r.amount,
    amountRefunded: r.amountRefunded ?? 0,
    currency: r.currency ?? 'INR',
    status: r.status,
    source: r.source ?? null,
    razorpayPaymentId: r.razorpayPaymentId ?? null,
    invoiceNumber: r.invoiceNumber ?? null,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}

/** A purchase by its id, as the coach's Sales section shows it. */
export const adminPurchase = async (id: mongoose.Types.ObjectId): Promise<AdminPurchase> =>
  adminShape((await PurchaseModel.findById(id).lean<PurchaseRow>())!);

/** The coach's list of sales, newest first, searchable by buyer, program and receipt number. */
export const listSales = (query: AdminListQuery): Promise<AdminPage<AdminPurchase>> =>
  adminPage(PurchaseModel, query, {
    searchFields: ['buyerEmail', 'buyerName', 'productName', 'invoiceNumber'],
    idOf: (cursor) => new mongoose.Types.ObjectId(cursor),
    shape: adminShape,
  });

/** Revenue net of refunds (paise): this calendar month (in India) and this financial year. */
export async function salesSummary(now = new Date()): Promise<SalesSummary> {
  const fy = financialYearOf(now);
  const since = (from: Date) => netPaid({ completedAt: { $gte: from } });
  const [month, financialYear] = await Promise.all([since(monthStartOf(now)), since(fy.start)]);
  return { month, financialYear, financialYearLabel: fy.label };
}
