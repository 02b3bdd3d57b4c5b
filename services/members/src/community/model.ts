import mongoose from 'mongoose';

const { ObjectId } = mongoose.Schema.Types;

/**
 * community_posts: a member's post in the Sacred Circle; weeklyPrompt marks a reflection.
 * likeCount and replyCount are recounted from their collections after each change, so a lost
 * write can never leave them wrong for long. A hidden post is seen by the coach only.
 */
const communityPostSchema = new mongoose.Schema(
  {
    userId: { type: Number, required: true },
    content: { type: String, required: true, maxlength: 2000 },
    weeklyPrompt: { type: String, maxlength: 255 },
    likeCount: { type: Number, default: 0 },
    replyCount: { type: Number, default: 0 },
    hidden: { type: Boolean, default: false },
    /** The Idempotency-Key it was sent with, so a resend that outlived its answer stores nothing. */
    idempotencyKey: { type: String },
  },
  { collection: 'community_posts', versionKey: false, timestamps: true },
);
// The feed's order and cursor (newest first, the id breaking ties), and the counts of the
// visible posts, all and a member's, read from the indexes alone.
communityPostSchema.index({ createdAt: -1, _id: -1 });
communityPostSchema.index({ hidden: 1 });
communityPostSchema.index({ userId: 1, hidden: 1 });
communityPostSchema.index({ idempotencyKey: 1 }, { unique: true, sparse: true });
export const CommunityPostModel = mongoose.model('CommunityPost', communityPostSchema);

/** community_replies: the thread under a post, oldest first. */
const communityReplySchema = new mongoose.Schema(
  {
    postId: { type: ObjectId, required: true },
    userId: { type: Number, required: true, index: true },
    content: { type: String, required: true, maxlength: 2000 },
    hidden: { type: Boolean, default: false },
  },
  { collection: 'community_replies', versionKey: false, timestamps: true },
);
communityReplySchema.index({ postId: 1, createdAt: 1 });
export const CommunityReplyModel = mongoose.model('CommunityReply', communityReplySchema);

/** community_likes: one row per (post, member), so a member's like counts once. */
const communityLikeSchema = new mongoose.Schema(
  {
    postId: { type: ObjectId, required: true },
    userId: { type: Number, required: true },
  },
  { collection: 'community_likes', versionKey: false, timestamps: { createdAt: true, updatedAt: false } },
);
communityLikeSchema.index({ postId: 1, userId: 1 }, { unique: true });
communityLikeSchema.index({ userId: 1 });
export const CommunityLikeModel = mongoose.model('CommunityLike', communityLikeSchema);

/**
 * community_reports: a member's report of a post or a reply, one per (item, member). Open until
 * the coach hides, deletes or dismisses the item.
 */
const communityReportSchema = new mongoose.Schema(
  {
    kind: { type: String, enum: ['post', 'reply'], required: true },
    targetId: { type: ObjectId, required: true },
    postId: { type: ObjectId, required: true },
    userId: { type: Number, required: true },
    reason: { type: String, required: true },
    open: { type: Boolean, default: true },
  },
  { collection: 'community_reports', versionKey: false, timestamps: true },
);
communityReportSchema.index({ targetId: 1, userId: 1 }, { unique: true });
communityReportSchema.index({ open: 1, updatedAt: -1 });
export const CommunityReportModel = mongoose.model('CommunityReport', communityReportSchema);
