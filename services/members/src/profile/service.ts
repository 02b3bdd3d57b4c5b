import type { Milestone, Progress, Purchase } from '@coach/contracts';
import { levelTitle } from '@coach/site-rules';
import { HttpError, nullIfDuplicate } from '@coach/kit';
import { UserModel } from '../accounts/model.ts';
import { countedSessions, sessionMilestones } from '../bookings/service.ts';
import {
  applyPost,
  applyPurchase,
  COACHING_SESSION,
  currentStreakOn,
  EMPTY_PROGRESS,
  utcWeek,
  type ProgressState,
} from './growth.ts';
import { netPaid, PurchaseModel } from '../checkout/models/purchase.ts';
import { JourneyModel, ProgressModel } from './model.ts';

type MilestoneType = Milestone['milestoneType'];
interface MilestoneDraft {
  key: string;
  milestoneType: MilestoneType;
  title: string;
  description: string;
  metadata?: string;
  createdAt: Date;
}

/** Adds milestones; one whose key the user already has is left as it is. */
async function addMilestones(userId: number, drafts: MilestoneDraft[]): Promise<void> {
  if (drafts.length === 0) return;
  await JourneyModel.bulkWrite(
    drafts.map((draft) => ({
      updateOne: { filter: { userId, key: draft.key }, update: { $setOnInsert: { userId, ...draft } }, upsert: true },
    })),
    { ordered: false },
  ).catch(nullIfDuplicate); // the same milestone upserted concurrently: it exists once
}

/** Opens a new account's progress and its journey with the signup milestone. */
export async function startJourney(userId: number, memberSince: Date): Promise<void> {
  await ProgressModel.updateOne({ userId }, { $setOnInsert: { userId, memberSince } }, { upsert: true }).catch(
    nullIfDuplicate,
  );
  await addMilestones(userId, [
    {
      key: 'signup',
      milestoneType: 'signup',
      title: 'Joined the Journey',
      description: 'You stepped into the Sacred Circle. Every journey begins with a single, courageous step.',
      createdAt: memberSince,
    },
  ]);
}

const stateOf = (doc: Partial<ProgressState>): ProgressState => ({
  totalPosts: doc.totalPosts ?? 0,
  totalReflections: doc.totalReflections ?? 0,
  totalCoachingSessions: doc.totalCoachingSessions ?? 0,
  totalSpent: doc.totalSpent ?? 0,
  currentStreak: doc.currentStreak ?? 0,
  longestStreak: doc.longestStreak ?? 0,
  lastActivityDate: doc.lastActivityDate ?? null,
  spiritualLevel: doc.spiritualLevel ?? 1,
});

const MAX_ATTEMPTS = 100;

/**
 * Applies one change to a user's progress, race-free without a transaction: the new state is
 * computed from the document as read, and written only if no other change landed in between
 * (compare-and-set on `rev`); otherwise it is read and computed again. So every change is
 * applied exactly once, and each transition (first post, a new level) is seen by exactly one
 * writer, which records its milestone.
 */
async function updateProgress(
  userId: number,
  change: (state: ProgressState) => ProgressState,
): Promise<ProgressChange> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const doc = await ProgressModel.findOne({ userId }).lean();
    if (!doc) {
      const user = await UserModel.findById(userId, { createdAt: 1 }).lean();
      if (!user) throw new HttpError(401, 'Please sign in to continue');
      await startJourney(userId, user.createdAt);
      continue;
    }
    const before = stateOf(doc);
    const after = change(before);
    const { modifiedCount } = await ProgressModel.updateOne(
      // `null` also matches a document written before `rev` existed.
      { userId, rev: doc.rev ?? null },
      { $set: after, $inc: { rev: 1 } },
    );
    if (modifiedCount === 1) return { before, after };
    // Lost the race: back off a little (more after many losses) before trying again.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt, 20)));
  }
  throw new Error(`progress of user ${userId} is too contended`);
}

function levelMilestones(before: ProgressState, after: ProgressState, at: Date): MilestoneDraft[] {
  const drafts: MilestoneDraft[] = [];
  for (let level = before.spiritualLevel + 1; level <= after.spiritualLevel; level++) {
    drafts.push({
      key: `level_up:${level}`,
      milestoneType: 'level_up',
      title: `Reached Level ${level}: ${levelTitle(level)}`,
      description: `Your steady practice carried you to level ${level}. Pause to honour how far you have come.`,
      createdAt: at,
    });
  }
  return drafts;
}

export type ProgressChange = { before: ProgressState; after: ProgressState };

/** Counts a community post in its author's progress (the post itself is stored by community). */
export function countPost(userId: number, post: { reflection: boolean }, at: Date): Promise<ProgressChange> {
  return updateProgress(userId, (state) => applyPost(state, post, at));
}

