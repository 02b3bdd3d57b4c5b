import {
  DEFAULT_REFLECTION_REMINDER,
  MEMBER_PUSH_KINDS,
  pushSubscribeInputSchema,
  pushUnsubscribeInputSchema,
  type Accepted,
  type PushPublicKey,
} from '@coach/contracts';
import { HttpError, parse, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import { endpointRefusal } from './endpoint.ts';
import { PushSubscriptionModel } from './model.ts';

export const PUSH_MESSAGES = {
  off: 'Notifications are not available on this site',
  memberKinds: 'Please sign in to be notified of replies, reflections and sessions',
  subscribed: 'Notifications are on',
  unsubscribed: 'Notifications are off',
} as const;

export interface PushOptions {
  /** The VAPID public key; without it the site offers no notifications. */
  publicKey: string | undefined;
  /** Accept endpoints on private and loopback addresses (tests only). */
  allowPrivateEndpoints: boolean;
}

/**
 * Push subscriptions: the key browsers subscribe with, and a browser's choice of notifications
 * (one row per endpoint; subscribing again replaces its kinds). Anyone may take new-post
 * notifications; the other kinds are a signed-in member's own.
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
    const refusal = endpointRefusal(input.subscription.endpoint, options.allowPrivateEndpoints);
    if (refusal) throw new HttpError(400, refusal, [{ path: 'subscription.endpoint', message: refusal }]);
    const userId = req.session ? Number(req.session.sub) : undefined;
    if (userId === undefined && input.kinds.some((k) => MEMBER_PUSH_KINDS.includes(k)))
      throw new HttpError(401, PUSH_MESSAGES.memberKinds);
    const reflection = input.kinds.includes('reflection')
      ? (input.reflection ?? { ...DEFAULT_REFLECTION_REMINDER, timeZone: 'UTC' })
      : undefined;
    const { endpoint, keys } = input.subscription;
    await PushSubscriptionModel.updateOne(
      { endpoint },
      {
        $set: {
          keys,
          kinds: input.kinds,
          ...(userId === undefined ? {} : { userId }),
          ...(reflection ? { reflection } : {}),
        },
        $unset: { ...(userId === undefined ? { userId: 1 } : {}), ...(reflection ? {} : { reflection: 1 }) },
      },
      { upsert: true },
    );
    const answer: Accepted = { ok: true, message: PUSH_MESSAGES.subscribed };
    res.status(201).json(answer);
  });

  router.delete('/api/push/subscriptions', async (req, res) => {
    const { endpoint } = parse(pushUnsubscribeInputSchema, req.body);
    await PushSubscriptionModel.deleteOne({ endpoint });
    const answer: Accepted = { ok: true, message: PUSH_MESSAGES.unsubscribed };
    res.json(answer);
  });
  return router;
}
