import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Razorpay, for tests and the embedded demo: the documented subset of its
 * REST API (v1, HTTP Basic auth with key id and secret) that the site uses, its Standard
 * Checkout script (`new Razorpay(options).open()`, `handler`, `on('payment.failed')`,
 * `modal.ondismiss`) and its webhooks, signed as Razorpay signs them:
 *   - the checkout's `razorpay_signature` is hex HMAC-SHA256 of `order_id|payment_id` with the key secret;
 *   - a webhook's `X-Razorpay-Signature` is hex HMAC-SHA256 of the raw body with the webhook
 *     secret, and `x-razorpay-event-id` names the event (a redelivery carries the same id).
 * Entities keep Razorpay's shapes: `order_…`, `pay_…`, `rfnd_…` ids, amounts in paise, unix seconds.
 */
export interface RazorpayStandin {
  /** The API base, as RAZORPAY_API_URL takes it: `http://127.0.0.1:<port>/v1` (or the host it was given). */
  apiUrl: string;
  /** The checkout script's address, as RAZORPAY_CHECKOUT_URL takes it. */
  checkoutUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks go; unset: none is sent. */
  webhookUrl: string | undefined;
  orders: Map<string, RazorpayOrder>;
  payments: Map<string, RazorpayPayment>;
  /** The refunds asked for, with the X-Refund-Idempotency they came with. */
  refunds: Map<string, RazorpayRefund & { idempotencyKey: string | null }>;
  subscriptions: Map<string, RazorpaySubscription>;
  /** Pays an order as a buyer would in the checkout: the handler's answer, webhooks sent. */
  pay(orderId: string, outcome?: 'captured' | 'failed'): Promise<CheckoutResult>;
  /** Pays a subscription's next month: its first in the checkout (the handler's answer), the others as Razorpay charges them. */
  charge(
    subscriptionId: string,
  ): Promise<{ razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string }>;
  /** A webhook body for an event, and the headers Razorpay sends with it. */
  webhookFor(event: WebhookEvent, entities: WebhookEntities): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export type WebhookEvent =
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.processed'
  | 'subscription.charged'
  | 'subscription.cancelled';

export interface RazorpaySubscription {
  id: string;
  entity: 'subscription';
  plan_id: string;
  status: 'created' | 'active' | 'cancelled';
  total_count: number;
  paid_count: number;
  remaining_count: number;
  current_start: number | null;
  current_end: number | null;
  short_url: string;
  notes: Record<string, string>;
  created_at: number;
}

export interface WebhookEntities {
  payment?: RazorpayPayment;
  order?: RazorpayOrder;
  refund?: RazorpayRefund;
  subscription?: RazorpaySubscription;
}

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  /** A subscription's payments name its invoice. */
  invoice_id: string | null;
  method: 'upi';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  email: string;
  contact: string;
  notes: Record<string, string>;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  status: 'processed';
  speed_processed: 'normal';
  created_at: number;
}

export type CheckoutResult =
  | { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }
  | {
      error: {
        code: 'BAD_REQUEST_ERROR';
        description: string;
        source: 'customer';
        step: 'payment_authorization';
        reason: 'payment_failed';
        metadata: { order_id: string; payment_id: string };
      };
    };

const rzpId = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'X')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const hmacHex = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly field?: string,
  ) {
    super(description);
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // answered below as Razorpay does
  }
  throw new ApiError(400, 'The request body is not valid JSON');
}

const notesOf = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : {};

