import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  QUEUES,
  type AdminPurchase,
  type CheckoutOrder,
  type EventJob,
  type Progress,
  type Purchase,
} from '@coach/contracts';
import { startRazorpayStandin, type RazorpayStandin } from '@coach/dev-stack';
import { PROGRAM_PRICES } from '@coach/site-rules';
import { until } from '@coach/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, signedInCoach, signedInMember, startMembers, type Caller, type Members } from '../testing/harness.ts';
import { RECONCILE_AFTER_MS } from './reconciliation.ts';

// Purchases through Razorpay's stand-in (its API, its checkout's signed answer, its signed webhooks),
// against the members service on a real mongod and redis-server: what the buyer and the coach then see.

let standin: RazorpayStandin;
let members: Members;
let admin: Caller;

beforeAll(async () => {
  standin = await startRazorpayStandin();
  members = await startMembers({ razorpay: standin });
  admin = await signedInCoach(members.url);
}, 90_000);
afterAll(async () => {
  await members?.stop();
  await standin?.close();
});

const SOUL_SPARK = PROGRAM_PRICES['soul-spark-session'];
const HEAL = PROGRAM_PRICES['heal-to-rise'];

const purchasesOf = async (member: Caller) => (await member.get('/api/profile/purchases')).body as Purchase[];
const purchaseOf = async (member: Caller, id: string) => (await purchasesOf(member)).find((p) => p.id === id);

/** The receipts e-mailed so far: the events of completed purchases on the e-mail queue. */
async function receiptEvents(): Promise<EventJob<'purchase.completed'>[]> {
  const jobs = await members.queues.get(QUEUES.emails).getJobs(['waiting', 'delayed', 'active', 'completed']);
  return jobs
    .map((job) => job.data as EventJob)
    .filter((e): e is EventJob<'purchase.completed'> => e.name === 'purchase.completed');
}

function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'receipt-')), 'receipt.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function order(member: Caller, body: object, headers?: Record<string, string>) {
  return member.post('/api/checkout/orders', body, headers);
}

/** A correctly signed checkout result for an order, its webhooks held back. */
async function paidWithoutWebhooks(orderId: string) {
  const url = standin.webhookUrl;
  standin.webhookUrl = undefined;
  const paid = await standin.pay(orderId);
  standin.webhookUrl = url;
  return paid;
}

