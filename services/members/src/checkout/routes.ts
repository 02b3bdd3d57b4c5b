import {
  adminListQuerySchema,
  idParamSchema,
  checkoutConfirmInputSchema,
  checkoutOrderInputSchema,
  manualPurchaseInputSchema,
  purchaseClaimInputSchema,
  refundInputSchema,
  type CheckoutSettings,
  WEBHOOK_PATHS,
} from '@coach/contracts';
import {
  adminListHandler,
  HttpError,
  hostCookieName,
  idempotent,
  parse,
  verifiedJson,
  type SessionVerifier,
} from '@coach/kit';
import { Router, type Request, type Response } from 'express';
import { createHash, randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { CHECKOUT_MESSAGES } from './context.ts';
import { memberBuyer, priceOf, RESUME_WITHIN_MS, type Buyer } from './orders.ts';
import { isTestKey, webhookSignatureValid, type RazorpayKeys } from './razorpay.ts';
import { receiptPdf } from './receipts.ts';
import { listSales, salesSummary } from './sales.ts';
import type { CheckoutService } from './service.ts';
import type { WebhookBody } from './webhooks.ts';

/** The cookie that ties a visitor's checkout to her browser: only it resumes and confirms her order. */
export const CHECKOUT_COOKIE = 'coach_checkout';
/** Only a hash of the cookie is stored: a leaked purchase row does not give the cookie away. */
const buyerKeyOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The purchase a path's {id} names (a malformed one: 400, as every id of the API). */
const purchaseIdOf = (params: unknown) => new mongoose.Types.ObjectId(parse(idParamSchema, params).id);

function sendReceipt(res: Response, purchaseId: mongoose.Types.ObjectId, pdf: Buffer) {
  res
    .set('Cache-Control', 'private, no-store')
    .set('Content-Disposition', `attachment; filename="receipt-${purchaseId.toString()}.pdf"`)
    .type('application/pdf')
    .send(pdf);
}

/**
 * Checkout through Razorpay: orders, the checkout's confirmation, webhooks, a visitor's claim,
 * receipts, and the coach's Sales section. Without keys the settings say that the site takes no
 * payments and every payment endpoint answers 503; the coach's sales paid outside the site (and
 * their receipts and refunds) work all the same.
 */
export function checkoutRoutes(
  sessions: SessionVerifier,
  deps: { service: CheckoutService; keys?: RazorpayKeys; checkoutUrl: string; cookieSecure: boolean },
): Router {
  const router = Router();
  const { service, keys } = deps;
  const cookieName = hostCookieName(CHECKOUT_COOKIE, deps.cookieSecure);
  /** The key of this browser's checkout cookie, if it sent one. */
  const givenKey = (req: Request) => {
    const token: unknown = req.cookies?.[cookieName];
    return typeof token === 'string' && /^[\w-]{43}$/.test(token) ? buyerKeyOf(token) : undefined;
  };
  /** This browser's checkout key, its cookie set first when it has none. */
  const browserKey = (req: Request, res: Response) => {
    const known = givenKey(req);
    if (known) return known;
    const token = randomBytes(32).toString('base64url');
    res.cookie(cookieName, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.cookieSecure,
      path: '/',
      maxAge: RESUME_WITHIN_MS,
    });
    return buyerKeyOf(token);
  };
  const settings: CheckoutSettings = {
    enabled: Boolean(keys),
    testMode: keys ? isTestKey(keys) : false,
    checkoutUrl: deps.checkoutUrl,
  };
  router.get('/api/checkout/settings', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(settings);
  });

  router.get('/api/profile/purchases/:id/receipt', sessions.requireUser, async (req, res) => {
    const id = purchaseIdOf(req.params);
    sendReceipt(res, id, await receiptPdf(id, { userId: Number(req.session!.sub) }));
  });
  router.get(
    '/api/admin/purchases',
    sessions.requireAdmin,
    adminListHandler('/api/admin/purchases', adminListQuerySchema, listSales),
  );
  router.get('/api/admin/purchases/summary', sessions.requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await salesSummary());
  });
  router.get('/api/admin/purchases/:id/receipt', sessions.requireAdmin, async (req, res) => {
    const id = purchaseIdOf(req.params);
    sendReceipt(res, id, await receiptPdf(id));
  });

  router.post('/api/admin/purchases', sessions.requireAdmin, async (req, res) => {
    const input = parse(manualPurchaseInputSchema, req.body);
    res.status(201).json(await service.recordManual(input, priceOf(input.programId)));
  });
  router.post(
    '/api/admin/purchases/:id/refund',
    sessions.requireAdmin,
    idempotent('purchase-refund'),
    async (req, res) => {
      res.json(await service.refund(purchaseIdOf(req.params), parse(refundInputSchema, req.body ?? {})));
    },
  );

  router.post('/api/checkout/claim', sessions.requireUser, async (req, res) => {
    const { token } = parse(purchaseClaimInputSchema, req.body);
    await service.claim(Number(req.session!.sub), token);
    res.json({ ok: true });
  });

  if (!keys) {
    router.use(['/api/checkout', '/api/payments/razorpay'], () => {
      throw new HttpError(503, CHECKOUT_MESSAGES.noPayments);
    });
    return router;
  }

  router.post('/api/checkout/orders', sessions.optionalUser, idempotent('checkout-orders'), async (req, res) => {
    const input = parse(checkoutOrderInputSchema, req.body);
    const price = priceOf(input.programId);
    let buyer: Buyer;
    if (req.session) {
      buyer = await memberBuyer(Number(req.session.sub));
    } else {
      if (!input.name || !input.email) throw new HttpError(400, CHECKOUT_MESSAGES.whoIsPaying);
      buyer = { key: browserKey(req, res), name: input.name, email: input.email.toLowerCase() };
    }
    const { order, resumed } = await service.createOrder(price, buyer, input.fromPost);
    res.status(resumed ? 200 : 201).json(order);
  });

  router.post('/api/checkout/confirm', sessions.optionalUser, async (req, res) => {
    const input = parse(checkoutConfirmInputSchema, req.body);
    const buyer = { userId: req.session ? Number(req.session.sub) : undefined, key: givenKey(req) };
    res.json(await service.confirm(input, buyer));
  });

  /** Razorpay's webhooks: a missing or wrong signature gets 400 and changes nothing. */
  router.post(WEBHOOK_PATHS.razorpay, async (req, res) => {
    const body = verifiedJson(
      req,
      (raw) => webhookSignatureValid(keys, raw, req.get('x-razorpay-signature')),
      () => new HttpError(400, 'The webhook signature is missing or wrong'),
    ) as WebhookBody | null;
    const eventId = req.get('x-razorpay-event-id');
    if (!eventId || !/^[\w-]{1,100}$/.test(eventId) || typeof body?.event !== 'string') {
      throw new HttpError(400, 'The webhook is not an event this site understands');
    }
    await service.applyWebhook(eventId, body);
    res.json({ ok: true });
  });

  router.post('/api/checkout/subscriptions/:id/cancel', sessions.requireUser, async (req, res) => {
    await service.cancelSubscription(Number(req.session!.sub), purchaseIdOf(req.params));
    res.json({ ok: true });
  });

  return router;
}
