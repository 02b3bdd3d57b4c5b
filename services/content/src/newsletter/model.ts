import { jsonShape } from '@coach/kit';
import mongoose from 'mongoose';

const subscriberSchema = new mongoose.Schema(
  {
    email: { type: String, required: true, unique: true, maxlength: 254 },
    subscribedAt: { type: Date, default: Date.now },
  },
  { collection: 'newsletter_subscribers', toJSON: jsonShape },
);
export const SubscriberModel = mongoose.model('NewsletterSubscriber', subscriberSchema);