describe('a signed-in member buys a program', () => {
  it('pays the price list’s price, whatever the body says, and is completed exactly once by confirm and webhooks', async () => {
    const { member } = await signedInMember(members.url, 'buyer');
    const created = await order(member, { programId: SOUL_SPARK.id, amount: 100, currency: 'USD' });
    expect(created.status).toBe(201);
    const answer = created.body as CheckoutOrder;
    expect(answer).toMatchObject({
      amount: 199_900,
      currency: 'INR',
      keyId: standin.keyId,
      testMode: true,
      description: 'Soul Spark Session',
    });
    expect(standin.orders.get(answer.orderId!)).toMatchObject({
      amount: 199_900,
      currency: 'INR',
      receipt: answer.purchaseId,
    });
    expect(await purchaseOf(member, answer.purchaseId)).toMatchObject({ status: 'pending', amount: 199_900 });

    const paid = await standin.pay(answer.orderId!);
    const confirmed = await member.post('/api/checkout/confirm', paid);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'completed', productName: 'Soul Spark Session' });
    // Razorpay's webhooks (payment.captured, then order.paid) arrive too: still one purchase, counted once.
    await until(async () => [...(await receiptEvents())].some((e) => e.payload.purchaseId === answer.purchaseId));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const bought = await purchaseOf(member, answer.purchaseId);
    expect(bought).toMatchObject({ status: 'completed', amountRefunded: 0 });
    expect(bought!.invoiceNumber).toMatch(/^INV\/\d{4}-\d{2}\/\d{4}$/);
    await until(async () => ((await member.get('/api/profile/progress')).body as Progress).totalSpent === 199_900);
    expect((await receiptEvents()).filter((e) => e.payload.purchaseId === answer.purchaseId)).toHaveLength(1);

    const receipt = await fetch(`${members.url}/api/profile/purchases/${answer.purchaseId}/receipt`, {
      headers: { cookie: `coach_session=${member.token}` },
    });
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await receipt.arrayBuffer()));
    expect(text).toContain(bought!.invoiceNumber!);
    expect(text).toContain('Soul Spark Session');
    expect(text).toContain('₹1,999');
    expect(text).toContain(paid && 'razorpay_payment_id' in paid ? paid.razorpay_payment_id : 'missing');
    // Another member cannot download it.
    const other = (await signedInMember(members.url, 'other')).member;
    expect((await other.get(`/api/profile/purchases/${answer.purchaseId}/receipt`)).status).toBe(404);
  });

  it('opens one order for a double click, and resumes it when she enrols again', async () => {
    const { member } = await signedInMember(members.url, 'double');
    const headers = { 'idempotency-key': 'enrol-heal-to-rise-1' };
    // The second click of a pair is answered 409 while the first runs, or with the first's answer.
    const clicks = await Promise.all([
      order(member, { programId: HEAL.id }, headers),
      order(member, { programId: HEAL.id }, headers),
    ]);
    const first = clicks.find((c) => c.status === 201)!;
    expect(clicks.every((c) => c.status === 409 || c.body.orderId === first.body.orderId)).toBe(true);
    expect((await order(member, { programId: HEAL.id }, headers)).body.orderId).toBe(first.body.orderId);
    const again = await order(member, { programId: HEAL.id });
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(first.body.orderId);
    expect((await purchasesOf(member)).filter((p) => p.programId === HEAL.id)).toHaveLength(1);
  });

  it('refuses an unknown program (404), a forged signature (400) and someone else’s order (404), changing nothing', async () => {
    const { member } = await signedInMember(members.url, 'forger');
    expect((await order(member, { programId: 'free-enlightenment' })).status).toBe(404);
    const answer = (await order(member, { programId: SOUL_SPARK.id })).body as CheckoutOrder;
    const paid = (await paidWithoutWebhooks(answer.orderId!)) as { razorpay_payment_id: string };
    const forged = await member.post('/api/checkout/confirm', {
      razorpay_order_id: answer.orderId!,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: 'a'.repeat(64),
    });
    expect(forged.status).toBe(400);
    const { member: stranger } = await signedInMember(members.url, 'stranger');
    const theirs = await stranger.post('/api/checkout/confirm', {
      razorpay_order_id: answer.orderId!,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: 'b'.repeat(64),
    });
    expect(theirs.status).toBe(404);
    expect((await purchaseOf(member, answer.purchaseId))!.status).toBe('pending');
  });
});

describe('a stranger', () => {
  const statusOf = async (email: string, purchaseId: string) =>
    ((await admin.get(`/api/admin/purchases?q=${encodeURIComponent(email)}`)).body as AdminPurchase[]).find(
      (p) => p.id === purchaseId,
    )?.status;

  it('completes nothing with a correctly signed result of someone else’s order (404): the owner’s stays pending', async () => {
    const { member: owner, details } = await signedInMember(members.url, 'owner');
    const visitorOwner = caller(members.url);
    const guest = { programId: SOUL_SPARK.id, name: 'Uma Guest', email: `uma.${Date.now()}@example.com` };
    const orders = [
      { buyer: owner, email: details.email, answer: (await order(owner, { programId: SOUL_SPARK.id })).body },
      { buyer: visitorOwner, email: guest.email, answer: (await order(visitorOwner, guest)).body },
    ] as { buyer: Caller; email: string; answer: CheckoutOrder }[];
    const { member: strangerMember } = await signedInMember(members.url, 'stranger2');
    for (const { buyer, email, answer } of orders) {
      const paid = await paidWithoutWebhooks(answer.orderId!);
      for (const stranger of [strangerMember, caller(members.url)])
        expect((await stranger.post('/api/checkout/confirm', paid)).status).toBe(404);
      expect(await statusOf(email, answer.purchaseId)).toBe('pending');
      expect((await buyer.post('/api/checkout/confirm', paid)).body).toMatchObject({ status: 'completed' });
    }
  });

  it('is never answered with another buyer’s name or e-mail: a visitor’s checkout resumes only in her browser', async () => {
    const email = `lakshmi.${Date.now()}@example.com`;
    const first = caller(members.url);
    const mine = await order(first, { programId: HEAL.id, name: 'Lakshmi Rao', email });
    expect(mine.status).toBe(201);
    const other = caller(members.url);
    const theirs = await order(other, { programId: HEAL.id, name: 'Someone Else', email });
    expect(theirs.status).toBe(201);
    expect((theirs.body as CheckoutOrder).orderId).not.toBe((mine.body as CheckoutOrder).orderId);
    expect(JSON.stringify(theirs.body)).not.toContain('Lakshmi');
    expect((theirs.body as CheckoutOrder).prefill).toEqual({ name: 'Someone Else', email });
    // Her own browser resumes hers, as she gave it.
    const again = await order(first, { programId: HEAL.id, name: 'Lakshmi Rao', email });
    expect([again.status, (again.body as CheckoutOrder).orderId]).toEqual([200, (mine.body as CheckoutOrder).orderId]);
  });
});

