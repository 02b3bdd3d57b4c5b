import mongoose from 'mongoose';

/** Raw events are kept this long, then MongoDB removes them (the daily figures stay). */
export const RAW_EVENTS_DAYS = 90;

/**
 * One page view or event, as counted: no address, no visitor hash, no cookie; the page, where the
 * visitor came from (the referrer's host and UTM tags), the device class, and for a conversion the
 * post it is counted for.
 */
const insightEventSchema = new mongoose.Schema(
  {
    at: { type: Date, required: true },
    /** The UTC day, YYYY-MM-DD. */
    day: { type: String, required: true },
    type: { type: String, required: true },
    path: { type: String },
    post: { type: String },
    source: { type: String },
    utmMedium: { type: String },
    utmCampaign: { type: String },
    device: { type: String },
    /** A purchase's id: counted once, from the site's own records. */
    purchaseId: { type: String },
  },
  { collection: 'insight_events', versionKey: false },
);
insightEventSchema.index({ purchaseId: 1 }, { unique: true, sparse: true });
insightEventSchema.index({ at: 1 }, { expireAfterSeconds: RAW_EVENTS_DAYS * 24 * 3600 });
// A day's figures are counted from this index alone (service.ts, figuresOf), never from the events.
insightEventSchema.index({ day: 1, type: 1, path: 1, source: 1, device: 1, post: 1 });
export const InsightEventModel = mongoose.model('InsightEvent', insightEventSchema);

const countedSchema = new mongoose.Schema({ key: String, count: Number }, { _id: false });
/** A finished day's figures, kept for good. */
const insightDaySchema = new mongoose.Schema(
  {
    _id: { type: String },
    visitors: { type: Number, required: true },
    views: { type: Number, required: true },
    pages: [countedSchema],
    posts: [countedSchema],
    sources: [countedSchema],
    devices: [countedSchema],
    conversions: [countedSchema],
    /** key: `<post> <conversion>` */
    postConversions: [countedSchema],
  },
  { collection: 'insight_days', versionKey: false },
);
export const InsightDayModel = mongoose.model('InsightDay', insightDaySchema);

/** The coach's choice: the weekly e-mail of the figures (on unless she turns it off). */
const insightSettingsSchema = new mongoose.Schema(
  { _id: { type: String }, weeklyEmail: { type: Boolean, required: true } },
  { collection: 'insight_settings', versionKey: false },
);
export const InsightSettingsModel = mongoose.model('InsightSettings', insightSettingsSchema);
