import {
  COUNTED_BOOKING_STATUSES,
  type AdminBooking,
  type AdminListQuery,
  type BookingStatus,
  type MemberSessions,
} from '@coach/contracts';
import { adminPage, retryOnDuplicateKey, type AdminPage } from '@coach/kit';
import mongoose, { type Types } from 'mongoose';
import { isProgramId, PROGRAM_PRICES, type ProgramId } from '@coach/site-rules';
import { UserModel } from '../accounts/model.ts';
import { PurchaseModel } from '../checkout/models/purchase.ts';
import { BookingModel } from './model.ts';
import type { MemberRefs } from './memberRef.ts';
import type { BookingChange } from './providers.ts';

const { trusted } = mongoose;

/** A later word on a session never undoes a weightier one: a canceled session stays canceled. */
const RANK: Record<BookingStatus, number> = { booked: 0, attended: 1, no_show: 2, canceled: 3 };
const STATUS_OF: Partial<Record<BookingChange['kind'], BookingStatus>> = {
  attended: 'attended',
  no_show: 'no_show',
  canceled: 'canceled',
};

/** What a delivery tells of a session, besides its ids and status. */
const DETAIL_FIELDS = ['email', 'name', 'eventName', 'startTime', 'endTime', 'timeZone', 'joinUrl'] as const;

type BookingRow = {
  _id: Types.ObjectId;
  ids: string[];
  status: BookingStatus;
  userId?: number;
  detailsAt?: Date;
  createdAt: Date;
} & Record<string, unknown>;

/** The member a booking names: by the link's member reference, else by her account's e-mail. */
async function memberOf(details: BookingChange['details'], refs: MemberRefs): Promise<number | undefined> {
  const byRef = refs.userIdOf(details.memberRef);
  if (byRef !== undefined && (await UserModel.exists({ _id: byRef }))) return byRef;
  if (!details.email) return undefined;
  const user = await UserModel.collection.findOne({ email: details.email }, { projection: { _id: 1 } });
  return user?._id as number | undefined;
}

/**
 * Two sessions that turn out to be one (a reschedule heard of after both halves were stored
 * apart) become the older of them: every id, the weightier status, the latest details.
 */
async function joinSessions(ids: string[]): Promise<void> {
  const rows = await BookingModel.find({ ids: trusted({ $in: ids }) })
    .sort({ createdAt: 1, _id: 1 })
    .lean<BookingRow[]>();
  if (rows.length < 2) return;
  const [keeper, ...others] = rows as [BookingRow, ...BookingRow[]];
  const latest = rows.reduce((a, b) => ((b.detailsAt ?? 0) > (a.detailsAt ?? 0) ? b : a));
  const status = rows.reduce((a, b) => (RANK[b.status] > RANK[a.status] ? b : a)).status;
  const details = Object.fromEntries(DETAIL_FIELDS.filter((f) => latest[f] !== undefined).map((f) => [f, latest[f]]));
  await BookingModel.deleteMany({ _id: trusted({ $in: others.map((r) => r._id) }) });
  await BookingModel.updateOne(
    { _id: keeper._id },
    {
      $set: {
        ...details,
        detailsAt: latest.detailsAt,
        status,
        userId: rows.find((r) => r.userId !== undefined)?.userId,
      },
      $addToSet: { ids: { $each: rows.flatMap((r) => r.ids) } },
    },
  );
}

/**
 * Applies one delivery to the session it is about, whatever order deliveries come in and however
 * often each comes: the session is found by any of its booking ids (or stored, so a cancellation
 * heard before its booking is not lost), its details are the latest delivery's, its status only
 * ever moves towards canceled, and the member it was matched to stays matched.
 */
export async function applyBookingChange(change: BookingChange, refs: MemberRefs): Promise<void> {
  const ids = [change.id, change.previousId, change.nextId].filter((id): id is string => id !== undefined);
  const details = Object.fromEntries(
    DETAIL_FIELDS.filter((f) => change.details[f] !== undefined).map((f) => [f, change.details[f]]),
  );
  const now = new Date();
  if (ids.length > 1) await joinSessions(ids);
  // The old half of a reschedule brings the old booking's details: they never replace the new one's.
  const detailsAt = change.kind === 'moved' ? new Date(0) : change.occurredAt;
  // The member is looked up while the session is stored: a provider's burst waits for one round trip,
  // not two. The store and the lookup by e-mail go to the driver itself (every value is typed by the
  // payload's parser), not through mongoose's casting: a burst of deliveries is where this service
  // spends its CPU.
  const [userId, row] = await Promise.all([
    memberOf(change.details, refs),
    retryOnDuplicateKey(
      () =>
        BookingModel.collection.findOneAndUpdate(
          // $elemMatch, not $in: an upsert would copy a one-id $in into the new row as a plain value.
          { ids: { $elemMatch: { $in: ids } } },
          {
            $addToSet: { ids: { $each: ids } },
            $setOnInsert: {
              provider: change.provider,
              status: 'booked',
              createdAt: now,
              updatedAt: now,
              ...details,
              detailsAt,
            },
          },
          { upsert: true, returnDocument: 'after', projection: { status: 1, userId: 1, detailsAt: 1 } },
        ) as Promise<BookingRow>,
    ),
  ]);
  const set: Record<string, unknown> = {};
  if (row.detailsAt && row.detailsAt < detailsAt) Object.assign(set, details, { detailsAt });
  if (userId !== undefined && row.userId === undefined) set.userId = userId;
  const status = STATUS_OF[change.kind];
  if (Object.keys(set).length > 0) {
    await BookingModel.updateOne(
      { _id: row._id, detailsAt: trusted({ $lt: detailsAt }) },
      { $set: { ...set, updatedAt: now } },
    );
    if (set.userId !== undefined)
      await BookingModel.updateOne({ _id: row._id, userId: trusted({ $exists: false }) }, { $set: { userId } });
  }
  if (status) {
    const weaker = (Object.keys(RANK) as BookingStatus[]).filter((s) => RANK[s] < RANK[status]);
    await BookingModel.updateOne(
      { _id: row._id, status: trusted({ $in: weaker }) },
      { $set: { status, updatedAt: now } },
    );
  }
}

