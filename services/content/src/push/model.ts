import { PUSH_KINDS, PUSH_SUBSCRIPTIONS_COLLECTION } from '@coach/contracts';
import mongoose from 'mongoose';

/**
 * A browser that asked to be notified: its push service's endpoint (one row per endpoint), the
 * keys its messages are encrypted for, the kinds it chose, and, when a member subscribed, her
 * account (replies, reflection and session reminders are hers alone).
 */
const pushSubscriptionSchema = new mongoose.Schema(
  {
    endpoint: { type: String, required: true },
    keys: {
      p256dh: { type: String, required: true },
      auth: { type: String, required: true },
    },
    kinds: { type: [String], enum: PUSH_KINDS, required: true },
    userId: { type: Number },
    /** When the weekly reflection reminder comes, in her time zone. */
    reflection: {
      day: { type: Number },
      hour: { type: Number },
      timeZone: { type: String },
    },
  },
  { collection: PUSH_SUBSCRIPTIONS_COLLECTION, timestamps: true, versionKey: false },
);
pushSubscriptionSchema.index({ endpoint: 1 }, { unique: true });
pushSubscriptionSchema.index({ kinds: 1, _id: 1 });
pushSubscriptionSchema.index({ userId: 1, kinds: 1 }, { sparse: true });
pushSubscriptionSchema.index({ 'reflection.timeZone': 1, 'reflection.day': 1, 'reflection.hour': 1 }, { sparse: true });
export const PushSubscriptionModel = mongoose.model('PushSubscription', pushSubscriptionSchema);
