import mongoose from 'mongoose';

/** razorpay_events: every webhook delivery by its event id; a repeat is processed no further once it has been. */
const eventSchema = new mongoose.Schema(
  {
    _id: { type: String },
    event: { type: String, required: true },
    orderId: { type: String },
    /** False while its order is unknown here: the reconciler tries again. */
    processed: { type: Boolean, default: false },
    payload: { type: String, required: true },
    receivedAt: { type: Date, default: Date.now, expires: 90 * 24 * 3600 },
  },
  { collection: 'razorpay_events', versionKey: false },
);
eventSchema.index({ processed: 1, receivedAt: 1 });
export const RazorpayEventModel = mongoose.model('RazorpayEvent', eventSchema);
