import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatPaise } from '@coach/site-rules';
import { isDuplicateKey } from '@coach/kit';
import { InvoiceModel } from './models/invoice.ts';

/** India keeps one time all year: UTC+5:30. */
const INDIA_OFFSET_MS = 5.5 * 3600_000;

/** The calendar year and month (0 to 11) of a moment in India. */
function inIndia(at: Date): { year: number; month: number } {
  const local = new Date(at.getTime() + INDIA_OFFSET_MS);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() };
}

/** The moment a month (0 to 11) of a year begins in India. */
const monthStartInIndia = (year: number, month: number) => new Date(Date.UTC(year, month, 1) - INDIA_OFFSET_MS);

/** The moment the month of `at` began in India. */
export function monthStartOf(at: Date): Date {
  const { year, month } = inIndia(at);
  return monthStartInIndia(year, month);
}

/** The Indian financial year of a moment (in India's time): "2026-27" runs 1 April 2026 to 31 March 2027. */
export function financialYearOf(at: Date): { label: string; start: Date } {
  const { year, month } = inIndia(at);
  const startYear = month >= 3 ? year : year - 1;
  return {
    label: `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`,
    start: monthStartInIndia(startYear, 3),
  };
}

/** GST taken as included in the price, at 18% (CGST 9% + SGST 9%), in paise. */
export function gstLines(amount: number): { taxable: number; cgst: number; sgst: number } {
  const taxable = Math.round(amount / 1.18);
  const cgst = Math.round((amount - taxable) / 2);
  return { taxable, cgst, sgst: amount - taxable - cgst };
}

export interface InvoiceDetails {
  purchaseId: string;
  issuedAt: Date;
  buyerName: string;
  buyerEmail: string;
  productName: string;
  /** paise */
  amount: number;
  paymentReference: string;
  coach: { name: string; email: string; siteUrl: string; gstin?: string };
}

// The text in the standard PDF fonts (nothing embedded: a receipt is drawn in milliseconds); the
// rupee sign, which they lack, from the site's own typeface, whose "latin-ext" face carries it.
const RUPEE_FONT = readFileSync(
  createRequire(import.meta.url).resolve(
    '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-700-normal.woff',
  ),
);
const PLUM = '#4A2C5A';

/** The invoice as a PDF: the coach, the buyer, the program, the amount in Indian notation, the payment. */
export async function invoicePdf(number: string, d: InvoiceDetails): Promise<Buffer> {
  // Loaded with the first receipt, not at start: some 7 MB of heap that most of a day never uses.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Invoice ${number}`, Author: d.coach.name } });
  doc.registerFont('text', 'Times-Roman').registerFont('bold', 'Times-Bold').registerFont('rupee', RUPEE_FONT);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  /** A label and an amount on one line: the rupee sign from the face that has it. */
  const amountLine = (label: string, paise: number, bold = false) => {
    const [, figures] = formatPaise(paise).split('₹');
    doc
      .font(bold ? 'bold' : 'text')
      .fontSize(13)
      .fillColor('#222')
      .text(`${label}   `, { continued: true });
    doc.font('rupee').text('₹', { continued: true });
    doc.font(bold ? 'bold' : 'text').text(figures ?? '');
  };

  doc.font('bold').fontSize(24).fillColor(PLUM).text(d.coach.name);
  doc.font('text').fontSize(11).fillColor('#444').text(d.coach.siteUrl).text(d.coach.email);
  if (d.coach.gstin) doc.text(`GSTIN ${d.coach.gstin}`);
  doc
    .moveDown(1.5)
    .font('bold')
    .fontSize(18)
    .fillColor(PLUM)
    .text(d.coach.gstin ? 'Tax Invoice' : 'Invoice');
  doc.font('text').fontSize(12).fillColor('#222');
  doc.text(`Invoice number: ${number}`);
  doc.text(
    `Date: ${d.issuedAt.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' })}`,
  );
  doc.moveDown().font('bold').text('Billed to');
  doc.font('text').text(d.buyerName).text(d.buyerEmail);
  doc.moveDown().font('bold').text('Program');
  doc.font('text').text(d.productName);
  doc.moveDown();
  if (d.coach.gstin) {
    const gst = gstLines(d.amount);
    amountLine('Taxable value', gst.taxable);
    amountLine('CGST 9%', gst.cgst);
    amountLine('SGST 9%', gst.sgst);
  }
  amountLine('Total paid', d.amount, true);
  doc.font('text').fontSize(11).fillColor('#444');
  if (d.coach.gstin) doc.text('The price includes GST.');
  doc.moveDown().text(`Payment reference: ${d.paymentReference}`);
  doc.moveDown(2).text(`Thank you for walking this path with ${d.coach.name}.`);
  doc.end();
  return done;
}

/**
 * The purchase's invoice: issued once (a second call returns the first), numbered next in its
 * financial year: INV/2026-27/0001, INV/2026-27/0002, ... The number is taken first (a cheap
 * insert that racing writers retry), then the PDF is drawn once into it: a crash between the two
 * leaves the number with its purchase, and the next call draws the PDF.
 */
export async function issueInvoice(d: InvoiceDetails): Promise<{ number: string; pdf: Buffer }> {
  const invoice =
    (await InvoiceModel.findOne({ purchaseId: d.purchaseId }).lean()) ?? (await oneAtATime(() => takeNumber(d)));
  if (invoice.pdf) return { number: invoice.number, pdf: Buffer.from(invoice.pdf.buffer) };
  const pdf = await invoicePdf(invoice.number, d);
  await InvoiceModel.updateOne({ _id: invoice._id }, { $set: { pdf } });
  return { number: invoice.number, pdf };
}

let numbering: Promise<unknown> = Promise.resolve();
/**
 * Numbers are taken one at a time in a process: a burst of receipts would otherwise race for
 * each next number, all but one trying again, round after round. Replicas still race, rarely.
 */
function oneAtATime<T>(take: () => Promise<T>): Promise<T> {
  const turn = numbering.then(take, take);
  numbering = turn.catch(() => undefined);
  return turn;
}

async function takeNumber(d: InvoiceDetails) {
  const { label } = financialYearOf(d.issuedAt);
  for (;;) {
    const last = await InvoiceModel.findOne({ financialYear: label }, { seq: 1 }).sort({ seq: -1 }).lean();
    const seq = (last?.seq ?? 0) + 1;
    const number = `INV/${label}/${String(seq).padStart(4, '0')}`;
    try {
      await InvoiceModel.create({ purchaseId: d.purchaseId, financialYear: label, seq, number, issuedAt: d.issuedAt });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // Another writer took this number (look again), or this purchase's (it is found below).
    }
    const mine = await InvoiceModel.findOne({ purchaseId: d.purchaseId }).lean();
    if (mine) return mine;
  }
}

export async function invoiceOf(purchaseId: string): Promise<Buffer | null> {
  const row = await InvoiceModel.findOne({ purchaseId }, { pdf: 1 }).lean();
  return row?.pdf ? Buffer.from(row.pdf.buffer) : null;
}
