import { adminListQuerySchema, WEBHOOK_PATHS, type MemberSessions } from '@coach/contracts';
import { adminListHandler, HttpError, verifiedJson, type Logger, type SessionVerifier } from '@coach/kit';
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

  /**
   * A scheduler's signed delivery: verified over its bytes before it is read, then applied.
   * Calendly answers a refused signature with 400, as its own examples do; Cal.com with 401.
   * Nothing is changed by a refused one.
   */
  const providers = [
    {
      path: WEBHOOK_PATHS.calendly,
      secret: keys.calendlySigningKey,
      refusal: 400,
      header: 'calendly-webhook-signature',
      valid: calendlySignatureValid,
      change: calendlyChange,
    },
    {
      path: WEBHOOK_PATHS.cal,
      secret: keys.calSecret,
      refusal: 401,
      header: 'x-cal-signature-256',
      valid: calSignatureValid,
      change: calChange,
    },
  ] as const;
  for (const provider of providers) {
    router.post(provider.path, async (req, res) => {
      const secret = provider.secret;
      if (!secret) throw new HttpError(provider.refusal, BOOKING_MESSAGES.notConfigured);
      const body = verifiedJson(
        req,
        (raw) => provider.valid(secret, req.get(provider.header), raw),
        () => new HttpError(provider.refusal, BOOKING_MESSAGES.badSignature),
      );
      const change = changeOf(body, provider.change);
      if (change) await applyBookingChange(change, refs);
      res.json({ ok: true });
    });
  }

  /** The signed-in member's sessions, and the reference her booking links carry. */
  router.get('/api/bookings/mine', sessions.requireUser, async (req, res) => {
    const userId = Number(req.session!.sub);
    const answer: MemberSessions = {
      ...(await memberSessions(userId, new Date())),
      memberRef: refs.refOf(userId),
    };
    res.set('Cache-Control', 'no-store').json(answer);
  });

  router.get(
    '/api/admin/bookings',
    sessions.requireAdmin,
    adminListHandler('/api/admin/bookings', adminListQuerySchema, listBookings),
  );
  return router;
}
