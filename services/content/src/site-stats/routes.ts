import { idempotencyKeyOf, idempotent } from '@coach/kit';
import { Router } from 'express';
import { increment, readStats } from './service.ts';

export function siteStatsRoutes(): Router {
  const router = Router();
  router.get('/api/site-stats', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json(await readStats());
  });
  router.post('/api/site-stats/visit', idempotent('visit'), async (_req, res) => {
    res.json(await increment('visitorCount', idempotencyKeyOf(res)));
  });
  router.post('/api/site-stats/like', idempotent('like'), async (_req, res) => {
    res.json(await increment('likeCount', idempotencyKeyOf(res)));
  });
  return router;
}
