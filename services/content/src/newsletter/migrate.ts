import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { SubscriberModel } from './model.ts';

/**
 * Subscribers stored before double opt-in asked for the newsletter themselves and were welcomed:
 * they stay subscribers (confirmed), each given the unsubscribe token every e-mail carries.
 */
export async function migrateEarlySubscribers(): Promise<number> {
  let migrated = 0;
  for await (const row of SubscriberModel.find(
    { state: mongoose.trusted({ $exists: false }) },
    { subscribedAt: 1 },
  ).lean()) {
    await SubscriberModel.updateOne(
      { _id: row._id, state: mongoose.trusted({ $exists: false }) },
      {
        $set: {
          state: 'confirmed',
          confirmedAt: row.subscribedAt,
          unsubscribeToken: randomBytes(32).toString('base64url'),
        },
      },
    );
    migrated += 1;
  }
  return migrated;
}
