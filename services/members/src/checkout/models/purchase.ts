import mongoose, { type Types } from 'mongoose';

/**
 * purchases: amounts are integers in minor units (paise for INR). A checkout's purchase starts
 * `pending` and only moves forward (see ../status.ts); a visitor's purchase has no `userId`
 * until she claims it with her account.
 */
const purchaseSchema = new mongoose.Schema(
  {
    userId: { type: Number, index: true },
    productName: { type: String, required: true, maxlength: 200 },
    productType: { type: String, required: true, maxlength: 50 },
    amount: { type: Number, required: true, min: 0, validate: Number.isInteger },
    currency: { type: String, default: 'INR', minlength: 3, maxlength: 3 },
    status: { type: String, default: 'completed', maxlength: 20 },
    sessionDate: { type: Date, default: null },
    notes: { type: String, default: null },
    createdAt: { type: Date, default: Date.now },
    /** The program of the price list it was bought at (checkout and recorded sales). */
    programId: { type: String, maxlength: 60 },
    buyerName: { type: String, maxlength: 100 },
    buyerEmail: { type: String, maxlength: 254 },
    /** A visitor's checkout: the hash of her browser's checkout cookie, which alone resumes and confirms it. */
    buyerKey: { type: String, maxlength: 64 },
    /** The post the buyer read last before the checkout (the coach's Insights count the sale for it). */
    fromPost: { type: String, maxlength: 200 },
    /** 'razorpay' (checkout) or 'manual' (recorded by the coach: paid by bank transfer or UPI). */
    source: { type: String, maxlength: 20 },
    razorpayOrderId: { type: String, maxlength: 60 },
    razorpayPaymentId: { type: String, maxlength: 60 },
    /** A monthly program's subscription: every paid month is a purchase carrying it. */
    razorpaySubscriptionId: { type: String, maxlength: 60 },
    /** 'active' until she (or Razorpay) cancels it: 'cancelled'. */
    subscriptionStatus: { type: String, maxlength: 20 },
    /** Paise refunded so far; the purchase is `refunded` once it reaches the amount. */
    amountRefunded: { type: Number, default: 0 },
    /** The refunds recorded, by the payment service's refund id: each is counted once. */
    refunds: { type: [{ id: String, amount: Number, at: Date, _id: false }], default: undefined },
    /** Set while a refund of it is under way: another refund waits until then. */
    refundingUntil: { type: Date },
    completedAt: { type: Date },
    /** The receipt's number, once issued (see ../invoices.ts). */
    invoiceNumber: { type: String, maxlength: 40 },
  },
  { collection: 'purchases', versionKey: false },
);
purchaseSchema.index({ razorpayOrderId: 1 }, { unique: true, sparse: true });
purchaseSchema.index({ razorpayPaymentId: 1 }, { unique: true, sparse: true });
purchaseSchema.index({ razorpaySubscriptionId: 1 }, { sparse: true });
purchaseSchema.index({ status: 1, createdAt: 1 });
// A guest's open checkout is found by her e-mail, not by scanning every pending purchase of the day.
purchaseSchema.index({ buyerEmail: 1, programId: 1, status: 1 });
export const PurchaseModel = mongoose.model('Purchase', purchaseSchema);

/** A purchase as the checkout reads it (lean). */
export type PurchaseRow = {
  _id: Types.ObjectId;
  userId?: number;
  programId?: string;
  productName: string;
  productType: string;
  amount: number;
  amountRefunded?: number;
  currency?: string;
  status: string;
  source?: string;
  buyerName?: string;
  fromPost?: string;
  buyerEmail?: string;
  buyerKey?: string;
  razorpayOrderId?: string;
  razorpayPaymentId?: string;
  razorpaySubscriptionId?: string;
  subscriptionStatus?: string;
  invoiceNumber?: string;
  notes?: string | null;
  sessionDate?: Date | null;
  createdAt: Date;
  completedAt?: Date;
};

/** The statuses of a purchase that was paid (a refunded one too: it may have been refunded in part). */
export const PAID_STATUSES = ['completed', 'refunded'];

/** Paise paid, net of refunds, over the paid purchases `filter` selects. */
export async function netPaid(filter: Record<string, unknown>): Promise<number> {
  const [row] = await PurchaseModel.aggregate<{ total: number }>([
    { $match: { ...filter, status: { $in: PAID_STATUSES } } },
    { $group: { _id: null, total: { $sum: { $subtract: ['$amount', { $ifNull: ['$amountRefunded', 0] }] } } } },
  ]);
  return row?.total ?? 0;
}

/**
 * A member's completed purchases, newest first: those in her account (a visitor's once she has
 * claimed it) that are paid and not refunded in full (one refunded in part stays completed).
 * Pending, failed and fully refunded purchases are left out.
 */
export const completedPurchasesOf = (userId: number): Promise<PurchaseRow[]> =>
  PurchaseModel.find({ userId, status: 'completed' }).sort({ createdAt: -1, _id: -1 }).lean<PurchaseRow[]>().exec();
