import {
  COMMUNITY_PAGE_SIZE,
  type CommunityPost,
  type CommunityPostInput,
  type CommunityReply,
  type CommunityReplyInput,
  type CommunityStats,
  type LikeState,
} from '@coach/contracts';
import {
  afterCursor,
  excerptOf,
  HttpError,
  isDuplicateKey,
  listPageOf,
  nullIfDuplicate,
  type ListPage,
} from '@coach/kit';
import mongoose from 'mongoose';
import { addPostMilestones, countPost, type ProgressChange } from '../profile/service.ts';
import { CommunityLikeModel, CommunityPostModel, CommunityReplyModel, CommunityReportModel } from './model.ts';
import { isReflectionPrompt } from './prompts.ts';

/** How many replies a thread shows. */
export const THREAD_LIMIT = 500;

/** Who asks: a member acts on their own posts and replies, the coach on any. */
export interface Actor {
  userId: number;
  admin: boolean;
}

interface PostRow {
  _id: mongoose.Types.ObjectId;
  userId: number;
  content: string;
  weeklyPrompt?: string | null;
  createdAt: Date;
  likeCount?: number;
  replyCount?: number;
  hidden?: boolean;
}

interface ReplyRow {
  _id: mongoose.Types.ObjectId;
  postId: mongoose.Types.ObjectId;
  userId: number;
  content: string;
  createdAt: Date;
  hidden?: boolean;
}

const toPost = (row: PostRow, likedByMe: boolean): CommunityPost => ({
  id: row._id.toString(),
  userId: row.userId,
  content: row.content,
  ...(row.weeklyPrompt ? { prompt: row.weeklyPrompt } : {}),
  createdAt: row.createdAt.toISOString(),
  likeCount: row.likeCount ?? 0,
  likedByMe,
  replyCount: row.replyCount ?? 0,
});

