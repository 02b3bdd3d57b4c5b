import { jsonShape } from '@coach/kit';
import mongoose from 'mongoose';

const subscriberSchema = new mongoose.Schema(
  {
    email: { type: String, required: true, unique: true, maxlength: 254 },
    subscribedAt: { type: Date, default: Date.now },
    /** Set until newsletter.subscribed is queued (see outbox/). */
    eventPending: { type: Boolean },
  },
  { collection: 'newsletter_subscribers', toJSON: jsonShape },
);
subscriberSchema.index({ eventPending: 1 }, { sparse: true });
export const SubscriberModel = mongoose.model('NewsletterSubscriber', subscriberSchema);
