import {
  adminUserListQuerySchema,
  clientHomeworkInputSchema,
  clientIdParamSchema,
  clientNoteInputSchema,
} from '@coach/contracts';
import { adminListHandler, noStore, parse, type PublishEvent, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import { addHomework, addNote, clientDetail, listClients } from './service.ts';

/** The coach's view of each client: 401 signed out, 403 for members. */
export function clientAdminRoutes(sessions: SessionVerifier, publish: PublishEvent): Router {
  const router = Router();
  router.use('/api/admin/clients', sessions.requireAdmin, noStore);
  /** One page of clients: the next page in the Link header, the number of clients in X-Total-Count. */
  router.get('/api/admin/clients', adminListHandler('/api/admin/clients', adminUserListQuerySchema, listClients));
  router.get('/api/admin/clients/:userId', async (req, res) => {
    res.json(await clientDetail(parse(clientIdParamSchema, req.params).userId));
  });
  router.post('/api/admin/clients/:userId/notes', async (req, res) => {
    const { userId } = parse(clientIdParamSchema, req.params);
    res.status(201).json(await addNote(userId, parse(clientNoteInputSchema, req.body), publish));
  });
  router.post('/api/admin/clients/:userId/homework', async (req, res) => {
    const { userId } = parse(clientIdParamSchema, req.params);
    res.status(201).json(await addHomework(userId, parse(clientHomeworkInputSchema, req.body), publish));
  });
  return router;
}
