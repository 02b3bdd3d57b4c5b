import { isDuplicateKey, type Logger } from '@coach/kit';
import type { Job } from 'bullmq';
import mongoose from 'mongoose';

/**
 * A batch job of a fan-out: one message (a newsletter's e-mail, a notification) to each of its
 * recipients. Every recipient's delivery is recorded in MongoDB, one row per (event, recipient)
 * that a unique key keeps single: claimed ('sending') before anything is sent and marked the
 * moment the far end answers, so a batch run again (a retry, or a worker that died mid-batch)
 * sends only what was not sent.
 */

/** The schema of a fan-out's deliveries: `event` names the event, `recipient` the recipient. */
export function deliverySchema(options: {
  collection: string;
  event: string;
  recipient: string;
  states: readonly string[];
}): mongoose.Schema {
  const schema = new mongoose.Schema(
    {
      [options.event]: { type: String, required: true },
      [options.recipient]: { type: String, required: true },
      state: { type: String, enum: options.states, required: true },
      /** Tries that failed for a reason that may pass (the batch is retried with backoff). */
      failures: { type: Number },
      error: { type: String },
      sentAt: { type: Date },
    },
    { collection: options.collection, timestamps: true, versionKey: false },
  );
  schema.index({ [options.event]: 1, [options.recipient]: 1 }, { unique: true });
  return schema;
}

/**
 * How a delivery's "sent" is written: acknowledged once mongod has applied it, not once it is in
 * the journal. The time between the far end's acceptance and this record is when a worker's
 * death makes the message go out again, so it is kept as short as it can be (a journal commit
 * takes milliseconds); a record lost with mongod itself costs the same, one message sent twice.
 */
const SENT_RECORD = { writeConcern: { w: 1, journal: false } } as const;

/** Runs `work` on every item, at most `limit` at once. */
async function eachAtOnce<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Claims a batch's deliveries before anything is sent: one row per (event, recipient) in state
 * 'sending', an earlier run's row kept as it is (its unique key refuses a second). Returns the
 * recipients whose delivery an earlier run of the batch finished, which this run skips.
 */
async function claimDeliveries(
  collection: mongoose.Collection,
  event: Record<string, string>,
  field: string,
  ids: string[],
): Promise<Set<string>> {
  await collection
    .insertMany(
      ids.map((id) => ({ ...event, [field]: id, state: 'sending', createdAt: new Date() })),
      { ordered: false },
    )
    .catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
  const finished = await collection
    .find({ ...event, [field]: { $in: ids }, state: { $ne: 'sending' } }, { projection: { [field]: 1 } })
    .toArray();
  return new Set(finished.map((d) => d[field] as string));
}

/**
 * What a refused message means: 'gone', the recipient no longer exists (its sender has removed
 * it); 'final', refused for good; 'passing', refused for a reason that may pass (the batch is
 * retried, and on its last try the refusal is final).
 */
export type Refusal = 'gone' | 'final' | 'passing';

export interface BatchDelivery<Recipient> {
  deliveries: mongoose.Collection;
  /** The field that names the batch's event, and its value. */
  event: Record<string, string>;
  /** The field of a delivery that names its recipient. */
  recipientField: string;
  /** The batch's recipients, by id. */
  ids: string[];
  /** Those of the batch's recipients the message is still for (still subscribed), to send to. */
  current: () => Promise<Recipient[]>;
  idOf: (recipient: Recipient) => string;
  /** Messages in flight at once. */
  parallel: number;
  send: (recipient: Recipient) => Promise<void>;
  refusal: (err: unknown, recipient: Recipient) => Promise<Refusal>;
  /** Sent messages are recorded this many at a time (and at the batch's end). */
  sentRecordGroup: number;
  logger: Logger;
  /** What the batch's messages are, for its log line and its failure. */
  names: { batch: string; messages: string };
}

/**
 * Sends one batch job's messages, each recipient's at most once however often the batch runs.
 * A message refused for a reason that may pass makes the batch fail after the others are sent,
 * and the queue retries it with backoff. Returns how many messages were sent, refused (gone,
 * failed, or left to the retry) and skipped (sent by an earlier run, or no longer wanted).
 */
export async function deliverBatch<Recipient>(job: Job, batch: BatchDelivery<Recipient>) {
  const { deliveries, event, recipientField, ids } = batch;
  const [done, current] = await Promise.all([claimDeliveries(deliveries, event, recipientField, ids), batch.current()]);
  const todo = current.filter((r) => !done.has(batch.idOf(r)));
  const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const outcome = { sent: 0, gone: 0, failed: 0, retry: 0, skipped: ids.length - todo.length };

  // A worker's death between two group records repeats at most a group's messages.
  let sent: string[] = [];
  const recordSent = async () => {
    if (sent.length === 0) return;
    const group = sent;
    sent = [];
    await deliveries.updateMany(
      { ...event, [recipientField]: { $in: group } },
      { $set: { state: 'sent', sentAt: new Date(), updatedAt: new Date() } },
      SENT_RECORD,
    );
  };

  await eachAtOnce(todo, batch.parallel, async (recipient) => {
    const key = { ...event, [recipientField]: batch.idOf(recipient) };
    try {
      await batch.send(recipient);
    } catch (err) {
      const refusal = await batch.refusal(err, recipient);
      const error = (err as Error).message.slice(0, 300);
      if (refusal === 'gone') {
        await deliveries.updateOne(key, { $set: { state: 'gone', error, updatedAt: new Date() } });
        outcome.gone += 1;
        return;
      }
      const final = lastTry || refusal === 'final';
      await deliveries.updateOne(key, {
        $set: { state: final ? 'failed' : 'sending', error, updatedAt: new Date() },
        $inc: { failures: 1 },
      });
      outcome[final ? 'failed' : 'retry'] += 1;
      return;
    }
    sent.push(batch.idOf(recipient));
    outcome.sent += 1;
    if (sent.length >= batch.sentRecordGroup) await recordSent();
  });
  await recordSent();
  batch.logger.info({ ...event, jobId: job.id, ...outcome }, `${batch.names.batch} sent`);
  if (outcome.retry)
    throw new Error(`${outcome.retry} ${batch.names.messages} of the batch were refused for now; retried later`);
  return outcome;
}
