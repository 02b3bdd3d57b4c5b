import { PUSH_DELIVERIES_COLLECTION } from '@coach/contracts';
import mongoose from 'mongoose';
import { deliverySchema } from '../fan-out/deliveries.ts';

/**
 * One notification to one subscription: claimed ('sending') before it is sent, 'sent' once the
 * push service accepted it, 'failed' when refused for good, 'gone' when the push service no
 * longer knows the subscription (it is then removed). The unique (event, subscription) key makes
 * every notification reach a browser once, however often its batch runs.
 */
const pushDeliverySchema = deliverySchema({
  collection: PUSH_DELIVERIES_COLLECTION,
  event: 'eventId',
  recipient: 'subscriptionId',
  states: ['sending', 'sent', 'failed', 'gone'],
});
// A record is needed only while its batch may still run again.
pushDeliverySchema.index({ createdAt: 1 }, { expireAfterSeconds: 30 * 24 * 3600 });
export const PushDeliveryModel = mongoose.model('PushDelivery', pushDeliverySchema);
