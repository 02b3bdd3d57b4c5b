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
import { claimDeliveries, eachAtOnce, isLastTry, recordFailure, SENT_RECORD } from '../deliveries.ts';
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
 * Processes QUEUES.pushSend: one batch of a notification. Every subscription's delivery is claimed
 * in MongoDB before anything is sent and marked the moment the push service answers, so a batch
 * run again sends only what was not sent, and skips subscriptions removed meanwhile. A push
 * service's 404 or 410 (the browser unsubscribed, or the subscription expired) removes the
 * subscription; another refusal is final; a 429, a 5xx or no answer makes the batch fail after
 * the others are sent, and the queue retries it with backoff (on its last try, those are final).
 * An endpoint off the push services' hosts, or at an address that is not public, is refused for
 * good without a request.
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
    const { eventId } = batch;
    const ids = batch.subscriptionIds;
    const [done, current] = await Promise.all([
      claimDeliveries(PushDeliveryModel.collection, { eventId }, 'subscriptionId', ids),
      subscriptions()
        .find({ _id: { $in: ids.map((id) => new mongoose.Types.ObjectId(id)) }, kinds: batch.kind })
        .project<StoredSubscription>({ endpoint: 1, keys: 1 })
        .toArray(),
    ]);
    const todo = current.filter((s) => !done.has(s._id.toString()));
    const lastTry = isLastTry(job);
    const outcome = { sent: 0, gone: 0, failed: 0, retry: 0, skipped: ids.length - todo.length };
    const payload = JSON.stringify(declarativePayload(batch, siteUrl));
    const options = {
      ...PUSH_DELIVERY[batch.kind],
      contentEncoding: 'aes128gcm' as const,
      agent,
      timeout: REQUEST_TIMEOUT_MS,
    };
    // Sent messages are recorded a group at a time: a worker's death repeats at most a group's
    // messages, which the browser shows once (they carry the same tag).
    let sent: string[] = [];
    const recordSent = async () => {
      if (sent.length === 0) return;
      const group = sent;
      sent = [];
      await PushDeliveryModel.collection.updateMany(
        { eventId, subscriptionId: { $in: group } },
        { $set: { state: 'sent', sentAt: new Date(), updatedAt: new Date() } },
        SENT_RECORD,
      );
    };

    await eachAtOnce(todo, parallel, async (subscription) => {
      const key = { eventId, subscriptionId: subscription._id.toString() };
      try {
        const refused = refusalOf(subscription.endpoint);
        if (refused) throw refused;
        await webPush.sendNotification({ endpoint: subscription.endpoint, keys: subscription.keys }, payload, {
          ...options,
          headers: { Authorization: authorizationFor(subscription.endpoint) },
        });
      } catch (err) {
        const status = err instanceof WebPushError ? err.statusCode : 0;
        const error = (err as Error).message;
        if (status === 404 || status === 410) {
          await subscriptions().deleteOne({ _id: subscription._id });
          await PushDeliveryModel.collection.updateOne(key, {
            $set: { state: 'gone', error: error.slice(0, 300), updatedAt: new Date() },
          });
          outcome.gone += 1;
          return;
        }
        const passing = !(err instanceof RefusedEndpointError) && (status === 0 || status === 429 || status >= 500);
        const final = lastTry || !passing;
        await recordFailure(PushDeliveryModel.collection, key, final, error);
        outcome[final ? 'failed' : 'retry'] += 1;
        return;
      }
      sent.push(key.subscriptionId);
      outcome.sent += 1;
      if (sent.length >= SENT_RECORD_GROUP) await recordSent();
    });
    await recordSent();
    deps.logger.info({ eventId, jobId: job.id, ...outcome }, 'push batch sent');
    if (outcome.retry)
      throw new Error(`${outcome.retry} push messages of the batch were refused for now; retried later`);
    return outcome;
  };
}