const counted = (userId: number) => ({ userId, status: trusted({ $in: COUNTED_BOOKING_STATUSES }) });

/** How many of a member's sessions count: attended, and booked (upcoming, or past without word). */
export const countedSessions = (userId: number): Promise<number> => BookingModel.countDocuments(counted(userId));

/** A member's sessions for her profile: the counts and her next session. */
export async function memberSessions(userId: number, now: Date): Promise<Omit<MemberSessions, 'memberRef'>> {
  const [total, attended, upcoming, next, sessionPackage] = await Promise.all([
    BookingModel.countDocuments(counted(userId)),
    BookingModel.countDocuments({ userId, status: 'attended' }),
    BookingModel.countDocuments({ userId, status: 'booked', startTime: trusted({ $gt: now }) }),
    BookingModel.findOne({ userId, status: 'booked', startTime: trusted({ $gt: now }) })
      .sort({ startTime: 1 })
      .lean(),
    packageOf(userId),
  ]);
  return {
    counted: total,
    attended,
    upcoming,
    package: sessionPackage,
    next: next?.startTime
      ? { startTime: next.startTime.toISOString(), eventName: next.eventName ?? null, joinUrl: next.joinUrl ?? null }
      : null,
  };
}

/**
 * The sessions of a member's paid packages (the price list's sessions per program): included in
 * every completed purchase, and used: her sessions that count, started since the first of them.
 */
async function packageOf(userId: number): Promise<MemberSessions['package']> {
  const bought = await PurchaseModel.find(
    { userId, status: 'completed', programId: trusted({ $exists: true }) },
    { programId: 1, completedAt: 1, createdAt: 1 },
  ).lean();
  const packages = bought.filter(
    (p) => isProgramId(p.programId!) && PROGRAM_PRICES[p.programId as ProgramId].sessionsIncluded > 0,
  );
  if (packages.length === 0) return null;
  const since = new Date(Math.min(...packages.map((p) => (p.completedAt ?? p.createdAt).getTime())));
  const used = await BookingModel.countDocuments({ ...counted(userId), startTime: trusted({ $gte: since }) });
  const included = packages.reduce((sum, p) => sum + PROGRAM_PRICES[p.programId as ProgramId].sessionsIncluded, 0);
  return {
    programs: [...new Set(packages.map((p) => PROGRAM_PRICES[p.programId as ProgramId].name))],
    included,
    used: Math.min(used, included),
  };
}

/** A member's counted sessions as journey milestones, one per session. */
export async function sessionMilestones(userId: number) {
  const rows = await BookingModel.find(counted(userId)).sort({ startTime: -1 }).lean();
  return rows.map((r) => ({
    id: `booking-${r._id.toString()}`,
    milestoneType: 'coaching_session' as const,
    title: `Coaching Session${r.eventName ? `: ${r.eventName}` : ''}`,
    description:
      r.status === 'attended' ? 'A session with your coach, attended.' : 'A session with your coach, booked.',
    createdAt: (r.startTime ?? r.createdAt).toISOString(),
  }));
}

/**
 * The coach's list of sessions, newest first: her clients' (with the member they were matched to)
 * and the free calls of visitors without an account (leads: no member, the e-mail they gave).
 */
export const listBookings = (query: AdminListQuery): Promise<AdminPage<AdminBooking>> =>
  adminPage(BookingModel, query, {
    searchFields: ['email', 'name'],
    idOf: (cursor) => new mongoose.Types.ObjectId(cursor),
    shape: (r: {
      _id: Types.ObjectId;
      provider: AdminBooking['provider'];
      eventName?: string;
      email?: string;
      name?: string;
      userId?: number;
      startTime?: Date;
      endTime?: Date;
      status: BookingStatus;
      updatedAt: Date;
    }) => ({
      id: r._id.toString(),
      provider: r.provider,
      eventName: r.eventName ?? null,
      email: r.email ?? null,
      name: r.name ?? null,
      userId: r.userId ?? null,
      startTime: r.startTime?.toISOString() ?? null,
      endTime: r.endTime?.toISOString() ?? null,
      status: r.status,
      updatedAt: r.updatedAt.toISOString(),
    }),
  });
