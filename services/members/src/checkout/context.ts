import { HttpError, type Logger, type PublishEvent, type Redis } from '@coach/kit';
import type { Types } from 'mongoose';
import type { signedIds } from '../signing.ts';
import type { InvoiceDetails } from './invoices.ts';
import type { RazorpayClient, RazorpayKeys } from './razorpay.ts';

export const CHECKOUT_MESSAGES = {
  unknownProgram: 'There is no such program',
  whoIsPaying: 'Please give your name and e-mail',
  unknownOrder: 'There is no such payment',
  badSignature: 'The payment could not be verified',
  notRefundable: 'Only a completed purchase can be refunded',
  refundUnderWay: 'A refund of this purchase is under way. Please look again in a moment.',
  tooMuch: 'The refund is more than what is left of the payment',
  beyondPolicy: (owed: string, rule: string) =>
    `The refund policy owes ${owed} here. ${rule} To refund more, mark the refund as beyond the policy.`,
  badClaim: 'This invitation is not for your account',
  noPayments: 'This site does not take payments yet',
} as const;

/** What the checkout is started with (main.ts, the test harness). */
export interface CheckoutDeps {
  /**
   * Razorpay's API and keys. Without them the site takes no payments (503), and the coach still
   * records and refunds the sales paid outside it.
   */
  razorpay?: { client: RazorpayClient; keys: RazorpayKeys };
  publish: PublishEvent;
  logger: Logger;
  /** Where a receipt's PDF waits for its e-mail (the contracts' RECEIPT_PDFS): the Redis that holds the queues. */
  redis: Pick<Redis, 'set'>;
  /** Who the receipts are from. */
  coach: InvoiceDetails['coach'];
  /** The key a visitor's invitation to claim her purchase is signed with. */
  claimKey: string;
}

/** A completed purchase's receipt, e-mail and progress: drawn now, or after the answer (receipts.ts). */
export interface Receipts {
  finish(id: Types.ObjectId): Promise<void>;
  later(id: Types.ObjectId): void;
}

/**
 * What the checkout's rooms share, built once by `checkoutService`: its settings, the visitor's
 * invitations, and the receipts drawn after the answer. Each room names the parts it uses.
 */
export interface Checkout extends CheckoutDeps {
  /** A visitor's invitations to claim her purchase (claims.ts). */
  claims: ReturnType<typeof signedIds>;
  receipts: Receipts;
}

/** Razorpay's client and keys, or 503 while the site takes no payments. */
export function razorpayOf(checkout: Pick<CheckoutDeps, 'razorpay'>) {
  if (!checkout.razorpay) throw new HttpError(503, CHECKOUT_MESSAGES.noPayments);
  return checkout.razorpay;
}