/** The Standard Checkout script: a test-mode sheet in the page with Pay and Fail, talking to this stand-in. */
const checkoutScript = (origin: string) => `(() => {
  const api = ${JSON.stringify(origin)};
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options;
    this.listeners = {};
  }
  Razorpay.prototype.on = function (event, fn) { this.listeners[event] = fn; };
  Razorpay.prototype.open = function () {
    const o = this.options;
    const sheet = document.createElement('div');
    sheet.setAttribute('role', 'dialog');
    sheet.setAttribute('aria-label', 'Razorpay test checkout');
    sheet.style.cssText = 'position:fixed;inset:0;z-index:99999;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center;font:16px sans-serif';
    const box = document.createElement('div');
    box.style.cssText = 'background:#fff;color:#111;border-radius:8px;padding:24px;max-width:360px;width:90%';
    const amount = o.amount ? (o.amount / 100).toLocaleString('en-IN', { style: 'currency', currency: o.currency || 'INR' }) : '';
    box.innerHTML = '<p style="margin:0 0 8px;font-weight:700">Razorpay test mode</p>';
    const what = document.createElement('p');
    what.textContent = (o.name || '') + ': ' + (o.description || '') + ' ' + (o.subscription_id ? '(monthly subscription)' : amount);
    box.append(what);
    const close = () => sheet.remove();
    const button = (label, onClick) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.style.cssText = 'margin:8px 8px 0 0;padding:8px 16px';
      b.onclick = onClick;
      box.append(b);
    };
    const pay = async (outcome) => {
      const res = await fetch(api + '/standin/checkout/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: o.key, order_id: o.order_id, subscription_id: o.subscription_id, outcome }),
      });
      const result = await res.json();
      if (result.error) { if (this.listeners['payment.failed']) this.listeners['payment.failed'](result); return; }
      close();
      o.handler && o.handler(result);
    };
    button(amount ? 'Pay ' + amount : 'Subscribe', () => pay('captured'));
    button('Fail payment', () => pay('failed'));
    button('Cancel', () => { close(); o.modal && o.modal.ondismiss && o.modal.ondismiss(); });
    sheet.append(box);
    document.body.append(sheet);
  };
  Razorpay.prototype.close = function () {};
  window.Razorpay = Razorpay;
})();
`;

