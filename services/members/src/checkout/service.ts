import type {
  AdminListQuery,
  AdminPurchase,
  CheckoutConfirmInput,
  CheckoutOrder,
  ManualPurchaseInput,
  RefundInput,
  SalesSummary,
} from '@coach/contracts';
import { formatPaise, refundOwed, type ProgramPrice } from '@coach/site-rules';
import { adminPage, HttpError, isDuplicateKey, type AdminPage, type Logger, type PublishEvent } from '@coach/kit';
import mongoose, { type Types } from 'mongoose';
import { UserModel } from '../accounts/model.ts';
import { netPaid, PAID_STATUSES, PurchaseModel } from '../profile/model.ts';
import { financialYearOf, issueInvoice, monthStartOf, type InvoiceDetails } from './invoices.ts';
import { isTestKey, type RazorpayClient, type RazorpayKeys, type RazorpayPaymentEntity } from './razorpay.ts';
import { signedIds } from '../signing.ts';
import { movesTo } from './status.ts';

const { trusted } = mongoose;
/** Receipts drawn at once by a process (each is a PDF: CPU and memory). */
const RECEIPTS_AT_ONCE = 4;
/** A pending purchase older than this is asked of Razorpay by the reconciler. */
export const RECONCILE_AFTER_MS = 15 * 60_000;
/** A member's (or visitor's) pending checkout of the same program within this time is resumed, not doubled. */
export const RESUME_WITHIN_MS = 24 * 3600_000;
/** How long a refund holds its purchase at most (Razorpay answers within 10 s); a dead process's hold lapses. */
const REFUND_HOLD_MS = 60_000;

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

export interface CheckoutDeps {
  /**
   * Razorpay's API and keys. Without them the site takes no payments (503), and the coach still
   * records and refunds the sales paid outside it.
   */
  razorpay?: { client: RazorpayClient; keys: RazorpayKeys };
  publish: PublishEvent;
  logger: Logger;
  /** Who the receipts are from. */
  coach: InvoiceDetails['coach'];
  /** The key a visitor's invitation to claim her purchase is signed with. */
  claimKey: string;
}

type PurchaseRow = {
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
  createdAt: Date;
  completedAt?: Date;
};

/**
 * A visitor's invitation to claim her purchase: the purchase id and its keyed hash, so it is the
 * same however often the receipt is made, and needs nothing stored.
 */
const claimTokens = (key: string) => signedIds(key, 'purchase-claim', { separator: '.', id: /^[0-9a-f]{24}$/ });

/** razorpay_events: every webhook delivery by its event id; a repeat is processed no further once it has been. */
const eventSchema = new mongoose.Schema(
  {
    _id: { type: String },
    event: { type: String, required: true },
    orderId: { type: String },
    /** False while its order is unknown here: the reconciler tries again. */
    processed: { type: Boolean, default: false },
    payload: { type: String, required: true },
    receivedAt: { type: Date, default: Date.now, expires: 90 * 24 * 3600 },
  },
  { collection: 'razorpay_events', versionKey: false },
);
eventSchema.index({ processed: 1, receivedAt: 1 });
export const RazorpayEventModel = mongoose.model('RazorpayEvent', eventSchema);

/** razorpay_plans: the monthly plan made at Razorpay for a program at a price (`_id`: "<programId>:<paise>"). */
const RazorpayPlanModel = mongoose.model(
  'RazorpayPlan',
  new mongoose.Schema(
    { _id: { type: String }, planId: { type: String, required: true } },
    { collection: 'razorpay_plans', versionKey: false },
  ),
);

