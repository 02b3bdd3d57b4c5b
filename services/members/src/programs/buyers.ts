import { escapeRegExp } from '@coach/kit';
import { isProgramId, type ProgramId } from '@coach/site-rules';
import mongoose from 'mongoose';
import { completedPurchasesOf, PAID_STATUSES, PurchaseModel } from '../checkout/models/purchase.ts';

const { trusted } = mongoose;

/**
 * The one place this folder and its readers (the client's space, the coach's clients) read
 * purchases: a program is hers while a completed purchase of it is in her account (claimed, if
 * she bought it as a visitor; checkout's completedPurchasesOf). A purchase refunded in full, or
 * still pending, opens nothing. The coach's lists read the same rule across all clients.
 */
const bought = { status: 'completed', programId: trusted({ $exists: true }), userId: trusted({ $exists: true }) };

export interface ProgramPurchase {
  purchaseId: string;
  userId: number;
  programId: ProgramId;
  completedAt: Date;
}

const shape = (p: {
  _id: unknown;
  userId?: number | null;
  programId?: string | null;
  completedAt?: Date | null;
  createdAt: Date;
}) =>
  ({
    purchaseId: String(p._id),
    userId: p.userId!,
    programId: p.programId as ProgramId,
    completedAt: p.completedAt ?? p.createdAt,
  }) satisfies ProgramPurchase;

/** Her programs, one per program (the first purchase of each), in the order she bought them. */
export async function programsBoughtBy(userId: number): Promise<ProgramPurchase[]> {
  const rows = (await completedPurchasesOf(userId)).reverse();
  const seen = new Set<string>();
  return rows
    .filter((p) => p.programId && isProgramId(p.programId) && !seen.has(p.programId) && seen.add(p.programId))
    .map(shape);
}

/** Whether she holds the program. */
export const hasBought = async (userId: number, programId: string): Promise<boolean> =>
  (await programsBoughtBy(userId)).some((p) => p.programId === programId);

/** How many clients hold the program. */
export const buyersOf = async (programId: string): Promise<number> =>
  (await PurchaseModel.distinct('userId', { ...bought, programId })).length;

/** A completed purchase by its id, when it is of a program of the price list. */
export async function programPurchase(purchaseId: string) {
  if (!mongoose.isValidObjectId(purchaseId)) return null;
  const p = await PurchaseModel.findOne(
    { _id: purchaseId, status: 'completed', programId: trusted({ $exists: true }) },
    { programId: 1, userId: 1, completedAt: 1, createdAt: 1, buyerEmail: 1 },
  ).lean();
  return p && isProgramId(p.programId!) ? { ...shape(p), userId: p.userId ?? null, email: p.buyerEmail ?? null } : null;
}

/**
 * Whether a completed purchase is its buyer's first of the program (a monthly program's later
 * months are not): by her account, or by her e-mail while the purchase is a visitor's.
 */
export async function firstPurchaseOf(p: {
  purchaseId: string;
  programId: string;
  completedAt: Date;
  userId: number | null;
  email: string | null;
}) {
  const buyer = p.userId !== null ? { userId: p.userId } : { buyerEmail: p.email };
  const earlier = await PurchaseModel.exists({
    ...buyer,
    programId: p.programId,
    status: trusted({ $in: PAID_STATUSES }),
    _id: trusted({ $lt: new mongoose.Types.ObjectId(p.purchaseId) }),
  });
  return earlier === null;
}

/**
 * One page of clients (members holding a program), newest client first by account id, after
 * `cursor`; searched by name or e-mail. Read from purchases joined to accounts in one aggregation.
 */
export async function clientPage(query: { cursor?: string; q?: string }, size: number) {
  const words = query.q ? new RegExp(escapeRegExp(query.q), 'i') : undefined;
  const match = words ? { $or: [{ 'user.name': { $regex: words } }, { 'user.email': { $regex: words } }] } : {};
  const [rows, total] = await Promise.all([
    PurchaseModel.aggregate<{ _id: number; user: { name: string; email: string } }>([
      {
        $match: {
          status: 'completed',
          programId: { $exists: true },
          userId: { $exists: true, ...(query.cursor ? { $lt: Number(query.cursor) } : {}) },
        },
      },
      { $group: { _id: '$userId' } },
      { $sort: { _id: -1 } },
      { $lookup: { from: 'users', localField: '_id', foreignField: '_id', as: 'user' } },
      { $unwind: '$user' },
      { $match: match },
      { $limit: size + 1 },
      { $project: { 'user.name': 1, 'user.email': 1 } },
    ]),
    PurchaseModel.distinct('userId', bought).then((ids) => ids.length),
  ]);
  return { rows: rows.slice(0, size), next: rows.length > size ? String(rows[size - 1]!._id) : null, total };
}
