import type { Redis } from '@coach/kit';
import { idempotent } from '@coach/kit';
import { Router } from 'express';
import { increment, readStats } from './service.ts';

export function siteStatsRoutes(redis: Redis): Router {
  const router = Router();
  router.get('/api/site-stats', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await readStats());
  });
  router.post('/api/site-stats/visit', idempotent(redis, 'visit'), async (_req, res) => {
    res.json(await increment('visitorCount'));
  });
  router.post('/api/site-stats/like', idempotent(redis, 'like'), async (_req, res) => {
    res.json(await increment('likeCount'));
  });
  return router;
}
