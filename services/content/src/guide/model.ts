import mongoose from 'mongoose';
import { confirmationLinkFields, indexConfirmationLinks } from '../confirmation-links/links.ts';

/**
 * One address that asked for the free guide: its confirmation links (double opt-in, as the
 * newsletter's), when it first confirmed (took the guide), and the newsletter consent it gave.
 */
const guideRequestSchema = new mongoose.Schema(
  {
    email: { type: String, required: true, unique: true, maxlength: 254 },
    requestedAt: { type: Date, default: Date.now },
    ...confirmationLinkFields,
    /** The latest request ticked the newsletter box: these words, at this time. Applied on confirmation. */
    newsletterAsked: { type: { _id: false, wording: String, at: Date }, default: undefined },
    confirmedAt: { type: Date },
    /** The consent that joined the newsletter: the box's words, when it was ticked and when confirmed. */
    newsletterConsent: { type: { _id: false, wording: String, askedAt: Date, confirmedAt: Date }, default: undefined },
  },
  { collection: 'guide_requests', versionKey: false },
);
indexConfirmationLinks(guideRequestSchema);
export const GuideRequestModel = mongoose.model('GuideRequest', guideRequestSchema);