describe('Razorpay’s webhooks', () => {
  async function deliver(
    hook: { body: string; headers: Record<string, string> },
    change: Partial<Record<string, string>> = {},
  ) {
    return fetch(`${members.url}/api/payments/razorpay/webhook`, {
      method: 'POST',
      headers: { ...hook.headers, ...change } as Record<string, string>,
      body: hook.body,
    });
  }
  /** An order paid at the stand-in without its webhooks: the test delivers them itself. */
  async function paidQuietly(member: Caller, programId = SOUL_SPARK.id) {
    const answer = (await order(member, { programId })).body as CheckoutOrder;
    const url = standin.webhookUrl;
    standin.webhookUrl = undefined;
    const result = await standin.pay(answer.orderId!);
    standin.webhookUrl = url;
    const payment = standin.payments.get((result as { razorpay_payment_id: string }).razorpay_payment_id)!;
    return { answer, payment, order: standin.orders.get(answer.orderId!)! };
  }

  it('refuses a forged or missing signature with 400, changing nothing', async () => {
    const { member } = await signedInMember(members.url, 'hook');
    const { answer, payment } = await paidQuietly(member);
    const hook = standin.webhookFor('payment.captured', { payment });
    expect((await deliver(hook, { 'x-razorpay-signature': 'f'.repeat(64) })).status).toBe(400);
    const { 'x-razorpay-signature': _drop, ...unsigned } = hook.headers;
    expect(
      (
        await fetch(`${members.url}/api/payments/razorpay/webhook`, {
          method: 'POST',
          headers: unsigned,
          body: hook.body,
        })
      ).status,
    ).toBe(400);
    expect((await purchaseOf(member, answer.purchaseId))!.status).toBe('pending');
    expect((await deliver(hook)).status).toBe(200);
    expect((await purchaseOf(member, answer.purchaseId))!.status).toBe('completed');
  });

  it('reads no body over 64 kB, checks the signature over the bytes before parsing them, and takes only the exact hex', async () => {
    const { member } = await signedInMember(members.url, 'bytes');
    const { answer, payment } = await paidQuietly(member);
    const hook = standin.webhookFor('payment.captured', { payment });
    const signature = hook.headers['x-razorpay-signature']!;
    const send = (body: string, sig = signature) =>
      fetch(`${members.url}/api/payments/razorpay/webhook`, {
        method: 'POST',
        headers: { ...hook.headers, 'x-razorpay-signature': sig },
        body,
      });
    // 80 kB, signed or not: refused unread.
    const padded = hook.body.replace(/}$/, `,"padding":"${'x'.repeat(80 * 1024)}"}`);
    const paddedSignature = createHmac('sha256', standin.webhookSecret).update(padded).digest('hex');
    expect((await send(padded, 'f'.repeat(64))).status).toBe(413);
    expect((await send(padded, paddedSignature)).status).toBe(413);
    // A body that is not JSON is refused for its signature, never parsed; signed, it is malformed.
    const broken = '{"event": "payment.captured", ';
    const badJson = await send(broken, 'f'.repeat(64));
    expect([badJson.status, ((await badJson.json()) as { message: string }).message]).toEqual([
      400,
      'The webhook signature is missing or wrong',
    ]);
    const brokenSignature = createHmac('sha256', standin.webhookSecret).update(broken).digest('hex');
    expect(((await (await send(broken, brokenSignature)).json()) as { message: string }).message).toBe(
      'Malformed JSON body',
    );
    for (const near of [`${signature}0`, signature.toUpperCase()])
      expect((await send(hook.body, near)).status, near).toBe(400);
    expect((await purchaseOf(member, answer.purchaseId))!.status).toBe('pending');
    expect((await send(hook.body)).status).toBe(200);
    expect((await purchaseOf(member, answer.purchaseId))!.status).toBe('completed');
  });

  it('applies events in any order and each event once: a refund before its capture, repeats, a failure after success', async () => {
    const { member } = await signedInMember(members.url, 'order');
    const { answer, payment, order: paidOrder } = await paidQuietly(member);
    const refund = {
      id: 'rfnd_OutOfOrder01',
      entity: 'refund',
      amount: 50_000,
      currency: 'INR',
      payment_id: payment.id,
      notes: {},
      receipt: null,
      status: 'processed',
      speed_processed: 'normal',
      created_at: 0,
    } as const;
    const refundHook = standin.webhookFor('refund.processed', { refund, payment });
    expect((await deliver(refundHook)).status).toBe(200);
    expect((await deliver(refundHook)).status).toBe(200);
    expect((await deliver(standin.webhookFor('payment.captured', { payment }))).status).toBe(200);
    expect((await deliver(standin.webhookFor('order.paid', { payment, order: paidOrder }))).status).toBe(200);
    const failedAfter = { ...payment, id: 'pay_LateFailure01', status: 'failed' as const };
    expect((await deliver(standin.webhookFor('payment.failed', { payment: failedAfter }))).status).toBe(200);
    expect(await purchaseOf(member, answer.purchaseId)).toMatchObject({ status: 'completed', amountRefunded: 50_000 });
    // The purchase is counted with its receipt, drawn just after the answer.
    await until(
      async () => ((await member.get('/api/profile/progress')).body as Progress).totalSpent === 199_900 - 50_000,
    );
  });

  it('marks a failed payment failed, and completes it when the buyer then pays on the same order', async () => {
    const { member } = await signedInMember(members.url, 'retry');
    const answer = (await order(member, { programId: SOUL_SPARK.id })).body as CheckoutOrder;
    await standin.pay(answer.orderId!, 'failed');
    await until(async () => (await purchaseOf(member, answer.purchaseId))!.status === 'failed');
    await member.post('/api/checkout/confirm', await standin.pay(answer.orderId!));
    expect((await purchaseOf(member, answer.purchaseId))!.status).toBe('completed');
  });

  it('keeps an event for an order unknown here for reconciliation', async () => {
    const stray = { ...standin.payments.values().next().value!, id: 'pay_Stray000001', order_id: 'order_NotOurs00001' };
    expect((await deliver(standin.webhookFor('payment.captured', { payment: stray }))).status).toBe(200);
    const { RazorpayEventModel } = await import('./models/razorpay-event.ts');
    expect(await RazorpayEventModel.countDocuments({ orderId: 'order_NotOurs00001', processed: false })).toBe(1);
  });

  it('the reconciler completes a purchase paid while every webhook was lost, once it is 15 minutes old', async () => {
    const { member } = await signedInMember(members.url, 'lost');
    const { answer } = await paidQuietly(member);
    await members.checkout.reconcile(new Date());
    expect((await purchaseOf(member, answer.purchaseId))!.status).toBe('pending');
    const result = await members.checkout.reconcile(new Date(Date.now() + RECONCILE_AFTER_MS + 1000));
    expect(result.completed).toBeGreaterThanOrEqual(1);
    expect((await purchaseOf(member, answer.purchaseId))!.status).toBe('completed');
  });
});