export const toReply = (row: ReplyRow): CommunityReply => ({
  id: row._id.toString(),
  postId: row.postId.toString(),
  userId: row.userId,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Filters members see through: not hidden by the coach (rows from before hiding existed have
 * no flag). Operators in filters are marked trusted, since queries are sanitised by default.
 */
export const NOT_HIDDEN = { hidden: mongoose.trusted({ $ne: true }) };
export const anyOf = (values: unknown[]) => mongoose.trusted({ $in: values });

const NOT_FOUND = { post: 'Post not found', reply: 'Reply not found' } as const;
export const NOT_WEEKLY_PROMPT =
  "This reflection's prompt is not the weekly prompt. Please reload the page and try again.";

/** A post members can see (not hidden by the coach), or 404. */
export async function visiblePost(id: string): Promise<PostRow> {
  const post = await CommunityPostModel.findOne({ _id: id, ...NOT_HIDDEN }).lean<PostRow>();
  if (!post) throw new HttpError(404, NOT_FOUND.post);
  return post;
}

/**
 * One page of the feed, newest first: the first, or the one after the post `cursor` names (the
 * last of the page before, a post members see). Posts shared meanwhile come before the first
 * page, so the pages after it neither repeat nor skip one.
 */
export async function listFeed(viewerId: number, cursor?: string): Promise<ListPage<CommunityPost>> {
  const after = await afterCursor(CommunityPostModel, cursor, 'createdAt', NOT_HIDDEN);
  const page = await listPageOf(
    CommunityPostModel.find({ ...NOT_HIDDEN, ...after })
      .sort({ createdAt: -1, _id: -1 })
      .limit(COMMUNITY_PAGE_SIZE + 1)
      .lean<PostRow[]>(),
    COMMUNITY_PAGE_SIZE,
  );
  const liked = await CommunityLikeModel.find(
    { userId: viewerId, postId: anyOf(page.items.map((r) => r._id)) },
    { postId: 1 },
  ).lean<Array<{ postId: mongoose.Types.ObjectId }>>();
  const likedIds = new Set(liked.map((l) => l.postId.toString()));
  return { items: page.items.map((row) => toPost(row, likedIds.has(row._id.toString()))), next: page.next };
}

/** The posts members see, all of them and the viewer's own, counted in the indexes. */
export async function circleStats(viewerId: number): Promise<CommunityStats> {
  const [totalPosts, yourPosts] = await Promise.all([
    CommunityPostModel.countDocuments(NOT_HIDDEN),
    CommunityPostModel.countDocuments({ userId: viewerId, ...NOT_HIDDEN }),
  ]);
  return { totalPosts, yourPosts };
}

/**
 * Stores a post and applies it to the author's progress and journey within the request.
 * MongoDB without a replica set has no multi-document transactions, so the progress write is
 * the one that decides: when it fails the post is taken back, and a post never exists without
 * being counted. Milestones are keyed per event, so writing them can never double one.
 */
export async function createPost(
  userId: number,
  input: CommunityPostInput,
  at = new Date(),
  idempotencyKey?: string,
): Promise<CommunityPost> {
  const prompt = input.prompt ? input.prompt : undefined;
  if (prompt !== undefined && !isReflectionPrompt(prompt, at)) throw new HttpError(400, NOT_WEEKLY_PROMPT);
  const doc = await CommunityPostModel.create({
    userId,
    content: input.content,
    weeklyPrompt: prompt,
    idempotencyKey,
    createdAt: at,
    updatedAt: at,
  }).catch((err: unknown) => {
    // Stored (and counted) already by an earlier try with this key that ended before its answer.
    if (!isDuplicateKey(err) || !idempotencyKey) throw err;
    return null;
  });
  if (!doc) {
    const stored = await CommunityPostModel.findOne({ idempotencyKey }).lean<PostRow>();
    if (!stored) throw new Error('a post stored under this Idempotency-Key is gone');
    return toPost(stored, false);
  }
  const id = doc._id.toString();
  let change: ProgressChange;
  try {
    change = await countPost(userId, { reflection: prompt !== undefined }, at);
  } catch (err) {
    await CommunityPostModel.deleteOne({ _id: doc._id });
    throw err;
  }
  await addPostMilestones(userId, change, { id, prompt }, at);
  return toPost(doc.toObject() as PostRow, false);
}

/** Counts are recounted from the rows they count, so a retry or a race leaves them exact. */
async function recountLikes(postId: mongoose.Types.ObjectId): Promise<number> {
  const likeCount = await CommunityLikeModel.countDocuments({ postId });
  await CommunityPostModel.updateOne({ _id: postId }, { $set: { likeCount } }, { timestamps: false });
  return likeCount;
}

export async function recountReplies(postId: mongoose.Types.ObjectId): Promise<void> {
  const replyCount = await CommunityReplyModel.countDocuments({ postId, ...NOT_HIDDEN });
  await CommunityPostModel.updateOne({ _id: postId }, { $set: { replyCount } }, { timestamps: false });
}

/** A member's like counts once however often it is sent; unliking twice is as once. */
export async function setLike(postId: string, userId: number, liked: boolean): Promise<LikeState> {
  const post = await visiblePost(postId);
  if (liked) {
    await CommunityLikeModel.updateOne(
      { postId: post._id, userId },
      { $setOnInsert: { postId: post._id, userId } },
      { upsert: true },
    ).catch(nullIfDuplicate); // the same like sent twice at once
  } else {
    await CommunityLikeModel.deleteOne({ postId: post._id, userId });
  }
  return { likedByMe: liked, likeCount: await recountLikes(post._id) };
}

export async function listReplies(postId: string): Promise<CommunityReply[]> {
  const post = await visiblePost(postId);
  const rows = await CommunityReplyModel.find({ postId: post._id, ...NOT_HIDDEN })
    .sort({ createdAt: 1, _id: 1 })
    .limit(THREAD_LIMIT)
    .lean<ReplyRow[]>();
  return rows.map(toReply);
}

/** What a stored reply tells its post's author (when the replier is someone else). */
export type ReplyNotice = (notice: { replyId: string; postId: string; postAuthorId: number; excerpt: string }) => void;

export async function addReply(
  postId: string,
  userId: number,
  input: CommunityReplyInput,
  notify: ReplyNotice,
): Promise<CommunityReply> {
  const post = await visiblePost(postId);
  const doc = await CommunityReplyModel.create({ postId: post._id, userId, content: input.content });
  await recountReplies(post._id);
  const reply = toReply(doc.toObject() as ReplyRow);
  if (post.userId !== userId)
    notify({
      replyId: reply.id,
      postId: post._id.toString(),
      postAuthorId: post.userId,
      excerpt: excerptOf(input.content),
    });
  return reply;
}

function mayChange(actor: Actor, authorId: number, kind: 'post' | 'reply', hidden: boolean | undefined) {
  if (actor.admin) return;
  // A member does not learn that a hidden item exists.
  if (hidden) throw new HttpError(404, NOT_FOUND[kind]);
  if (authorId !== actor.userId)
    throw new HttpError(403, `You can only delete your own ${kind === 'post' ? 'posts' : 'replies'}`);
}

/**
 * Deletes a post with its thread, likes and reports. What hangs off the post goes first, so a
 * crash half-way leaves the post in place and a second delete finishes the work.
 */
export async function deletePost(id: string, actor: Actor): Promise<void> {
  const post = await CommunityPostModel.findById(id).lean<PostRow>();
  if (!post) throw new HttpError(404, NOT_FOUND.post);
  mayChange(actor, post.userId, 'post', post.hidden);
  await Promise.all([
    CommunityReplyModel.deleteMany({ postId: post._id }),
    CommunityLikeModel.deleteMany({ postId: post._id }),
    CommunityReportModel.deleteMany({ postId: post._id }),
  ]);
  await CommunityPostModel.deleteOne({ _id: post._id });
}

export async function deleteReply(id: string, actor: Actor): Promise<void> {
  const reply = await CommunityReplyModel.findById(id).lean<ReplyRow>();
  if (!reply) throw new HttpError(404, NOT_FOUND.reply);
  mayChange(actor, reply.userId, 'reply', reply.hidden);
  await CommunityReportModel.deleteMany({ targetId: reply._id });
  await CommunityReplyModel.deleteOne({ _id: reply._id });
  await recountReplies(reply.postId);
}

/** A deleted account leaves nothing of its own in the Circle, and the counts it touched are redone. */
export async function deletePostsOf(userId: number): Promise<void> {
  const posts = await CommunityPostModel.find({ userId }, { _id: 1 }).lean<Array<{ _id: mongoose.Types.ObjectId }>>();
  for (const post of posts) await deletePost(post._id.toString(), { userId, admin: true });
  const touched = new Set<string>();
  for (const row of await CommunityReplyModel.find({ userId }, { postId: 1 }).lean<ReplyRow[]>())
    touched.add(row.postId.toString());
  for (const row of await CommunityLikeModel.find({ userId }, { postId: 1 }).lean<ReplyRow[]>())
    touched.add(row.postId.toString());
  const replies = await CommunityReplyModel.find({ userId }, { _id: 1 }).lean<ReplyRow[]>();
  await CommunityReportModel.deleteMany({ $or: [{ userId }, { targetId: anyOf(replies.map((r) => r._id)) }] });
  await Promise.all([CommunityReplyModel.deleteMany({ userId }), CommunityLikeModel.deleteMany({ userId })]);
  for (const id of touched) {
    const postId = new mongoose.Types.ObjectId(id);
    await Promise.all([recountReplies(postId), recountLikes(postId)]);
  }
}