/** The milestones a counted post reached: the first post, a weekly reflection, new levels. */
export async function addPostMilestones(
  userId: number,
  { before, after }: ProgressChange,
  post: { id: string; prompt?: string },
  at: Date,
): Promise<void> {
  const drafts: MilestoneDraft[] = [];
  if (before.totalPosts === 0) {
    drafts.push({
      key: 'first_post',
      milestoneType: 'first_post',
      title: 'First Post in the Sacred Circle',
      description: 'You shared your voice with the community for the first time.',
      metadata: JSON.stringify({ postId: post.id }),
      createdAt: at,
    });
  }
  if (post.prompt !== undefined) {
    drafts.push({
      key: `reflection:week-${utcWeek(at)}`,
      milestoneType: 'reflection',
      title: 'Shared a Weekly Reflection',
      description: post.prompt,
      metadata: JSON.stringify({ postId: post.id }),
      createdAt: at,
    });
  }
  await addMilestones(userId, [...drafts, ...levelMilestones(before, after, at)]);
}

export interface PurchaseInput {
  productName: string;
  productType: string;
  /** Minor units (paise). */
  amount: number;
  status?: string;
  sessionDate?: Date;
  notes?: string;
}

/** Stores a purchase and adds it to the buyer's progress (coaching sessions become milestones). */
export async function recordPurchase(userId: number, input: PurchaseInput, at: Date): Promise<void> {
  const purchase = await PurchaseModel.create({ userId, ...input, currency: 'INR', createdAt: at });
  const status = purchase.status ?? 'completed';
  let change: ProgressChange;
  try {
    change = await updateProgress(userId, (state) => applyPurchase(state, { ...input, status }));
  } catch (err) {
    await PurchaseModel.deleteOne({ _id: purchase._id });
    throw err;
  }
  const { before, after } = change;
  const drafts = levelMilestones(before, after, at);
  if (input.productType === COACHING_SESSION && status === 'completed') {
    drafts.unshift({
      key: `purchase:${purchase._id.toString()}`,
      milestoneType: 'coaching_session',
      title: `Coaching Session: ${input.productName}`,
      description: input.notes ?? 'A one-to-one session with your coach.',
      createdAt: input.sessionDate ?? at,
    });
  }
  await addMilestones(userId, drafts);
}

/**
 * A member's progress. Her coaching sessions are those the coach recorded as purchases and those
 * booked on the booking page that count (attended or booked), read as they stand now.
 */
export async function getProgress(userId: number, now: Date): Promise<Progress> {
  const [doc, booked, paid] = await Promise.all([
    ProgressModel.findOne({ userId }).lean(),
    countedSessions(userId),
    spentAtCheckout(userId),
  ]);
  const state = doc ? stateOf(doc) : EMPTY_PROGRESS;
  return {
    spiritualLevel: state.spiritualLevel,
    memberSince: doc?.memberSince ? doc.memberSince.toISOString() : null,
    totalReflections: state.totalReflections,
    totalPosts: state.totalPosts,
    currentStreak: currentStreakOn(state, now),
    longestStreak: state.longestStreak,
    totalCoachingSessions: state.totalCoachingSessions + booked,
    totalSpent: state.totalSpent + paid,
  };
}

/**
 * What a member has paid through the checkout or the coach's recorded sales (paise), net of
 * refunds, read as her purchases stand now: a refund heard before its capture, or a purchase
 * claimed later, is counted right whatever the order.
 */
const spentAtCheckout = (userId: number): Promise<number> =>
  netPaid({ userId, source: { $in: ['razorpay', 'manual'] } });

/** A member's milestones, newest first: those recorded, and one per booked session that counts. */
export async function listJourney(userId: number): Promise<Milestone[]> {
  const [rows, sessions] = await Promise.all([
    JourneyModel.find({ userId }).sort({ createdAt: -1, _id: -1 }).lean(),
    sessionMilestones(userId),
  ]);
  const recorded = rows.map((r) => ({
    id: r._id.toString(),
    milestoneType: r.milestoneType as MilestoneType,
    title: r.title,
    description: r.description ?? '',
    createdAt: r.createdAt.toISOString(),
  }));
  return [...recorded, ...sessions].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function listPurchases(userId: number): Promise<Purchase[]> {
  const rows = await PurchaseModel.find({ userId }).sort({ createdAt: -1, _id: -1 }).lean();
  return rows.map((r) => ({
    id: r._id.toString(),
    productName: r.productName,
    productType: r.productType,
    amount: r.amount,
    currency: r.currency ?? 'INR',
    status: r.status ?? 'completed',
    createdAt: r.createdAt.toISOString(),
    sessionDate: r.sessionDate ? r.sessionDate.toISOString() : null,
    notes: r.notes ?? null,
    programId: r.programId ?? null,
    amountRefunded: r.amountRefunded ?? 0,
    invoiceNumber: r.invoiceNumber ?? null,
    membership: r.razorpaySubscriptionId ? (r.subscriptionStatus === 'cancelled' ? 'cancelled' : 'active') : null,
  }));
}

/** Removes a user's progress, journey and purchases (their account is being deleted). */
export async function deleteProfileOf(userId: number): Promise<void> {
  await Promise.all([
    ProgressModel.deleteMany({ userId }),
    JourneyModel.deleteMany({ userId }),
    PurchaseModel.deleteMany({ userId }),
  ]);
}