describe('the monthly Group Transformation Circle', () => {
  it('is a Razorpay subscription: each paid month a purchase with its receipt, until she cancels it from her profile', async () => {
    const { member } = await signedInMember(members.url, 'circle');
    const answer = (await order(member, { programId: 'group-transformation-circle' })).body as CheckoutOrder;
    expect(answer).toMatchObject({ orderId: null, amount: 1_800_000 });
    const subscription = standin.subscriptions.get(answer.subscriptionId!)!;
    expect(subscription).toMatchObject({ status: 'created', total_count: 120 });
    // The plan is made once for the program's price: a second member's subscription shares it.
    const { member: second } = await signedInMember(members.url, 'circle2');
    const other = (await order(second, { programId: 'group-transformation-circle' })).body as CheckoutOrder;
    expect(standin.subscriptions.get(other.subscriptionId!)!.plan_id).toBe(subscription.plan_id);

    // The first month: the checkout's answer (signed over payment_id|subscription_id) and Razorpay's
    // subscription.charged webhook both say so; it is completed once.
    const paid = await standin.charge(answer.subscriptionId!);
    expect((await member.post('/api/checkout/confirm', { ...paid, razorpay_signature: 'c'.repeat(64) })).status).toBe(
      400,
    );
    expect((await member.post('/api/checkout/confirm', paid)).body).toMatchObject({ status: 'completed' });
    await until(async () => (await purchaseOf(member, answer.purchaseId))?.status === 'completed');
    await standin.charge(answer.subscriptionId!);
    await until(
      async () => (await purchasesOf(member)).filter((p) => p.programId === 'group-transformation-circle').length === 2,
    );
    await until(async () => (await purchasesOf(member)).filter((p) => p.invoiceNumber).length >= 2);
    const numbered = (await purchasesOf(member)).filter((p) => p.programId === 'group-transformation-circle');
    expect(numbered.map((p) => [p.status, p.membership, Boolean(p.invoiceNumber)])).toEqual([
      ['completed', 'active', true],
      ['completed', 'active', true],
    ]);

    expect((await second.post(`/api/checkout/subscriptions/${answer.purchaseId}/cancel`)).status).toBe(404);
    expect((await member.post(`/api/checkout/subscriptions/${answer.purchaseId}/cancel`)).status).toBe(200);
    expect(standin.subscriptions.get(answer.subscriptionId!)!.status).toBe('cancelled');
    expect((await purchasesOf(member)).filter((p) => p.membership === 'active')).toEqual([]);
  });
});

