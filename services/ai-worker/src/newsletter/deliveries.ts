import { DELIVERY_STATES, NEWSLETTER_DELIVERIES_COLLECTION } from '@coach/contracts';
import mongoose from 'mongoose';

/**
 * One newsletter e-mail to one subscriber: claimed ('sending') before it is sent, 'sent' once
 * the SMTP server accepted it, 'failed' when refused for good. The unique (mailing, subscriber)
 * key makes every mailing reach a subscriber once, however often its batch runs.
 */
const deliverySchema = new mongoose.Schema(
  {
    mailingId: { type: String, required: true },
    subscriberId: { type: String, required: true },
    state: { type: String, enum: DELIVERY_STATES, required: true },
    /** Tries that failed for a reason that may pass (the batch is retried with backoff). */
    failures: { type: Number },
    error: { type: String },
    sentAt: { type: Date },
  },
  { collection: NEWSLETTER_DELIVERIES_COLLECTION, timestamps: true, versionKey: false },
);
deliverySchema.index({ mailingId: 1, subscriberId: 1 }, { unique: true });
deliverySchema.index({ mailingId: 1, state: 1 });
export const DeliveryModel = mongoose.model('NewsletterDelivery', deliverySchema);
