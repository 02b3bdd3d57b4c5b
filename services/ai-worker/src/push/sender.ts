import {
  PUSH_SUBSCRIPTIONS_COLLECTION,
  pushBatchJobSchema,
  type DeclarativePush,
  type PushBatchJob,
  type PushKind,
} from '@coach/contracts';
import { pushEndpointRefusal, type Logger, type PushEndpointRules } from '@coach/kit';
import type { Job } from 'bullmq';
import mongoose from 'mongoose';
import { Agent } from 'node:https';
import webPush, { WebPushError, type Urgency } from 'web-push';
import { deliverBatch } from '../fan-out/deliveries.ts';
import { PushDeliveryModel } from './deliveries.ts';
import { literalAddressRefusal, publicAddressLookup, RefusedEndpointError } from './public-address.ts';

/**
 * How long a push service keeps a message for a browser that is offline, and how soon it should
 * wake a sleeping phone for it: a new post can wait a week and does not wake anyone; a session
 * reminder is worth nothing after the session and may wake her.
 */
export const PUSH_DELIVERY: Record<PushKind, { TTL: number; urgency: Urgency }> = {
  posts: { TTL: 7 * 24 * 3600, urgency: 'low' },
  replies: { TTL: 2 * 24 * 3600, urgency: 'normal' },
  reflection: { TTL: 12 * 3600, urgency: 'normal' },
  sessions: { TTL: 24 * 3600, urgency: 'high' },
};
const REQUEST_TIMEOUT_MS = 10_000;
/** A VAPID signature is made once per push service and used for this long (at most 24 h allowed). */
const VAPID_VALID_S = 12 * 3600;
/** Sent messages are recorded in groups of this many (and at the batch's end). */
const SENT_RECORD_GROUP = 100;

/** The message of a notification, in Declarative Web Push's form (the page to open made absolute). */
export function declarativePayload(job: Omit<PushBatchJob, 'subscriptionIds'>, siteUrl: string): DeclarativePush {
  return {
    web_push: 8030,
    notification: {
      title: job.title,
      body: job.body,
      navigate: new URL(job.path, siteUrl).href,
      tag: job.eventId,
      lang: 'en',
    },
  };
}

export interface PushSettings {
  vapid: { subject: string; publicKey: string; privateKey: string };
  siteUrl: string;
  /** Messages of a batch in flight at once. */
  parallel: number;
  /** Where an endpoint may be; unless private endpoints are allowed, only public addresses are connected to. */
  endpoints: PushEndpointRules;
}

interface StoredSubscription {
  _id: mongoose.Types.ObjectId;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Processes QUEUES.pushSend: one batch of a notification (deliveries.ts); subscriptions removed
 * meanwhile are skipped. A push service's 404 or 410 (the browser unsubscribed, or the
 * subscription expired) removes the subscription; a 429, a 5xx or no answer may pass; another
 * refusal is final. An endpoint off the push services' hosts, or at an address that is not
 * public, is refused for good without a request.
 */
export function pushBatchProcessor(deps: { settings: PushSettings; logger: Logger }) {
  const { vapid, siteUrl, parallel, endpoints } = deps.settings;
  // Connections to a push service are kept open across the messages of a batch, each made to an
  // address the lookup checked.
  const agent = new Agent({
    keepAlive: true,
    maxSockets: parallel,
    ...(endpoints.allowPrivate ? {} : { lookup: publicAddressLookup }),
  });
  const refusalOf = (endpoint: string) => {
    const refusal = pushEndpointRefusal(endpoint, endpoints);
    if (refusal) return new RefusedEndpointError(refusal);
    return endpoints.allowPrivate ? undefined : literalAddressRefusal(endpoint);
  };
  const subscriptions = () => mongoose.connection.collection<StoredSubscription>(PUSH_SUBSCRIPTIONS_COLLECTION);
  // The signed VAPID header of each push service (its origin is the JWT's audience), renewed an
  // hour before it expires: signing once instead of per message.
  const signed = new Map<string, { authorization: string; renewAt: number }>();
  const authorizationFor = (endpoint: string) => {
    const audience = new URL(endpoint).origin;
    const now = Date.now() / 1000;
    let entry = signed.get(audience);
    if (!entry || entry.renewAt < now) {
      const expires = Math.floor(now) + VAPID_VALID_S;
      const headers = webPush.getVapidHeaders(
        audience,
        vapid.subject,
        vapid.publicKey,
        vapid.privateKey,
        'aes128gcm',
        expires,
      );
      entry = { authorization: headers.Authorization, renewAt: expires - 3600 };
      signed.set(audience, entry);
    }
    return entry.authorization;
  };

  return async (job: Job<PushBatchJob>) => {
    const batch = pushBatchJobSchema.parse(job.data);
    const ids = batch.subscriptionIds;
    const payload = JSON.stringify(declarativePayload(batch, siteUrl));
    const options = {
      ...PUSH_DELIVERY[batch.kind],
      contentEncoding: 'aes128gcm' as const,
      agent,
      timeout: REQUEST_TIMEOUT_MS,
    };
    return deliverBatch(job, {
      deliveries: PushDeliveryModel.collection,
      event: { eventId: batch.eventId },
      recipientField: 'subscriptionId',
      ids,
      current: () =>
        subscriptions()
          .find({ _id: { $in: ids.map((id) => new mongoose.Types.ObjectId(id)) }, kinds: batch.kind })
          .project<StoredSubscription>({ endpoint: 1, keys: 1 })
          .toArray(),
      idOf: (subscription) => subscription._id.toString(),
      parallel,
      send: async (subscription) => {
        const refused = refusalOf(subscription.endpoint);
        if (refused) throw refused;
        await webPush.sendNotification({ endpoint: subscription.endpoint, keys: subscription.keys }, payload, {
          ...options,
          headers: { Authorization: authorizationFor(subscription.endpoint) },
        });
      },
      refusal: async (err, subscription) => {
        const status = err instanceof WebPushError ? err.statusCode : 0;
        if (status === 404 || status === 410) {
          await subscriptions().deleteOne({ _id: subscription._id });
          return 'gone';
        }
        const passing = !(err instanceof RefusedEndpointError) && (status === 0 || status === 429 || status >= 500);
        return passing ? 'passing' : 'final';
      },
      // The browser shows a message sent twice once (they carry the same tag).
      sentRecordGroup: SENT_RECORD_GROUP,
      logger: deps.logger,
      names: { batch: 'push batch', messages: 'push messages' },
    });
  };
}
