import type { SiteStats } from '@coach/contracts';
import { nullIfDuplicate, retryOnDuplicateKey } from '@coach/kit';
import mongoose from 'mongoose';
import { SITE_STATS_ID, SiteStatsModel } from './model.ts';

const { trusted } = mongoose;

const shape = (doc: { visitorCount?: number; likeCount?: number } | null): SiteStats => ({
  visitorCount: doc?.visitorCount ?? 0,
  likeCount: doc?.likeCount ?? 0,
});

export async function readStats(): Promise<SiteStats> {
  return shape(await SiteStatsModel.findById(SITE_STATS_ID, { recentRequests: 0 }).lean());
}

/**
 * The requests counted last (their Idempotency-Keys), kept in the counter's own document: a
 * request run again (its process died before recording its answer, and the claim was taken over
 * after its lease) is recognised there and not counted twice. Far more than a minute's visits
 * and likes.
 */
const RECENT_REQUESTS = 1000;

/**
 * One atomic increment: concurrent visits or likes are never lost, and a request already counted
 * (`requestKey`, its Idempotency-Key) is not counted again.
 */
export async function increment(field: 'visitorCount' | 'likeCount', requestKey?: string): Promise<SiteStats> {
  const update = {
    $inc: { [field]: 1 },
    $set: { lastUpdated: new Date() },
    ...(requestKey ? { $push: { recentRequests: { $each: [requestKey], $slice: -RECENT_REQUESTS } } } : {}),
  };
  const notCounted = requestKey ? { recentRequests: trusted({ $ne: requestKey }) } : {};
  // A request counted before matches nothing, and its upsert meets the document as a duplicate.
  const counted = await retryOnDuplicateKey(() =>
    SiteStatsModel.findOneAndUpdate({ _id: SITE_STATS_ID, ...notCounted }, update, {
      upsert: true,
      new: true,
      projection: { recentRequests: 0 },
    }).lean(),
  ).catch(nullIfDuplicate);
  return counted ? shape(counted) : readStats();
}
