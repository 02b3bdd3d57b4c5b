import { DELIVERY_STATES, NEWSLETTER_DELIVERIES_COLLECTION } from '@coach/contracts';
import mongoose from 'mongoose';
import { deliverySchema } from '../fan-out/deliveries.ts';

/**
 * One newsletter e-mail to one subscriber: claimed ('sending') before it is sent, 'sent' once
 * the SMTP server accepted it, 'failed' when refused for good. The unique (mailing, subscriber)
 * key makes every mailing reach a subscriber once, however often its batch runs.
 */
const newsletterDeliverySchema = deliverySchema({
  collection: NEWSLETTER_DELIVERIES_COLLECTION,
  event: 'mailingId',
  recipient: 'subscriberId',
  states: DELIVERY_STATES,
});
newsletterDeliverySchema.index({ mailingId: 1, state: 1 });
export const DeliveryModel = mongoose.model('NewsletterDelivery', newsletterDeliverySchema);
