import mongoose from 'mongoose';
import { Changes, watchWrites } from '../changes/changes.ts';

/** The site's one statistics document; every change is an atomic $inc on it. */
const siteStatsSchema = new mongoose.Schema(
  {
    _id: { type: String },
    visitorCount: { type: Number, default: 0 },
    likeCount: { type: Number, default: 0 },
    lastUpdated: { type: Date, default: Date.now },
    /** The Idempotency-Keys of the visits and likes counted last (service.ts). */
    recentRequests: { type: [String], default: undefined },
  },
  { collection: 'site_stats', versionKey: false },
);
/** Every write to the statistics through this model (routes.ts keeps the answer until one). */
export const siteStatsChanges = new Changes();
watchWrites(siteStatsSchema, siteStatsChanges);
export const SiteStatsModel = mongoose.model('SiteStats', siteStatsSchema);
export const SITE_STATS_ID = 'site';
