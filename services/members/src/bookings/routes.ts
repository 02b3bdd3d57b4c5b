import { adminListQuerySchema, WEBHOOK_PATHS, type MemberSessions } from '@coach/contracts';
import { HttpError, parse, sendAdminPage, verifiedJson, type Logger, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import { ZodError } from 'zod';
import type { MemberRefs } from './memberRef.ts';
import { calChange, calendlyChange, type BookingChange } from './providers.ts';
import { calendlySignatureValid, calSignatureValid } from './signatures.ts';
import { applyBookingChange, listBookings, memberSessions } from './service.ts';

export const BOOKING_MESSAGES = {
  badSignature: 'The webhook signature is missing, wrong or stale',
  notConfigured: 'This webhook is not set up on this site',
  badPayload: 'The webhook payload is not a booking this site understands',
} as const;

export interface BookingKeys {
  /** Calendly's webhook signing key; unset: the endpoint accepts nothing. */
  calendlySigningKey?: string;
  /** Cal.com's webhook secret; unset: the endpoint accepts nothing. */
  calSecret?: string;
}

/** A delivery's change, from its payload (read once its signature held). */
function changeOf(body: unknown, parseChange: (body: unknown) => BookingChange | null) {
  try {
    return parseChange(body);
  } catch (err) {
    if (err instanceof ZodError) throw new HttpError(400, BOOKING_MESSAGES.badPayload);
    throw err;
  }
}

export function bookingRoutes(
  sessions: SessionVerifier,
  deps: { keys: BookingKeys; refs: MemberRefs; logger: Logger },
): Router {
  const router = Router();
  const { keys, refs } = deps;
  if (!keys.calendlySigningKey)
    deps.logger.warn('CALENDLY_WEBHOOK_SIGNING_KEY is unset: Calendly bookings are refused');
  if (!keys.calSecret) deps.logger.warn('CAL_WEBHOOK_SECRET is unset: Cal.com bookings are refused');

  /** Calendly answers a refused signature with 400, as its own examples do; nothing is changed. */
  router.post(WEBHOOK_PATHS.calendly, async (req, res) => {
    if (!keys.calendlySigningKey) throw new HttpError(400, BOOKING_MESSAGES.notConfigured);
    const key = keys.calendlySigningKey;
    const body = verifiedJson(
      req,
      (raw) => calendlySignatureValid(key, req.get('calendly-webhook-signature'), raw),
      new HttpError(400, BOOKING_MESSAGES.badSignature),
    );
    const change = changeOf(body, calendlyChange);
    if (change) await applyBookingChange(change, refs);
    res.json({ ok: true });
  });

  /** Cal.com: a refused signature gets 401; nothing is changed. */
  router.post(WEBHOOK_PATHS.cal, async (req, res) => {
    if (!keys.calSecret) throw new HttpError(401, BOOKING_MESSAGES.notConfigured);
    const secret = keys.calSecret;
    const body = verifiedJson(
      req,
      (raw) => calSignatureValid(secret, req.get('x-cal-signature-256'), raw),
      new HttpError(401, BOOKING_MESSAGES.badSignature),
    );
    const change = changeOf(body, calChange);
    if (change) await applyBookingChange(change, refs);
    res.json({ ok: true });
  });

  /** The signed-in member's sessions, and the reference her booking links carry. */
  router.get('/api/bookings/mine', sessions.requireUser, async (req, res) => {
    const userId = Number(req.session!.sub);
    const answer: MemberSessions = {
      ...(await memberSessions(userId, new Date())),
      memberRef: refs.refOf(userId),
    };
    res.set('Cache-Control', 'no-store').json(answer);
  });

  router.get('/api/admin/bookings', sessions.requireAdmin, async (req, res) => {
    const query = parse(adminListQuerySchema, req.query);
    sendAdminPage(res, '/api/admin/bookings', query, await listBookings(query));
  });
  return router;
}
