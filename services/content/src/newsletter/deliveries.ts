import { NEWSLETTER_DELIVERIES_COLLECTION, type DeliveryState } from '@coach/contracts';
import mongoose from 'mongoose';

/**
 * How many of the mailings' e-mails were sent and how many failed for good, read from the
 * deliveries ai-worker records (indexed by mailing and state, so each count is an index count).
 */
export async function deliveryCounts(mailingIds: string[]): Promise<{ sent: number; failed: number }> {
  const deliveries = mongoose.connection.collection<{ mailingId: string; state: DeliveryState }>(
    NEWSLETTER_DELIVERIES_COLLECTION,
  );
  const count = (state: DeliveryState) =>
    mailingIds.length ? deliveries.countDocuments({ mailingId: { $in: mailingIds }, state }) : Promise.resolve(0);
  const [sent, failed] = await Promise.all([count('sent'), count('failed')]);
  return { sent, failed };
}
