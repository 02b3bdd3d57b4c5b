import mongoose from 'mongoose';

/** The site's one statistics document; every change is an atomic $inc on it. */
const siteStatsSchema = new mongoose.Schema(
  {
    _id: { type: String },
    visitorCount: { type: Number, default: 0 },
    likeCount: { type: Number, default: 0 },
    lastUpdated: { type: Date, default: Date.now },
  },
  { collection: 'site_stats', versionKey: false },
);
export const SiteStatsModel = mongoose.model('SiteStats', siteStatsSchema);
export const SITE_STATS_ID = 'site';
