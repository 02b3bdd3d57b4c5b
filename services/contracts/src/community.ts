import { idCursorSchema } from './paging.ts';
import { REPORT_REASONS, type ReportReason } from './reportReasons.ts';
import { z } from './zod.ts';

/** The text of a post or a reply in the Sacred Circle. */
const circleText = z
  .string({ error: 'Content is required' })
  .trim()
  .min(1, 'Content is required')
  .max(2000, 'Content must be at most 2000 characters');

export const communityPostInputSchema = z.strictObject({
  content: circleText,
  prompt: z.string().trim().max(255).optional(),
});
export type CommunityPostInput = z.infer<typeof communityPostInputSchema>;

/** A post as members read it: likes are counted once per member, replies are the visible ones. */
export const communityPostSchema = z.object({
  id: z.string(),
  userId: z.number().int(),
  content: z.string(),
  prompt: z.string().optional(),
  createdAt: z.string(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  replyCount: z.number().int(),
});
export type CommunityPost = z.infer<typeof communityPostSchema>;

/** Posts on one page of the feed (GET /api/community/posts, newest first). */
export const COMMUNITY_PAGE_SIZE = 20;

/** Query of the feed: the page after the post `cursor` names (the last post of the page before). */
export const communityFeedQuerySchema = z.object({ cursor: idCursorSchema.optional() });

/** The Circle at a glance (GET /api/community/stats): the posts members see, and the member's own among them. */
export const communityStatsSchema = z.object({ totalPosts: z.number().int(), yourPosts: z.number().int() });
export type CommunityStats = z.infer<typeof communityStatsSchema>;

export const weeklyPromptSchema = z.object({ prompt: z.string() });

export const communityReplyInputSchema = z.strictObject({ content: circleText });
export type CommunityReplyInput = z.infer<typeof communityReplyInputSchema>;

export const communityReplySchema = z.object({
  id: z.string(),
  postId: z.string(),
  userId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
});
export type CommunityReply = z.infer<typeof communityReplySchema>;

/** The answer to a like or an unlike: the member's state and the post's count after it. */
export const likeStateSchema = z.object({ likedByMe: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;

const reportReasonSchema = z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]], {
  error: 'Choose a reason',
});

export const reportInputSchema = z.strictObject({ reason: reportReasonSchema });
export type ReportInput = z.infer<typeof reportInputSchema>;

export const CIRCLE_ITEM_KINDS = ['post', 'reply'] as const;
export type CircleItemKind = (typeof CIRCLE_ITEM_KINDS)[number];

/** The admin's view of a post or a reply: every one, hidden or not, with its open reports. */
export const moderatedItemSchema = z.object({
  kind: z.enum(CIRCLE_ITEM_KINDS),
  id: z.string(),
  postId: z.string(),
  userId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  hidden: z.boolean(),
  openReports: z.number().int(),
  reasons: z.array(reportReasonSchema),
  lastReportedAt: z.string().nullable(),
});
export type ModeratedItem = z.infer<typeof moderatedItemSchema>;

export const moderationQuerySchema = z.strictObject({
  view: z.enum(['reported', 'recent']).default('reported'),
});

export const moderationTargetSchema = z.strictObject({
  kind: z.enum(CIRCLE_ITEM_KINDS, { error: 'Unknown kind' }),
  id: z.string().regex(/^[a-f0-9]{24}$/, 'Invalid id'),
});

export const hideInputSchema = z.strictObject({ hidden: z.boolean({ error: 'hidden must be true or false' }) });