export function checkoutService(deps: CheckoutDeps) {
  const { publish, logger } = deps;
  const claims = claimTokens(deps.claimKey);

  function razorpayOrRefuse() {
    if (!deps.razorpay) throw new HttpError(503, CHECKOUT_MESSAGES.noPayments);
    return deps.razorpay;
  }

  function orderAnswer(p: PurchaseRow, price: ProgramPrice, keys: RazorpayKeys): CheckoutOrder {
    return {
      purchaseId: p._id.toString(),
      orderId: p.razorpayOrderId ?? null,
      subscriptionId: p.razorpaySubscriptionId ?? null,
      amount: p.amount,
      currency: 'INR',
      keyId: keys.keyId,
      name: deps.coach.name,
      description: price.name,
      prefill: { name: p.buyerName ?? '', email: p.buyerEmail ?? '' },
      testMode: isTestKey(keys),
    };
  }

  /**
   * A pending purchase at the price list's price and its Razorpay order. A second request for the
   * same program by the same buyer within a day resumes the first (a double click, a retry after
   * a closed checkout) instead of opening a second order: a member's, or a visitor's from the
   * same browser (`buyer.key`) with the same name and e-mail, so no answer carries what another
   * buyer gave.
   */
  async function createOrder(
    price: ProgramPrice,
    buyer: { userId: number; name: string; email: string } | { key: string; name: string; email: string },
    fromPost?: string,
    now = new Date(),
  ): Promise<{ order: CheckoutOrder; resumed: boolean }> {
    const { client, keys } = razorpayOrRefuse();
    const who =
      'userId' in buyer
        ? { userId: buyer.userId }
        : {
            userId: trusted({ $exists: false }),
            buyerKey: buyer.key,
            buyerName: buyer.name,
            buyerEmail: buyer.email,
          };
    const open = await PurchaseModel.findOne({
      ...who,
      programId: price.id,
      status: 'pending',
      $or: [{ razorpayOrderId: trusted({ $exists: true }) }, { razorpaySubscriptionId: trusted({ $exists: true }) }],
      createdAt: trusted({ $gt: new Date(now.getTime() - RESUME_WITHIN_MS) }),
    }).lean<PurchaseRow>();
    if (open) return { order: orderAnswer(open, price, keys), resumed: true };
    // Razorpay's order first, then the purchase written once with it: a failure between the two
    // leaves an order at Razorpay that nobody was given to pay, and nothing here.
    const purchaseId = new mongoose.Types.ObjectId();
    const notes = { purchaseId: purchaseId.toString(), programId: price.id };
    const opened = await openAtRazorpay(client, price, notes);
    const purchase = await PurchaseModel.create({
      _id: purchaseId,
      ...('userId' in buyer ? { userId: buyer.userId } : { buyerKey: buyer.key }),
      programId: price.id,
      productName: price.name,
      productType: price.billing === 'monthly' ? 'membership' : 'program',
      amount: price.amount,
      currency: 'INR',
      status: 'pending',
      source: 'razorpay',
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      fromPost,
      createdAt: now,
      ...opened,
    });
    return { order: orderAnswer(purchase.toObject() as PurchaseRow, price, keys), resumed: false };
  }

  /** What a purchase is paid through at Razorpay: an order, or for a monthly program a subscription. */
  async function openAtRazorpay(
    client: RazorpayClient,
    price: ProgramPrice,
    notes: { purchaseId: string; programId: string },
  ) {
    if (price.billing !== 'monthly') {
      const order = await client.createOrder({
        amount: price.amount,
        currency: 'INR',
        receipt: notes.purchaseId,
        notes,
      });
      return { razorpayOrderId: order.id };
    }
    // Each month until she cancels (Razorpay needs a count: ten years of months).
    const subscription = await client.createSubscription({
      plan_id: await planFor(price),
      total_count: 120,
      customer_notify: 1,
      notes,
    });
    return { razorpaySubscriptionId: subscription.id, subscriptionStatus: 'active' as const };
  }

  /** The monthly plan of a program at its price: made at Razorpay once, then kept. */
  async function planFor(price: ProgramPrice): Promise<string> {
    const key = `${price.id}:${price.amount}`;
    const known = await RazorpayPlanModel.findById(key).lean();
    if (known) return known.planId;
    const plan = await razorpayOrRefuse().client.createPlan({
      period: 'monthly',
      interval: 1,
      item: { name: price.name, amount: price.amount, currency: 'INR' },
    });
    // Two first buyers at once make two plans at Razorpay; the first one kept here is used by all.
    await RazorpayPlanModel.updateOne({ _id: key }, { $setOnInsert: { planId: plan.id } }, { upsert: true }).catch(
      (err: unknown) => {
        if (!isDuplicateKey(err)) throw err;
      },
    );
    return (await RazorpayPlanModel.findById(key).lean())!.planId;
  }

  /**
   * A paid month of a subscription: the first completes the purchase opened at checkout; each
   * later one is a purchase of its own, recorded once by its payment id. False for a
   * subscription unknown here.
   */
  async function completeMonth(subscriptionId: string, payment: Pick<RazorpayPaymentEntity, 'id' | 'amount'>) {
    const first = await PurchaseModel.findOne({ razorpaySubscriptionId: subscriptionId })
      .sort({ createdAt: 1 })
      .lean<PurchaseRow>();
    if (!first) return false;
    const opened = await PurchaseModel.findOneAndUpdate(
      { razorpaySubscriptionId: subscriptionId, status: trusted({ $in: movesTo('completed') }) },
      { $set: { status: 'completed', razorpayPaymentId: payment.id, completedAt: new Date() } },
    ).lean<PurchaseRow>();
    if (opened) {
      finishLater(opened._id);
      return true;
    }
    if (await PurchaseModel.exists({ razorpayPaymentId: payment.id })) return true;
    try {
      const month = await PurchaseModel.create({
        userId: first.userId,
        programId: first.programId,
        productName: first.productName,
        productType: first.productType,
        amount: payment.amount,
        currency: 'INR',
        status: 'completed',
        source: 'razorpay',
        buyerName: first.buyerName,
        buyerEmail: first.buyerEmail,
        razorpaySubscriptionId: subscriptionId,
        subscriptionStatus: first.subscriptionStatus,
        razorpayPaymentId: payment.id,
        completedAt: new Date(),
      });
      finishLater(month._id);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    return true;
  }

  /** A subscription cancelled (by her, or at Razorpay): no month is charged again. */
  async function endSubscription(subscriptionId: string): Promise<boolean> {
    const ended = await PurchaseModel.updateMany(
      { razorpaySubscriptionId: subscriptionId },
      { $set: { subscriptionStatus: 'cancelled' } },
    );
    return ended.matchedCount > 0;
  }

  /** She cancels her membership from her profile. */
  async function cancelSubscription(userId: number, purchaseId: Types.ObjectId): Promise<void> {
    const p = await PurchaseModel.findOne({ _id: purchaseId, userId }).lean<PurchaseRow>();
    if (!p?.razorpaySubscriptionId) throw new HttpError(404, 'There is no such membership');
    if (p.subscriptionStatus !== 'cancelled')
      await razorpayOrRefuse().client.cancelSubscription(p.razorpaySubscriptionId);
    await endSubscription(p.razorpaySubscriptionId);
  }

  /**
   * The purchase's receipt, progress and e-mail, once it is completed. Each step is kept once
   * (one invoice per purchase, the event's id), so running it again after a
   * crash finishes what was left.
   */
  async function finish(id: Types.ObjectId): Promise<void> {
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
    const claimToken = p.userId === undefined ? claims.sign(p._id.toString()) : null;
    await publish(
      'purchase.completed',
      {
        purchaseId: p._id.toString(),
        email: p.buyerEmail ?? '',
        name: p.buyerName ?? '',
        productName: p.productName,
        amount: p.amount,
        invoiceNumber: invoice.number,
        receiptPdf: invoice.pdf.toString('base64'),
        claimToken,
        fromPost: p.fromPost ?? null,
      },
      `purchase-completed.${p._id.toString()}`,
    );
  }

  /**
   * The receipt of a purchase just completed, drawn after the answer (a webhook is answered at
   * once, as Razorpay asks), a few at a time however many payments arrive together; should the
   * process die first, the reconciler finishes it.
   */
  const toFinish: Types.ObjectId[] = [];
  let finishing = 0;
  function finishLater(id: Types.ObjectId) {
    toFinish.push(id);
    drawReceipts();
  }
  function drawReceipts() {
    while (finishing < RECEIPTS_AT_ONCE && toFinish.length > 0) {
      const next = toFinish.shift()!;
      finishing += 1;
      void finish(next)
        .catch((err: unknown) =>
          logger.warn({ err, purchaseId: next.toString() }, 'a receipt waits for the reconciler'),
        )
        .finally(() => {
          finishing -= 1;
          drawReceipts();
        });
    }
  }

  /**
   * Completes the purchase of an order paid in full, exactly once whichever of the checkout's
   * confirm, a webhook or the reconciler says so first. Returns false for an order unknown here.
   */
  async function complete(orderId: string, payment: Pick<RazorpayPaymentEntity, 'id' | 'amount'>): Promise<boolean> {
    const p = await PurchaseModel.findOne({ razorpayOrderId: orderId }).lean<PurchaseRow>();
    if (!p) return false;
    if (payment.amount !== p.amount) {
      logger.error({ orderId, paid: payment.amount, price: p.amount }, 'a payment does not match its purchase');
      return true;
    }
    const won = await PurchaseModel.updateOne(
      { _id: p._id, status: trusted({ $in: movesTo('completed') }) },
      { $set: { status: 'completed', razorpayPaymentId: payment.id, completedAt: new Date() } },
    );
    if (won.modifiedCount === 1) finishLater(p._id);
    return true;
  }

  /** A failed payment attempt: a pending purchase becomes failed; anything further along stays. */
  async function fail(orderId: string): Promise<boolean> {
    const p = await PurchaseModel.findOne({ razorpayOrderId: orderId }, { _id: 1 }).lean();
    if (!p) return false;
    await PurchaseModel.updateOne(
      { _id: p._id, status: trusted({ $in: movesTo('failed') }) },
      { $set: { status: 'failed' } },
    );
    return true;
  }

  /** A processed refund, recorded once by its id; the purchase is refunded once nothing is left. */
  async function recordRefund(
    of: { razorpayPaymentId: string } | { _id: Types.ObjectId },
    refund: { id: string; amount: number },
  ): Promise<boolean> {
    const p = await PurchaseModel.findOne(of).lean<PurchaseRow>();
    if (!p) return false;
    const added = await PurchaseModel.updateOne(
      { _id: p._id, 'refunds.id': trusted({ $ne: refund.id }) },
      {
        $push: { refunds: { id: refund.id, amount: refund.amount, at: new Date() } },
        $inc: { amountRefunded: refund.amount },
      },
    );
    if (added.modifiedCount !== 1) return true;
    await PurchaseModel.updateOne(
      { _id: p._id, status: 'completed', $expr: trusted({ $gte: ['$amountRefunded', '$amount'] }) },
      { $set: { status: 'refunded' } },
    );
    return true;
  }

  /**
   * One webhook delivery (its signature already checked). A repeat of an event already processed
   * changes nothing; an event for an order unknown here is kept for the reconciler.
   */
  async function applyWebhook(eventId: string, body: WebhookBody): Promise<void> {
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
    if (await applyEvent(body.event, payment, refund, subscription?.id)) {
      await RazorpayEventModel.updateOne({ _id: eventId }, { $set: { processed: true } });
    } else {
      logger.warn(
        { eventId, event: body.event, orderId },
        'a Razorpay event for an order unknown here is kept for reconciliation',
      );
    }
  }

  /** True once the event is applied (or has nothing to apply); false while its order is unknown. */
  async function applyEvent(
    event: string,
    payment?: RazorpayPaymentEntity,
    refund?: WebhookRefund,
    subscriptionId?: string,
  ): Promise<boolean> {
    switch (event) {
      case 'subscription.charged':
        return payment && subscriptionId ? completeMonth(subscriptionId, payment) : true;
      case 'subscription.cancelled':
      case 'subscription.completed':
      case 'subscription.halted':
        return subscriptionId ? endSubscription(subscriptionId) : true;
      case 'payment.captured':
      case 'order.paid':
        // A subscription's months come with subscription.charged, which names the subscription.
        if (payment?.invoice_id) return true;
        return payment ? complete(payment.order_id, payment) : true;
      case 'payment.failed':
        return payment ? fail(payment.order_id) : true;
      case 'refund.processed':
        if (!refund || !payment) return true;
        // A refund may arrive before the capture it refunds: the payment it names was captured.
        if (!(await complete(payment.order_id, payment))) return false;
        return recordRefund({ razorpayPaymentId: refund.payment_id }, refund);
      default:
        return true;
    }
  }

  /**
   * The reconciler: asks Razorpay about pending purchases older than 15 minutes, applies the
   * events kept for orders that were unknown, and finishes completed purchases left without a
   * receipt (a crash between the two).
   */
  async function reconcile(now = new Date()): Promise<{ completed: number; failed: number }> {
    let completed = 0;
    let failed = 0;
    const client = deps.razorpay?.client;
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
          logger.warn({ err, orderId: p.razorpayOrderId }, 'a pending purchase waits for the next reconciliation');
          return [];
        },
      );
      const captured = items.find((item) => item.status === 'captured' || item.status === 'refunded');
      if (captured) {
        await complete(p.razorpayOrderId!, captured);
        completed += 1;
      } else if (items.some((item) => item.status === 'failed')) {
        await fail(p.razorpayOrderId!);
        failed += 1;
      }
    }
    const kept = await RazorpayEventModel.find({ processed: false }).sort({ receivedAt: 1 }).limit(200).lean();
    for (const row of kept) await applyWebhook(String(row._id), JSON.parse(row.payload) as WebhookBody);
    const unfinished = await PurchaseModel.find(
      { status: trusted({ $in: PAID_STATUSES }), invoiceNumber: trusted({ $exists: false }) },
      { _id: 1 },
    ).lean();
    for (const row of unfinished) await finish(row._id);
    return { completed, failed };
  }

  /**
   * Confirms the checkout's answer: an order or subscription of this buyer (the member signed in,
   * or the browser whose checkout key made it), and its signature. Anyone else's confirmation,
   * however well signed, is told there is no such payment and completes nothing.
   */
  async function confirm(
    input: CheckoutConfirmInput,
    buyer: { userId?: number; key?: string },
    signatureValid: boolean,
  ): Promise<PurchaseRow> {
    const filter =
      'razorpay_order_id' in input
        ? { razorpayOrderId: input.razorpay_order_id }
        : { razorpaySubscriptionId: input.razorpay_subscription_id };
    const p = await PurchaseModel.findOne(filter).sort({ createdAt: 1 }).lean<PurchaseRow>();
    const owns =
      p && (p.userId !== undefined ? p.userId === buyer.userId : p.buyerKey !== undefined && p.buyerKey === buyer.key);
    if (!p || !owns) throw new HttpError(404, CHECKOUT_MESSAGES.unknownOrder);
    if (!signatureValid) throw new HttpError(400, CHECKOUT_MESSAGES.badSignature);
    const payment = { id: input.razorpay_payment_id, amount: p.amount };
    if ('razorpay_order_id' in input) await complete(input.razorpay_order_id, payment);
    else await completeMonth(input.razorpay_subscription_id, payment);
    return (await PurchaseModel.findOne({ razorpayPaymentId: input.razorpay_payment_id }).lean<PurchaseRow>()) ?? p;
  }

  /**
   * A refund asked by the coach, sent to Razorpay (a repeated request is the same refund there).
   * It holds the purchase while it runs: a second refund asked meanwhile is refused (409), never
   * sent on what the first has not yet recorded.
   */
  async function refund(id: Types.ObjectId, input: RefundInput): Promise<AdminPurchase> {
    const now = Date.now();
    const p = await PurchaseModel.findOneAndUpdate(
      { _id: id, refundingUntil: trusted({ $not: { $gt: new Date(now) } }) },
      { $set: { refundingUntil: new Date(now + REFUND_HOLD_MS) } },
    ).lean<PurchaseRow>();
    if (!p) {
      if (await PurchaseModel.exists({ _id: id })) throw new HttpError(409, CHECKOUT_MESSAGES.refundUnderWay);
      throw new HttpError(404, 'There is no such purchase');
    }
    try {
      await refundHeld(p, input);
    } finally {
      await PurchaseModel.updateOne({ _id: id }, { $unset: { refundingUntil: 1 } });
    }
    return adminShape((await PurchaseModel.findById(id).lean<PurchaseRow>())!);
  }

  /** The refund of a purchase this request holds. */
  async function refundHeld(p: PurchaseRow, { amount, beyondPolicy }: RefundInput): Promise<void> {
    if (p.status !== 'completed') throw new HttpError(409, CHECKOUT_MESSAGES.notRefundable);
    const left = p.amount - (p.amountRefunded ?? 0);
    const wanted = amount ?? left;
    if (wanted > left) throw new HttpError(400, CHECKOUT_MESSAGES.tooMuch);
    const owed = refundOwed(adminShape(p));
    if (wanted > owed.amount && !beyondPolicy)
      throw new HttpError(409, CHECKOUT_MESSAGES.beyondPolicy(formatPaise(owed.amount), owed.rule));
    // The refund's key names the purchase and what was refunded before: a repeated request is the same refund.
    const key = `refund-${p._id.toString()}-${p.amountRefunded ?? 0}`;
    if (p.razorpayPaymentId) {
      await recordRefund({ _id: p._id }, await razorpayOrRefuse().client.refund(p.razorpayPaymentId, wanted, key));
    } else {
      // Paid outside the site: the coach returns the money herself; the record follows.
      await recordRefund({ _id: p._id }, { id: key, amount: wanted });
    }
  }

  /** A sale the coach records by hand: completed at once, with its receipt. */
  async function recordManual(input: ManualPurchaseInput, price: ProgramPrice): Promise<AdminPurchase> {
    const user = await UserModel.findOne({ email: input.email.toLowerCase() }, { _id: 1 }).lean();
    const purchase = await PurchaseModel.create({
      userId: user?._id,
      programId: price.id,
      productName: price.name,
      productType: price.billing === 'monthly' ? 'membership' : 'program',
      amount: input.amount ?? price.amount,
      currency: 'INR',
      status: 'completed',
      source: 'manual',
      buyerName: input.name,
      buyerEmail: input.email.toLowerCase(),
      notes: input.reference ? `Paid outside the site: ${input.reference}` : 'Paid outside the site',
      completedAt: new Date(),
    });
    await finish(purchase._id);
    return adminShape((await PurchaseModel.findById(purchase._id).lean<PurchaseRow>())!);
  }

  /** A visitor's purchase becomes the signed-in member's: the token proves the mailbox it was sent to. */
  async function claim(userId: number, token: string): Promise<void> {
    const user = await UserModel.findById(userId, { email: 1 }).lean();
    const purchaseId = claims.idOf(token);
    const p = purchaseId ? await PurchaseModel.findById(purchaseId).lean<PurchaseRow>() : null;
    if (!user || !p || p.buyerEmail !== user.email.toLowerCase()) throw new HttpError(404, CHECKOUT_MESSAGES.badClaim);
    // Her progress reads it from here on (what she spent is summed from her purchases).
    const taken = await PurchaseModel.updateOne(
      { _id: p._id, userId: trusted({ $exists: false }) },
      { $set: { userId } },
    );
    if (taken.modifiedCount !== 1) throw new HttpError(404, CHECKOUT_MESSAGES.badClaim);
  }

  return { createOrder, confirm, applyWebhook, reconcile, refund, recordManual, claim, cancelSubscription };
}
export type CheckoutService = ReturnType<typeof checkoutService>;

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

function adminShape(r: PurchaseRow): AdminPurchase {
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

/** Runs the reconciler every few minutes; returns the function that stops it. */
export function startReconciler(service: CheckoutService, logger: Logger): () => void {
  const timer = setInterval(() => {
    service.reconcile().catch((err: unknown) => logger.warn({ err }, 'purchases wait for the next reconciliation'));
  }, 5 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
