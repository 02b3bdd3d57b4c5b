import type { CircleItemKind, ModeratedItem, ReportReason } from '@coach/contracts';
import { HttpError, nullIfDuplicate } from '@coach/kit';
import type mongoose from 'mongoose';
import { CommunityPostModel, CommunityReplyModel, CommunityReportModel } from './model.ts';
import { anyOf, recountReplies, visiblePost } from './service.ts';

/** How many items the coach's moderation lists show at once. */
export const MODERATION_LIMIT = 100;

interface ItemRow {
  _id: mongoose.Types.ObjectId;
  postId?: mongoose.Types.ObjectId;
  userId: number;
  content: string;
  createdAt: Date;
  hidden?: boolean;
}

interface OpenReports {
  _id: mongoose.Types.ObjectId;
  count: number;
  reasons: ReportReason[];
  last: Date;
}

const modelOf = (kind: CircleItemKind) => (kind === 'post' ? CommunityPostModel : CommunityReplyModel);

async function findItem(kind: CircleItemKind, id: string): Promise<ItemRow> {
  const row = await (modelOf(kind) as typeof CommunityReplyModel).findById(id).lean<ItemRow>();
  if (!row) throw new HttpError(404, kind === 'post' ? 'Post not found' : 'Reply not found');
  return row;
}

/**
 * A member reports a visible post or reply once; reporting again changes the reason only. A
 * member's own words are theirs to delete, not to report.
 */
export async function report(kind: CircleItemKind, id: string, userId: number, reason: ReportReason): Promise<void> {
  const item = await findItem(kind, id);
  const postId = item.postId ?? item._id;
  if (item.hidden) throw new HttpError(404, kind === 'post' ? 'Post not found' : 'Reply not found');
  await visiblePost(postId.toString());
  if (item.userId === userId) throw new HttpError(400, `You cannot report your own ${kind}`);
  await CommunityReportModel.updateOne(
    { targetId: item._id, userId },
    { $set: { reason, open: true }, $setOnInsert: { kind, targetId: item._id, postId, userId } },
    { upsert: true },
  ).catch(nullIfDuplicate); // the same report sent twice at once
}

function toItem(kind: CircleItemKind, row: ItemRow, reports: OpenReports | undefined): ModeratedItem {
  return {
    kind,
    id: row._id.toString(),
    postId: (row.postId ?? row._id).toString(),
    userId: row.userId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    hidden: row.hidden ?? false,
    openReports: reports?.count ?? 0,
    reasons: reports ? [...new Set(reports.reasons)] : [],
    lastReportedAt: reports?.last.toISOString() ?? null,
  };
}

async function openReportsOf(targetIds?: mongoose.Types.ObjectId[]): Promise<OpenReports[]> {
  return CommunityReportModel.aggregate<OpenReports>([
    { $match: { open: true, ...(targetIds ? { targetId: { $in: targetIds } } : {}) } },
    { $group: { _id: '$targetId', count: { $sum: 1 }, reasons: { $push: '$reason' }, last: { $max: '$updatedAt' } } },
    { $sort: { last: -1 } },
    { $limit: MODERATION_LIMIT },
  ]);
}

/**
 * The coach's moderation lists: `reported` (items with open reports, the most recently reported
 * first) or `recent` (the newest posts and replies, hidden ones included).
 */
export async function moderationList(view: 'reported' | 'recent'): Promise<ModeratedItem[]> {
  if (view === 'reported') {
    const groups = await openReportsOf();
    const ids = groups.map((g) => g._id);
    const [posts, replies] = await Promise.all([
      CommunityPostModel.find({ _id: anyOf(ids) }).lean<ItemRow[]>(),
      CommunityReplyModel.find({ _id: anyOf(ids) }).lean<ItemRow[]>(),
    ]);
    const rows = new Map<string, [CircleItemKind, ItemRow]>([
      ...posts.map((row): [string, [CircleItemKind, ItemRow]] => [row._id.toString(), ['post', row]]),
      ...replies.map((row): [string, [CircleItemKind, ItemRow]] => [row._id.toString(), ['reply', row]]),
    ]);
    return groups.flatMap((group) => {
      const found = rows.get(group._id.toString());
      return found ? [toItem(found[0], found[1], group)] : [];
    });
  }
  const [posts, replies] = await Promise.all([
    CommunityPostModel.find().sort({ createdAt: -1 }).limit(MODERATION_LIMIT).lean<ItemRow[]>(),
    CommunityReplyModel.find().sort({ createdAt: -1 }).limit(MODERATION_LIMIT).lean<ItemRow[]>(),
  ]);
  const reports = new Map(
    (await openReportsOf([...posts, ...replies].map((r) => r._id))).map((g) => [g._id.toString(), g]),
  );
  return [
    ...posts.map((row) => toItem('post', row, reports.get(row._id.toString()))),
    ...replies.map((row) => toItem('reply', row, reports.get(row._id.toString()))),
  ]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, MODERATION_LIMIT);
}

/** Hiding takes an item out of members' sight and settles its reports; showing it again does not reopen them. */
export async function setHidden(kind: CircleItemKind, id: string, hidden: boolean): Promise<void> {
  const item = await findItem(kind, id);
  await (modelOf(kind) as typeof CommunityReplyModel).updateOne({ _id: item._id }, { $set: { hidden } });
  if (hidden) await closeReports(item._id);
  if (item.postId) await recountReplies(item.postId);
}

/** The coach read the reports and leaves the item as it is. */
export async function dismissReports(kind: CircleItemKind, id: string): Promise<void> {
  const item = await findItem(kind, id);
  await closeReports(item._id);
}

async function closeReports(targetId: mongoose.Types.ObjectId): Promise<void> {
  await CommunityReportModel.updateMany({ targetId, open: true }, { $set: { open: false } });
}
