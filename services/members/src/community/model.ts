import mongoose from 'mongoose';

/** community_posts: a member's post in the Sacred Circle; weeklyPrompt marks a reflection. */
const communityPostSchema = new mongoose.Schema(
  {
    userId: { type: Number, required: true, index: true },
    content: { type: String, required: true, maxlength: 2000 },
    weeklyPrompt: { type: String, maxlength: 255 },
  },
  { collection: 'community_posts', versionKey: false, timestamps: true },
);
communityPostSchema.index({ createdAt: -1 });
export const CommunityPostModel = mongoose.model('CommunityPost', communityPostSchema);
