import mongoose from 'mongoose';

/**
 * One address that asked for the free guide: its confirmation links (double opt-in, as the
 * newsletter's), when it first confirmed (took the guide), and the newsletter consent it gave.
 */
const guideRequestSchema = new mongoose.Schema(
  {
    email: { type: String, required: true, unique: true, maxlength: 254 },
    requestedAt: { type: Date, default: Date.now },
    /** SHA-256 of the latest link's token; the token itself travels only in the e-mail. */
    confirmTokenHash: { type: String },
    /** SHA-256 of the latest links' tokens: any of them works until `confirmExpiresAt`. */
    confirmTokenHashes: { type: [String], default: undefined },
    confirmExpiresAt: { type: Date },
    /** The latest link's token while its e-mail waits to be queued (outbox/sources.ts). */
    pendingConfirmToken: { type: String },
    /** The Idempotency-Key of the request that issued the latest link. */
    confirmRequestKey: { type: String },
    eventPending: { type: Boolean },
    /** The latest request ticked the newsletter box: these words, at this time. Applied on confirmation. */
    newsletterAsked: { type: { _id: false, wording: String, at: Date }, default: undefined },
    confirmedAt: { type: Date },
    /** The consent that joined the newsletter: the box's words, when it was ticked and when confirmed. */
    newsletterConsent: { type: { _id: false, wording: String, askedAt: Date, confirmedAt: Date }, default: undefined },
  },
  { collection: 'guide_requests', versionKey: false },
);
guideRequestSchema.index({ confirmTokenHashes: 1 }, { sparse: true });
guideRequestSchema.index({ eventPending: 1 }, { sparse: true });
export const GuideRequestModel = mongoose.model('GuideRequest', guideRequestSchema);
