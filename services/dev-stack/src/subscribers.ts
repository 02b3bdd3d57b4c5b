import { randomBytes } from 'node:crypto';
import { NEWSLETTER_SUBSCRIBERS_COLLECTION } from '@coach/contracts';
import type { Connection } from 'mongoose';

/**
 * Stores confirmed newsletter subscribers directly, as the confirmation link leaves them (each
 * with its own unsubscribe token): readers for tests and the bench, without a mail round trip each.
 */
export async function storeConfirmedSubscribers(db: Connection, emails: readonly string[]): Promise<void> {
  const now = new Date();
  await db.collection(NEWSLETTER_SUBSCRIBERS_COLLECTION).insertMany(
    emails.map((email) => ({
      email,
      state: 'confirmed',
      subscribedAt: now,
      confirmedAt: now,
      unsubscribeToken: randomBytes(32).toString('base64url'),
    })),
  );
}