describe('a visitor buys without an account', () => {
  it('pays with her name and e-mail, is e-mailed the receipt and an invitation, and claims it once signed in', async () => {
    const visitor = caller(members.url);
    expect((await order(visitor, { programId: SOUL_SPARK.id })).status).toBe(400);
    const buyer = { programId: SOUL_SPARK.id, name: 'Meera Iyer', email: 'Meera@Example.com' };
    expect((await order(visitor, { ...buyer, fromPost: '../admin' })).status).toBe(400);
    // She came from a post: the sale is counted for it in the coach's Insights.
    const answer = (await order(visitor, { ...buyer, fromPost: 'letting-go' })).body as CheckoutOrder;
    expect(answer.prefill).toEqual({ name: 'Meera Iyer', email: 'meera@example.com' });
    expect((await visitor.post('/api/checkout/confirm', await standin.pay(answer.orderId!))).status).toBe(200);
    const event = await until(async () =>
      (await receiptEvents()).find((e) => e.payload.purchaseId === answer.purchaseId),
    );
    expect(event.payload).toMatchObject({
      email: 'meera@example.com',
      name: 'Meera Iyer',
      amount: 199_900,
      fromPost: 'letting-go',
    });
    expect(pdfText((await members.redis.getBuffer(event.payload.receiptRef))!)).toContain(event.payload.invoiceNumber);

    const { member: someoneElse } = await signedInMember(members.url, 'thief');
    expect((await someoneElse.post('/api/checkout/claim', { token: event.payload.claimToken })).status).toBe(404);
    const meera = caller(members.url);
    const password = 'Quiet-Lotus-2026!';
    await meera.post('/api/auth/signup', {
      name: 'Meera Iyer',
      username: 'meera',
      email: 'meera@example.com',
      password,
    });
    await meera.post('/api/auth/login', { email: 'meera@example.com', password });
    expect((await meera.post('/api/checkout/claim', { token: event.payload.claimToken })).status).toBe(200);
    expect(await purchaseOf(meera, answer.purchaseId)).toMatchObject({
      status: 'completed',
      invoiceNumber: event.payload.invoiceNumber,
    });
    expect(((await meera.get('/api/profile/progress')).body as Progress).totalSpent).toBe(199_900);
  });
});

