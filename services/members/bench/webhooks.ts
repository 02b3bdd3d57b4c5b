import { createHmac, randomUUID } from 'node:crypto';
import type { RazorpayPayment, RazorpayStandin, Stack } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { p99 } from '../../../bench/percentile.ts';

/** Targets: payment webhooks all applied once; orders created at c=20 within 150 ms p99; bookings at 500/s within 100 ms p99. */
export const ORDERS_TARGET_P99_MS = 150;
export const BOOKINGS_TARGET_P99_MS = 100;
export const BOOKINGS_PER_SECOND = 500;
/** Orders placed before the measured ones, right after the site starts. */
const WARM_UP_ORDERS = 200;
/** The Calendly signing key the bench's stack is started with. */
export const BENCH_CALENDLY_KEY = 'bench-calendly-signing-key';

/** Runs `count` requests, `concurrency` at a time; returns each one's milliseconds. */
async function concurrently(count: number, concurrency: number, request: (i: number) => Promise<Response>) {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const started = performance.now();
        const res = await request(i);
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
        if (!res.ok) failed += 1;
      }
    }),
  );
  return { latencies, failed };
}

const shuffled = <T>(items: T[]) => {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
};

async function membersDb(stack: Stack) {
  const connection = await mongoose.createConnection(stack.env.members.MONGO_URL!).asPromise();
  return connection;
}

/**
 * POST /api/checkout/orders through the gateway at 20 connections against Razorpay's stand-in
 * (200 visitors to warm up, then 1,000 measured, each her own order); then those 1,000 orders
 * paid at the stand-in and their payment.captured webhooks sent to the site, 20% of them twice,
 * all shuffled, 20 at a time:
 * webhooks per second, p99, and the purchases completed once, twice or never.
 */
export async function benchPayments(stack: Stack, razorpay: RazorpayStandin) {
  const gateway = stack.gatewayUrl;
  const COUNT = 1000;
  const orderIds: string[] = [];
  const placeOrder = (i: number) =>
    fetch(`${gateway}/api/checkout/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        programId: 'soul-spark-session',
        name: 'Bench Buyer',
        email: `buyer${i}.${randomUUID()}@example.com`,
      }),
    });
  // The first orders after a start also pay for compiling the code they run (the slowest ~1% of
  // a cold run): they are reported apart, and the target is judged on the orders after them.
  const warmUp = await concurrently(WARM_UP_ORDERS, 20, placeOrder);
  const orders = await concurrently(COUNT, 20, (i) =>
    placeOrder(i).then(async (res) => {
      const copy = res.clone();
      if (res.ok) orderIds.push(((await copy.json()) as { orderId: string }).orderId);
      return res;
    }),
  );
  const webhookUrl = razorpay.webhookUrl;
  razorpay.webhookUrl = undefined; // the bench sends the webhooks itself
  const payments: RazorpayPayment[] = [];
  for (const orderId of orderIds) {
    const paid = (await razorpay.pay(orderId)) as { razorpay_payment_id: string };
    payments.push(razorpay.payments.get(paid.razorpay_payment_id)!);
  }
  razorpay.webhookUrl = webhookUrl;
  const deliveries = payments.map((payment) => razorpay.webhookFor('payment.captured', { payment }));
  const all = shuffled([...deliveries, ...deliveries.slice(0, Math.round(deliveries.length * 0.2))]);
  const started = performance.now();
  const hooks = await concurrently(all.length, 20, (i) =>
    fetch(`${gateway}/api/payments/razorpay/webhook`, { method: 'POST', headers: all[i]!.headers, body: all[i]!.body }),
  );
  const seconds = (performance.now() - started) / 1000;
  const db = await membersDb(stack);
  try {
    const purchases = db.collection('purchases');
    const completed = await purchases.countDocuments({ razorpayOrderId: { $in: orderIds }, status: 'completed' });
    const ids = (
      await purchases.find({ razorpayOrderId: { $in: orderIds } }, { projection: { _id: 1 } }).toArray()
    ).map((p) => p._id.toString());
    // Receipts are drawn just after each answer: wait for them (two minutes at most) and count them.
    const invoices = db.collection('invoices');
    const receipts = async () => invoices.countDocuments({ purchaseId: { $in: ids }, pdf: { $exists: true } });
    for (const until = Date.now() + 120_000; (await receipts()) < completed && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // An order completed twice would be two completed purchases of one order, or two receipts of one purchase.
    const [doubled] = await purchases
      .aggregate<{ n: number }>([
        { $match: { razorpayOrderId: { $in: orderIds }, status: 'completed' } },
        { $group: { _id: '$razorpayOrderId', n: { $sum: 1 } } },
        { $match: { n: { $gt: 1 } } },
        { $count: 'n' },
      ])
      .toArray();
    return {
      orders: {
        'warm-up orders': WARM_UP_ORDERS,
        'warm-up p99 ms': p99(warmUp.latencies),
        'orders created': orderIds.length,
        'order p99 ms': p99(orders.latencies),
        failed: orders.failed + warmUp.failed,
      },
      webhooks: {
        webhooks: all.length,
        'webhooks/s': Math.round(all.length / seconds),
        'p99 ms': p99(hooks.latencies),
        'not 2xx': hooks.failed,
        'completed once': completed,
        receipts: await receipts(),
        twice: doubled?.n ?? 0,
        lost: orderIds.length - completed,
      },
    };
  } finally {
    await db.close();
  }
}

/**
 * Calendly's invitee.created for 2,500 bookings (10% of them delivered twice) sent at a steady
 * 500 a second through the gateway, each signed as Calendly signs: p99, and sessions stored per
 * booking (none twice, none lost).
 */
export async function benchBookings(stack: Stack) {
  const SECONDS = 5;
  const total = BOOKINGS_PER_SECOND * SECONDS;
  const uris = Array.from(
    { length: Math.round(total / 1.1) },
    () => `https://api.calendly.com/scheduled_events/${randomUUID()}/invitees/${randomUUID()}`,
  );
  const sends = shuffled([...uris, ...uris.slice(0, total - uris.length)]);
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    sends.map(async (uri, i) => {
      // Open loop: each delivery leaves at its own time, whatever the answers before it take.
      await new Promise((resolve) =>
        setTimeout(resolve, started + (i * 1000) / BOOKINGS_PER_SECOND - performance.now()),
      );
      const body = JSON.stringify({
        event: 'invitee.created',
        created_at: new Date().toISOString(),
        payload: {
          uri,
          email: `reader${i % uris.length}@example.com`,
          name: 'Bench Reader',
          timezone: 'Asia/Kolkata',
          scheduled_event: {
            name: 'Free Clarity Call',
            start_time: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          },
        },
      });
      const t = Math.floor(Date.now() / 1000);
      const signature = createHmac('sha256', BENCH_CALENDLY_KEY).update(`${t}.${body}`).digest('hex');
      const sent = performance.now();
      const res = await fetch(`${stack.gatewayUrl}/api/bookings/calendly/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'calendly-webhook-signature': `t=${t},v1=${signature}` },
        body,
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - sent);
      if (!res.ok) failed += 1;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const db = await membersDb(stack);
  try {
    const bookings = db.collection('bookings');
    const stored = await bookings.countDocuments({ ids: { $in: uris.map((uri) => `calendly:${uri}`) } });
    return {
      deliveries: sends.length,
      'sent/s': Math.round(sends.length / seconds),
      'p99 ms': p99(latencies),
      'not 2xx': failed,
      sessions: stored,
      twice: Math.max(0, stored - uris.length),
      lost: Math.max(0, uris.length - stored),
    };
  } finally {
    await db.close();
  }
}
