import { isDuplicateKey } from '@coach/kit';
import type mongoose from 'mongoose';

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
