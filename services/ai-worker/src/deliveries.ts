import { isDuplicateKey } from '@coach/kit';
import type { Job } from 'bullmq';
import type mongoose from 'mongoose';

/**
 * How a delivery's "sent" is written: acknowledged once mongod has applied it, not once it is in
 * the journal. The time between the far end's acceptance and this record is when a worker's
 * death makes the message go out again, so it is kept as short as it can be (a journal commit
 * takes milliseconds); a record lost with mongod itself costs the same, one message sent twice.
 */
export const SENT_RECORD = { writeConcern: { w: 1, journal: false } } as const;

/** Runs `work` on every item, at most `limit` at once. */
export async function eachAtOnce<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** Whether this run of a batch job is its last try (a failure then is final). */
export const isLastTry = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/** A delivery that failed: for good ('failed'), or left to the batch's retry ('sending'); counted. */
export const recordFailure = (collection: mongoose.Collection, key: object, final: boolean, error: string) =>
  collection.updateOne(key, {
    $set: { state: final ? 'failed' : 'sending', error: error.slice(0, 300), updatedAt: new Date() },
    $inc: { failures: 1 },
  });

/**
 * Claims a batch's deliveries before anything is sent: one row per (group, recipient) in state
 * 'sending', an earlier run's row kept as it is (its unique key refuses a second). Returns the
 * recipients whose delivery an earlier run of the batch finished, which this run skips.
 */
export async function claimDeliveries(
  collection: mongoose.Collection,
  group: Record<string, string>,
  field: string,
  ids: string[],
): Promise<Set<string>> {
  await collection
    .insertMany(
      ids.map((id) => ({ ...group, [field]: id, state: 'sending', createdAt: new Date() })),
      { ordered: false },
    )
    .catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
  const finished = await collection
    .find({ ...group, [field]: { $in: ids }, state: { $ne: 'sending' } }, { projection: { [field]: 1 } })
    .toArray();
  return new Set(finished.map((d) => d[field] as string));
}
