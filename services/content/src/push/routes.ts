import {
  DEFAULT_REFLECTION_REMINDER,
  MEMBER_PUSH_KINDS,
  pushSubscribeInputSchema,
  pushUnsubscribeInputSchema,
  type Accepted,
  type PushPublicKey,
} from '@coach/contracts';
import {
  HttpError,
  isDuplicateKey,
  parse,
  pushEndpointRefusal,
  type PushEndpointRules,
  type SessionVerifier,
} from '@coach/kit';
import { Router } from 'express';
import { PushSubscriptionModel } from './model.ts';

export const PUSH_MESSAGES = {
  off: 'Notifications are not available on this site',
  memberKinds: 'Please sign in to be notified of replies, reflections and sessions',
  subscribed: 'Notifications are on',
  unsubscribed: 'Notifications are off',
  notYours: 'This subscription belongs to another browser',
} as const;

export interface PushOptions {
  /** The VAPID public key; without it the site offers no notifications. */
  publicKey: string | undefined;
  /** Where an endpoint may be. */
  endpoints: PushEndpointRules;
}

/**
 * Who holds a stored subscription: the browser that knows its `auth` secret, or the member whose
 * session made it.
 */
const heldBy = (auth: string, userId: number | undefined) => [
  { 'keys.auth': auth },
  ...(userId === undefined ? [] : [{ userId }]),
];

/**
 * Push subscriptions: the key browsers subscribe with, and a browser's choice of notifications
 * (one row per endpoint). Anyone may take new-post notifications; the other kinds are a signed-in
 * member's own. A stored subscription's keys and kinds change, and it is removed, only by whoever
 * holds it.
 */
export function pushRoutes(sessions: SessionVerifier, options: PushOptions): Router {
  const router = Router();
  const available = () => {
    if (!options.publicKey) throw new HttpError(503, PUSH_MESSAGES.off);
    return options.publicKey;
  };

  router.get('/api/push/public-key', (_req, res) => {
    const answer: PushPublicKey = { publicKey: available() };
    res.set('Cache-Control', 'no-cache').json(answer);
  });

  router.post('/api/push/subscriptions', sessions.optionalUser, async (req, res) => {
    available();
    const input = parse(pushSubscribeInputSchema, req.body);
    const refusal = pushEndpointRefusal(input.subscription.endpoint, options.endpoints);
    if (refusal) throw new HttpError(400, refusal, [{ path: 'subscription.endpoint', message: refusal }]);
    const userId = req.session ? Number(req.session.sub) : undefined;
    if (userId === undefined && input.kinds.some((k) => MEMBER_PUSH_KINDS.includes(k)))
      throw new HttpError(401, PUSH_MESSAGES.memberKinds);
    const reflection = input.kinds.includes('reflection')
      ? (input.reflection ?? { ...DEFAULT_REFLECTION_REMINDER, timeZone: 'UTC' })
      : undefined;
    const { endpoint, keys } = input.subscription;
    // Upserting only a row she holds: another's row of the same endpoint makes the insert a duplicate.
    await PushSubscriptionModel.updateOne(
      { endpoint, $or: heldBy(keys.auth, userId) },
      {
        $set: {
          'keys.p256dh': keys.p256dh,
          'keys.auth': keys.auth,
          kinds: input.kinds,
          ...(userId === undefined ? {} : { userId }),
          ...(reflection ? { reflection } : {}),
        },
        $unset: { ...(userId === undefined ? { userId: 1 } : {}), ...(reflection ? {} : { reflection: 1 }) },
      },
      { upsert: true },
    ).catch((err: unknown) => {
      throw isDuplicateKey(err) ? new HttpError(403, PUSH_MESSAGES.notYours) : err;
    });
    const answer: Accepted = { ok: true, message: PUSH_MESSAGES.subscribed };
    res.status(201).json(answer);
  });

  router.delete('/api/push/subscriptions', sessions.optionalUser, async (req, res) => {
    const { endpoint, auth } = parse(pushUnsubscribeInputSchema, req.body);
    const userId = req.session ? Number(req.session.sub) : undefined;
    const removed = await PushSubscriptionModel.deleteOne({ endpoint, $or: heldBy(auth, userId) });
    if (removed.deletedCount === 0 && (await PushSubscriptionModel.exists({ endpoint })))
      throw new HttpError(403, PUSH_MESSAGES.notYours);
    const answer: Accepted = { ok: true, message: PUSH_MESSAGES.unsubscribed };
    res.json(answer);
  });
  return router;
}
