import type { SiteStats } from '@coach/contracts';
import { retryOnDuplicateKey } from '@coach/kit';
import { SITE_STATS_ID, SiteStatsModel } from './model.ts';

const shape = (doc: { visitorCount?: number; likeCount?: number } | null): SiteStats => ({
  visitorCount: doc?.visitorCount ?? 0,
  likeCount: doc?.likeCount ?? 0,
});

export async function readStats(): Promise<SiteStats> {
  return shape(await SiteStatsModel.findById(SITE_STATS_ID).lean());
}

/** One atomic increment: concurrent visits or likes are never lost. */
export async function increment(field: 'visitorCount' | 'likeCount'): Promise<SiteStats> {
  const update = { $inc: { [field]: 1 }, $set: { lastUpdated: new Date() } };
  return shape(
    await retryOnDuplicateKey(() =>
      SiteStatsModel.findByIdAndUpdate(SITE_STATS_ID, update, { upsert: true, new: true }).lean(),
    ),
  );
}
