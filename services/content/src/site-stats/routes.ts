import { idempotencyKeyOf, idempotent } from '@coach/kit';
import { Router } from 'express';
import { createReadCache, weakEtagOf } from '../changes/read-cache.ts';
import { siteStatsChanges } from './model.ts';
import { increment, readStats } from './service.ts';

/**
 * The longest the statistics are answered as read: a like or visit through any replica shows at
 * once (siteStatsChanges), a change made around the service (a script) within this time.
 */
const STATS_KEPT_MS = 500;

/** The statistics' answer as it is sent: its JSON and weak ETag, made once per change. */
interface SentStats {
  json: Buffer;
  etag: string;
}

export function siteStatsRoutes(): Router {
  const router = Router();
  // Read by every page of the site: answered from memory, its JSON made once per change.
  const answers = createReadCache<SentStats>({
    build: async () => {
      const json = Buffer.from(JSON.stringify(await readStats()));
      return { value: { json, etag: weakEtagOf(json) } };
    },
    changes: siteStatsChanges,
    maxAgeMs: STATS_KEPT_MS,
    maxEntries: 1,
  });
  router.get('/api/site-stats', async (req, res) => {
    const stats = await answers.get('');
    res.set({ 'Cache-Control': 'no-cache', 'Content-Type': 'application/json; charset=utf-8', ETag: stats.etag });
    if (req.fresh) res.status(304).end();
    else res.end(stats.json);
  });
  router.post('/api/site-stats/visit', idempotent('visit'), async (_req, res) => {
    res.json(await increment('visitorCount', idempotencyKeyOf(res)));
  });
  router.post('/api/site-stats/like', idempotent('like'), async (_req, res) => {
    res.json(await increment('likeCount', idempotencyKeyOf(res)));
  });
  return router;
}
