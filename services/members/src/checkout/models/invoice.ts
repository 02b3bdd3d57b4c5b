import mongoose from 'mongoose';

/**
 * invoices: one per completed purchase, numbered in a sequence per Indian financial year
 * (1 April to 31 March) with no gaps: a number exists only as the invoice that holds it (the
 * unique (year, seq) index lets one of two racing writers have it, the other takes the next).
 * The PDF is kept as issued; an invoice is never changed (see ../invoices.ts).
 */
const invoiceSchema = new mongoose.Schema(
  {
    purchaseId: { type: String, required: true, unique: true },
    financialYear: { type: String, required: true },
    seq: { type: Number, required: true },
    number: { type: String, required: true },
    issuedAt: { type: Date, required: true },
    /** Drawn once the number is taken. */
    pdf: { type: Buffer },
  },
  { collection: 'invoices', versionKey: false },
);
invoiceSchema.index({ financialYear: 1, seq: -1 }, { unique: true });
export const InvoiceModel = mongoose.model('Invoice', invoiceSchema);
