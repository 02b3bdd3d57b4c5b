import { portalIdParamSchema, programPortalInputSchema, type Accepted } from '@coach/contracts';
import { HttpError, noStore, parse, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import { deleteResource, storeUpload } from './resources.ts';
import { listPrograms, programOf, programPortal, saveProgramPortal } from './service.ts';

/** The coach's set-up of each program's space: 401 signed out, 403 for members. */
export function programAdminRoutes(sessions: SessionVerifier): Router {
  const router = Router();
  router.use('/api/admin/programs', sessions.requireAdmin, noStore);
  router.get('/api/admin/programs', async (_req, res) => {
    res.json(await listPrograms());
  });
  router.get('/api/admin/programs/:programId/portal', async (req, res) => {
    res.json(await programPortal(programOf(req.params.programId!)));
  });
  router.put('/api/admin/programs/:programId/portal', async (req, res) => {
    const programId = programOf(req.params.programId!);
    res.json(await saveProgramPortal(programId, parse(programPortalInputSchema, req.body)));
  });
  router.post('/api/admin/programs/:programId/resources', async (req, res) => {
    const programId = programOf(req.params.programId!);
    res.status(201).json(await storeUpload(req, programId));
  });
  router.delete('/api/admin/programs/:programId/resources/:id', async (req, res) => {
    const programId = programOf(req.params.programId!);
    const { id } = parse(portalIdParamSchema, { id: req.params.id });
    if (!(await deleteResource(programId, id))) throw new HttpError(404, 'This program has no such file');
    const answer: Accepted = { ok: true, message: 'File removed' };
    res.json(answer);
  });
  return router;
}
