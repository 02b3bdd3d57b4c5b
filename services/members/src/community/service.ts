import type { CommunityPost, CommunityPostInput } from '@coach/contracts';
import { addPostMilestones, countPost, type ProgressChange } from '../profile/service.ts';
import { CommunityPostModel } from './model.ts';

/** How many posts the feed shows, newest first. */
export const FEED_LIMIT = 200;

interface PostRow {
  _id: { toString(): string };
  userId: number;
  content: string;
  weeklyPrompt?: string | null;
  createdAt: Date;
}

const toPost = (row: PostRow): CommunityPost => ({
  id: row._id.toString(),
  userId: row.userId,
  content: row.content,
  ...(row.weeklyPrompt ? { prompt: row.weeklyPrompt } : {}),
  createdAt: row.createdAt.toISOString(),
});

export async function listFeed(): Promise<CommunityPost[]> {
  const rows = await CommunityPostModel.find().sort({ createdAt: -1, _id: -1 }).limit(FEED_LIMIT).lean<PostRow[]>();
  return rows.map(toPost);
}

/**
 * Stores a post and applies it to the author's progress and journey within the request.
 * MongoDB without a replica set has no multi-document transactions, so the progress write is
 * the one that decides: when it fails the post is taken back, and a post never exists without
 * being counted. Milestones are keyed per event, so writing them can never double one.
 */
export async function createPost(userId: number, input: CommunityPostInput, at = new Date()): Promise<CommunityPost> {
  const prompt = input.prompt ? input.prompt : undefined;
  const doc = await CommunityPostModel.create({
    userId,
    content: input.content,
    weeklyPrompt: prompt,
    createdAt: at,
    updatedAt: at,
  });
  const id = doc._id.toString();
  let change: ProgressChange;
  try {
    change = await countPost(userId, { reflection: prompt !== undefined }, at);
  } catch (err) {
    await CommunityPostModel.deleteOne({ _id: doc._id });
    throw err;
  }
  await addPostMilestones(userId, change, { id, prompt }, at);
  return toPost(doc.toObject() as PostRow);
}

export async function deletePostsOf(userId: number): Promise<void> {
  await CommunityPostModel.deleteMany({ userId });
}
