import { noStore, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import { getProgress, listJourney, listPurchases } from './service.ts';

/** The signed-in member's own profile data; nobody can read another member's. */
export function profileRoutes(sessions: SessionVerifier): Router {
  const router = Router();
  router.use('/api/profile', sessions.requireUser, noStore);
  router.get('/api/profile/progress', async (req, res) => {
    res.json(await getProgress(Number(req.session!.sub), new Date()));
  });
  router.get('/api/profile/journey', async (req, res) => {
    res.json(await listJourney(Number(req.session!.sub)));
  });
  router.get('/api/profile/purchases', async (req, res) => {
    res.json(await listPurchases(Number(req.session!.sub)));
  });
  return router;
}
