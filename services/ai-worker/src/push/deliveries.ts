import { PUSH_DELIVERIES_COLLECTION } from '@coach/contracts';
import mongoose from 'mongoose';

const PUSH_DELIVERY_STATES = ['sending', 'sent', 'failed', 'gone'] as const;

/**
 * One notification to one subscription: claimed ('sending') before it is sent, 'sent' once the
 * push service accepted it, 'failed' when refused for good, 'gone' when the push service no
 * longer knows the subscription (it is then removed). The unique (event, subscription) key makes
 * every notification reach a browser once, however often its batch runs.
 */
const pushDeliverySchema = new mongoose.Schema(
  {
    eventId: { type: String, required: true },
    subscriptionId: { type: String, required: true },
    state: { type: String, enum: PUSH_DELIVERY_STATES, required: true },
    failures: { type: Number },
    error: { type: String },
    sentAt: { type: Date },
  },
  { collection: PUSH_DELIVERIES_COLLECTION, timestamps: true, versionKey: false },
);
pushDeliverySchema.index({ eventId: 1, subscriptionId: 1 }, { unique: true });
// A record is needed only while its batch may still run again.
pushDeliverySchema.index({ createdAt: 1 }, { expireAfterSeconds: 30 * 24 * 3600 });
export const PushDeliveryModel = mongoose.model('PushDelivery', pushDeliverySchema);
