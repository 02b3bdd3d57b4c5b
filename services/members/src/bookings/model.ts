import { BOOKING_PROVIDERS, BOOKING_STATUSES } from '@coach/contracts';
import mongoose from 'mongoose';

/**
 * One coaching session booked on an external page. `ids` holds every booking id the provider gave
 * it: a reschedule adds the new booking's id to the same session, so it stays one session.
 */
const bookingSchema = new mongoose.Schema(
  {
    provider: { type: String, enum: BOOKING_PROVIDERS, required: true },
    ids: { type: [String], required: true },
    status: { type: String, enum: BOOKING_STATUSES, required: true, default: 'booked' },
    /** The member it was matched to (by the link's reference, else her account's e-mail); absent: a lead. */
    userId: { type: Number },
    email: { type: String, maxlength: 254 },
    name: { type: String, maxlength: 500 },
    eventName: { type: String, maxlength: 500 },
    startTime: { type: Date },
    endTime: { type: Date },
    timeZone: { type: String, maxlength: 100 },
    joinUrl: { type: String, maxlength: 500 },
    /** The provider's time of the delivery whose details are shown: an older one changes nothing. */
    detailsAt: { type: Date },
    /** The start time the member was reminded of: a session moved later is reminded of again. */
    remindedFor: { type: Date },
    createdAt: { type: Date, default: Date.now },
    updatedAt: { type: Date, default: Date.now },
  },
  { collection: 'bookings', versionKey: false },
);
bookingSchema.index({ ids: 1 }, { unique: true });
bookingSchema.index({ userId: 1, status: 1, startTime: 1 }, { sparse: true });
export const BookingModel = mongoose.model('Booking', bookingSchema);