describe('the coach’s Sales section', () => {
  it('records sales paid outside the site with receipts numbered without gaps, even at once', async () => {
    const recorded = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        admin.post('/api/admin/purchases', {
          programId: 'inner-peace-method',
          name: `Client ${i}`,
          email: `client${i}@example.com`,
          reference: `UPI ref ${i}`,
        }),
      ),
    );
    expect(recorded.map((r) => r.status)).toEqual(Array(6).fill(201));
    const numbers = recorded.map((r) => (r.body as AdminPurchase).invoiceNumber!).map((n) => Number(n.split('/')[2]));
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: 6 }, (_, i) => sorted[0]! + i));
    const page = await admin.get('/api/admin/purchases?q=client3%40example.com');
    expect(page.body).toEqual([
      expect.objectContaining({ buyerEmail: 'client3@example.com', amount: 3_500_000, source: 'manual' }),
    ]);
  });

  it('refunds in part and then in full through Razorpay, with an idempotency key, following the purchase forward', async () => {
    const { member } = await signedInMember(members.url, 'refund');
    const answer = (await order(member, { programId: SOUL_SPARK.id })).body as CheckoutOrder;
    await member.post('/api/checkout/confirm', await standin.pay(answer.orderId!));
    expect((await admin.post(`/api/admin/purchases/${answer.purchaseId}/refund`, { amount: 250_000 })).status).toBe(
      400,
    );
    const part = await admin.post(`/api/admin/purchases/${answer.purchaseId}/refund`, { amount: 99_900 });
    expect(part.body).toMatchObject({ status: 'completed', amountRefunded: 99_900 });
    const rest = await admin.post(`/api/admin/purchases/${answer.purchaseId}/refund`, {});
    expect(rest.body).toMatchObject({ status: 'refunded', amountRefunded: 199_900 });
    const sent = [...standin.refunds.values()].filter((r) => r.payment_id === rest.body.razorpayPaymentId);
    expect(sent.map((r) => r.amount)).toEqual([99_900, 100_000]);
    // Each refund's key names the purchase and what was refunded before it: a retry of one is the same refund.
    expect(sent.map((r) => r.idempotencyKey)).toEqual([
      `refund-${answer.purchaseId}-0`,
      `refund-${answer.purchaseId}-99900`,
    ]);
    expect((await admin.post(`/api/admin/purchases/${answer.purchaseId}/refund`, {})).status).toBe(409);
    const summary = await admin.get('/api/admin/purchases/summary');
    expect(summary.body.financialYearLabel).toMatch(/^\d{4}-\d{2}$/);
    expect(summary.body.month).toBeGreaterThan(0);
    expect((await member.get('/api/admin/purchases')).status).toBe(403);
  });

  it('refunds once when the same refund is asked again, or by several requests at once', async () => {
    const { member, details } = await signedInMember(members.url, 'refundonce');
    const answer = (await order(member, { programId: SOUL_SPARK.id })).body as CheckoutOrder;
    await member.post('/api/checkout/confirm', await standin.pay(answer.orderId!));
    const refund = (key: string) =>
      admin.post(`/api/admin/purchases/${answer.purchaseId}/refund`, { amount: 50_000 }, { 'idempotency-key': key });
    const sent = () => [...standin.refunds.values()].filter((r) => r.idempotencyKey?.includes(answer.purchaseId));
    // The same key twice at once, then once more after: one refund, the same answer.
    const same = await Promise.all([refund('refund-once-key-1'), refund('refund-once-key-1')]);
    const again = await refund('refund-once-key-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(same.every((r) => r.status === 409 || r.status === 200)).toBe(true);
    expect(sent()).toHaveLength(1);
    // Four keys at once: one refund; the others are told a refund is under way.
    const burst = await Promise.all(['a', 'b', 'c', 'd'].map((k) => refund(`refund-once-burst-${k}`)));
    expect(burst.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(sent()).toHaveLength(2);
    const sales = (await admin.get(`/api/admin/purchases?q=${encodeURIComponent(details.email)}`)).body;
    expect(sales).toEqual([expect.objectContaining({ status: 'completed', amountRefunded: 100_000 })]);
  });

  it('refunds no more than the refund policy owes unless the coach marks the refund as beyond it', async () => {
    // A month of the Circle that has begun is not refunded by the policy.
    const sale = await admin.post('/api/admin/purchases', {
      programId: 'group-transformation-circle',
      name: 'Circle Client',
      email: 'circle.client@example.com',
    });
    expect(sale.status).toBe(201);
    const id = (sale.body as AdminPurchase).id;
    const refused = await admin.post(`/api/admin/purchases/${id}/refund`, { amount: 500_000 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'The refund policy owes ₹0 here. A month that has begun is not refunded; cancelling the membership stops the next payment. To refund more, mark the refund as beyond the policy.',
    );
    expect((await admin.get(`/api/admin/purchases?q=circle.client%40example.com`)).body).toEqual([
      expect.objectContaining({ status: 'completed', amountRefunded: 0 }),
    ]);
    expect((await admin.post(`/api/admin/purchases/${id}/refund`, { beyondPolicy: 'yes' })).status).toBe(400);
    const goodwill = await admin.post(`/api/admin/purchases/${id}/refund`, { amount: 500_000, beyondPolicy: true });
    expect(goodwill.body).toMatchObject({ status: 'completed', amountRefunded: 500_000 });
  });
});