export async function startRazorpayStandin(
  options: {
    keyId?: string;
    keySecret?: string;
    webhookSecret?: string;
    webhookUrl?: string;
    port?: number;
    host?: string;
  } = {},
): Promise<RazorpayStandin> {
  const keyId = options.keyId ?? `rzp_test_${randomBytes(7).toString('hex')}`;
  const keySecret = options.keySecret ?? randomBytes(18).toString('base64url');
  const webhookSecret = options.webhookSecret ?? randomBytes(18).toString('base64url');
  const orders = new Map<string, RazorpayOrder>();
  const payments = new Map<string, RazorpayPayment>();
  const refunds = new Map<string, RazorpayRefund & { idempotencyKey: string | null }>();
  const refundsByKey = new Map<string, string>();
  const plans = new Map<
    string,
    {
      id: string;
      entity: 'plan';
      period: string;
      interval: number;
      item: { name: string; amount: number; currency: string };
    }
  >();
  const subscriptions = new Map<string, RazorpaySubscription>();

  const standin = {
    keyId,
    keySecret,
    webhookSecret,
    webhookUrl: options.webhookUrl,
    orders,
    payments,
    refunds,
    subscriptions,
  };

  /** A month of a subscription paid: a captured payment on an invoice's order, and subscription.charged. */
  async function charge(subscriptionId: string) {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription || subscription.status === 'cancelled') throw new ApiError(400, 'The subscription is not active');
    const plan = plans.get(subscription.plan_id)!;
    const payment: RazorpayPayment = {
      id: rzpId('pay'),
      entity: 'payment',
      amount: plan.item.amount,
      currency: plan.item.currency,
      status: 'captured',
      order_id: rzpId('order'),
      invoice_id: rzpId('inv'),
      method: 'upi',
      amount_refunded: 0,
      refund_status: null,
      captured: true,
      email: 'buyer@example.com',
      contact: '+919000090000',
      notes: subscription.notes,
      error_code: null,
      error_description: null,
      created_at: nowSeconds(),
    };
    payments.set(payment.id, payment);
    const start = subscription.current_end ?? nowSeconds();
    Object.assign(subscription, {
      status: 'active',
      paid_count: subscription.paid_count + 1,
      remaining_count: subscription.remaining_count - 1,
      current_start: start,
      current_end: start + 30 * 86_400,
    });
    void deliver('subscription.charged', { subscription, payment });
    return {
      razorpay_payment_id: payment.id,
      razorpay_subscription_id: subscription.id,
      razorpay_signature: hmacHex(keySecret, `${payment.id}|${subscription.id}`),
    };
  }

  function webhookFor(event: WebhookEvent, entities: WebhookEntities) {
    const payload = Object.fromEntries(
      Object.entries(entities)
        .filter(([, entity]) => entity)
        .map(([name, entity]) => [name, { entity }]),
    );
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_StandinAccount',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: nowSeconds(),
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(webhookSecret, body),
        'x-razorpay-event-id': rzpId('evt'),
      },
    };
  }

  /** Delivers a webhook as Razorpay does: retried on a non-2xx answer (a few times, quickly, here). */
  async function deliver(event: WebhookEvent, entities: WebhookEntities) {
    if (!standin.webhookUrl) return;
    const { body, headers } = webhookFor(event, entities);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        const res = await fetch(standin.webhookUrl, { method: 'POST', headers, body });
        if (res.ok) return;
      } catch {
        // retried
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }

  async function pay(orderId: string, outcome: 'captured' | 'failed' = 'captured'): Promise<CheckoutResult> {
    const order = orders.get(orderId);
    if (!order) throw new ApiError(400, 'The id provided does not exist', 'order_id');
    order.attempts += 1;
    const payment: RazorpayPayment = {
      id: rzpId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: outcome,
      order_id: order.id,
      invoice_id: null,
      method: 'upi',
      amount_refunded: 0,
      refund_status: null,
      captured: outcome === 'captured',
      email: 'buyer@example.com',
      contact: '+919000090000',
      notes: order.notes,
      error_code: outcome === 'failed' ? 'BAD_REQUEST_ERROR' : null,
      error_description: outcome === 'failed' ? 'Payment failed' : null,
      created_at: nowSeconds(),
    };
    payments.set(payment.id, payment);
    if (outcome === 'failed') {
      order.status = 'attempted';
      void deliver('payment.failed', { payment });
      return {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed',
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: order.id, payment_id: payment.id },
        },
      };
    }
    Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
    void deliver('payment.captured', { payment }).then(() => deliver('order.paid', { payment, order }));
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: hmacHex(keySecret, `${order.id}|${payment.id}`),
    };
  }

  function authorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    const [scheme, encoded] = header.split(' ');
    return scheme === 'Basic' && Buffer.from(encoded ?? '', 'base64').toString() === `${keyId}:${keySecret}`;
  }

  async function api(req: IncomingMessage, path: string): Promise<unknown> {
    if (!authorized(req)) throw new ApiError(401, 'Authentication failed');
    const method = req.method ?? 'GET';
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/orders') {
      const body = await readJson(req);
      const { amount, currency, receipt } = body;
      if (!Number.isInteger(amount) || (amount as number) < 100)
        throw new ApiError(400, 'The amount must be atleast INR 1.00', 'amount');
      if (currency !== 'INR') throw new ApiError(400, 'Currency is not supported', 'currency');
      if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40))
        throw new ApiError(400, 'receipt: the length must be no more than 40.', 'receipt');
      const order: RazorpayOrder = {
        id: rzpId('order'),
        entity: 'order',
        amount: amount as number,
        amount_paid: 0,
        amount_due: amount as number,
        currency,
        receipt: (receipt as string | undefined) ?? null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: notesOf(body.notes),
        created_at: nowSeconds(),
      };
      orders.set(order.id, order);
      return order;
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/orders\/([\w]+)\/payments$/))) {
      if (!orders.has(match[1]!)) throw new ApiError(400, 'The id provided does not exist');
      const items = [...payments.values()].filter((p) => p.order_id === match![1]);
      return { entity: 'collection', count: items.length, items };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/orders\/([\w]+)$/))) {
      const order = orders.get(match[1]!);
      if (!order) throw new ApiError(400, 'The id provided does not exist');
      return order;
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/payments\/([\w]+)\/refund$/))) {
      const payment = payments.get(match[1]!);
      if (!payment) throw new ApiError(400, 'The id provided does not exist');
      const key = (req.headers['x-refund-idempotency'] as string | undefined) ?? null;
      const body = await readJson(req);
      const repeated = key ? refundsByKey.get(key) : undefined;
      if (repeated) return refunds.get(repeated);
      const left = payment.amount - payment.amount_refunded;
      const amount = body.amount === undefined ? left : body.amount;
      if (payment.status === 'failed') throw new ApiError(400, 'The payment has not been captured');
      if (!Number.isInteger(amount) || (amount as number) < 100 || (amount as number) > left)
        throw new ApiError(400, 'The refund amount provided is greater than amount captured', 'amount');
      const refund = {
        id: rzpId('rfnd'),
        entity: 'refund' as const,
        amount: amount as number,
        currency: payment.currency,
        payment_id: payment.id,
        notes: notesOf(body.notes),
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
        status: 'processed' as const,
        speed_processed: 'normal' as const,
        created_at: nowSeconds(),
        idempotencyKey: key,
      };
      refunds.set(refund.id, refund);
      if (key) refundsByKey.set(key, refund.id);
      payment.amount_refunded += refund.amount;
      payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
      if (payment.refund_status === 'full') payment.status = 'refunded';
      const { idempotencyKey: _key, ...entity } = refund;
      void deliver('refund.processed', { refund: entity, payment });
      return entity;
    }
    if (method === 'POST' && path === '/v1/plans') {
      const body = await readJson(req);
      const item = (body.item ?? {}) as Record<string, unknown>;
      if (body.period !== 'monthly' || !Number.isInteger(body.interval) || !Number.isInteger(item.amount))
        throw new ApiError(400, 'The plan is invalid', 'period');
      const plan = {
        id: rzpId('plan'),
        entity: 'plan' as const,
        period: 'monthly',
        interval: body.interval as number,
        item: { name: String(item.name), amount: item.amount as number, currency: String(item.currency ?? 'INR') },
      };
      plans.set(plan.id, plan);
      return plan;
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const body = await readJson(req);
      if (!plans.has(String(body.plan_id))) throw new ApiError(400, 'The id provided does not exist', 'plan_id');
      if (!Number.isInteger(body.total_count) || (body.total_count as number) < 1)
        throw new ApiError(400, 'The total count field is required.', 'total_count');
      const subscription: RazorpaySubscription = {
        id: rzpId('sub'),
        entity: 'subscription',
        plan_id: String(body.plan_id),
        status: 'created',
        total_count: body.total_count as number,
        paid_count: 0,
        remaining_count: body.total_count as number,
        current_start: null,
        current_end: null,
        short_url: `${origin}/standin/subscriptions`,
        notes: notesOf(body.notes),
        created_at: nowSeconds(),
      };
      subscriptions.set(subscription.id, subscription);
      return subscription;
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/subscriptions\/([\w]+)\/cancel$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) throw new ApiError(400, 'The id provided does not exist');
      if (subscription.status === 'cancelled')
        throw new ApiError(400, 'Subscription is not cancellable in cancelled status.');
      subscription.status = 'cancelled';
      void deliver('subscription.cancelled', { subscription });
      return subscription;
    }
    throw new ApiError(400, 'The requested URL was not found on the server.');
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://standin').pathname;
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, {
        'content-type': type,
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type',
      });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    try {
      if (req.method === 'OPTIONS') return send(204, '');
      if (path === '/v1/checkout.js') return send(200, checkoutScript(origin), 'text/javascript');
      if (req.method === 'POST' && path === '/standin/checkout/pay') {
        const body = await readJson(req);
        if (body.key !== keyId) throw new ApiError(400, 'The api key provided is invalid');
        if (body.subscription_id) return send(200, await charge(String(body.subscription_id)));
        return send(200, await pay(String(body.order_id), body.outcome === 'failed' ? 'failed' : 'captured'));
      }
      send(200, await api(req, path));
    } catch (err) {
      if (!(err instanceof ApiError)) return send(500, { error: { code: 'SERVER_ERROR', description: String(err) } });
      send(err.status, {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: err.description,
          source: 'business',
          step: 'payment_initiation',
          reason: 'input_validation_failed',
          metadata: {},
          field: err.field,
        },
      });
    }
  }
  // Loopback, unless the site runs where loopback is not the host's (the Docker suite's containers).
  const host = options.host ?? '127.0.0.1';
  server.listen(options.port ?? 0, host);
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return Object.assign(standin, {
    apiUrl: `${origin}/v1`,
    checkoutUrl: `${origin}/v1/checkout.js`,
    pay,
    charge,
    webhookFor,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
