import { postSlugSchema } from './insights.ts';
import { contactInputSchema, emailSchema } from './site.ts';
import { z } from './zod.ts';

/**
 * What the checkout asks for: the program, and a visitor's name and e-mail (a signed-in member
 * pays as herself). Anything else in the body (an amount, a currency) is ignored: the price
 * comes from the server's own list.
 */
export const checkoutOrderInputSchema = z.object({
  programId: z.string({ error: 'Choose a program' }).min(1, 'Choose a program').max(60),
  name: contactInputSchema.shape.name.optional(),
  email: emailSchema.optional(),
  /** The post the buyer read last before the checkout: the sale is counted for it in Insights. */
  fromPost: postSlugSchema.optional(),
});
export type CheckoutOrderInput = z.infer<typeof checkoutOrderInputSchema>;

/** What opens Razorpay's Standard Checkout for a pending purchase. */
export const checkoutOrderSchema = z.object({
  purchaseId: z.string(),
  /** A one-time program's Razorpay order, or */
  orderId: z.string().nullable(),
  /** a monthly program's Razorpay subscription (each paid month is a purchase of its own). */
  subscriptionId: z.string().nullable(),
  /** paise */
  amount: z.number().int(),
  currency: z.literal('INR'),
  keyId: z.string(),
  name: z.string(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string() }),
  /** A test key: every checkout screen says that no real money moves. */
  testMode: z.boolean(),
});
export type CheckoutOrder = z.infer<typeof checkoutOrderSchema>;

const incomplete = (pattern: RegExp) =>
  z.string({ error: 'The payment is incomplete' }).regex(pattern, 'The payment is incomplete');
const paymentId = incomplete(/^pay_\w{1,40}$/);
const signature = incomplete(/^[0-9a-f]{64}$/);

/**
 * What Razorpay's checkout hands its success handler, posted on to the server as it is: for an
 * order, or for a subscription's first month.
 */
export const checkoutConfirmInputSchema = z.union([
  z.object({
    razorpay_order_id: incomplete(/^order_\w{1,40}$/),
    razorpay_payment_id: paymentId,
    razorpay_signature: signature,
  }),
  z.object({
    razorpay_subscription_id: incomplete(/^sub_\w{1,40}$/),
    razorpay_payment_id: paymentId,
    razorpay_signature: signature,
  }),
]);
export type CheckoutConfirmInput = z.infer<typeof checkoutConfirmInputSchema>;

/** Whether the site takes payments, and where Razorpay's checkout script is loaded from. */
export const checkoutSettingsSchema = z.object({
  enabled: z.boolean(),
  testMode: z.boolean(),
  checkoutUrl: z.string(),
});
export type CheckoutSettings = z.infer<typeof checkoutSettingsSchema>;

export const PURCHASE_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** A sale as the coach sees it in the Sales section. */
export const adminPurchaseSchema = z.object({
  id: z.string(),
  programId: z.string().nullable(),
  productName: z.string(),
  buyerName: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  userId: z.number().int().nullable(),
  amount: z.number().int(),
  amountRefunded: z.number().int(),
  currency: z.string(),
  status: z.string(),
  source: z.string().nullable(),
  razorpayPaymentId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AdminPurchase = z.infer<typeof adminPurchaseSchema>;

/** Revenue in paise, net of refunds: this calendar month and this Indian financial year (April to March). */
export const salesSummarySchema = z.object({
  month: z.number().int(),
  financialYear: z.number().int(),
  financialYearLabel: z.string(),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

/**
 * A refund: the whole amount left, or `amount` paise of it. More than the refund policy owes
 * needs `beyondPolicy` (the coach cancelled, or a goodwill gesture).
 */
export const refundInputSchema = z.strictObject({
  amount: z
    .number({ error: 'The amount is in paise, a whole number' })
    .int('The amount is in paise, a whole number')
    .min(100, 'A refund is at least ₹1')
    .optional(),
  beyondPolicy: z.boolean({ error: 'beyondPolicy is true or false' }).optional(),
});
export type RefundInput = z.infer<typeof refundInputSchema>;

/** A sale the coach records by hand (paid by bank transfer or UPI outside the site). */
export const manualPurchaseInputSchema = z.strictObject({
  programId: z.string().min(1, 'Choose a program').max(60),
  name: contactInputSchema.shape.name,
  email: emailSchema,
  /** paise; the price list's price when left out */
  amount: z.number().int('The amount is in paise, a whole number').min(100, 'The amount is at least ₹1').optional(),
  reference: z.string().trim().max(100, 'At most 100 characters').optional(),
});
export type ManualPurchaseInput = z.infer<typeof manualPurchaseInputSchema>;

export const purchaseClaimInputSchema = z.strictObject({
  token: z.string({ error: 'The link is incomplete' }).regex(/^[0-9a-f]{24}\.[\w-]{43}$/, 'The link is incomplete'),
});
