import { adminUserListQuerySchema, userIdParamSchema, type Accepted } from '@coach/contracts';
import { adminListHandler, noStore, parse, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import type { SessionIssuer } from '../accounts/sessions.ts';
import { deleteUser, listUsers } from './service.ts';

/** The admin's user management: 401 when signed out, 403 for members. */
export function adminUserRoutes(sessions: SessionVerifier, issuer: SessionIssuer): Router {
  const router = Router();
  router.use('/api/admin/users', sessions.requireAdmin, noStore);
  /** One page of accounts: the next page in the Link header, the number of accounts in X-Total-Count. */
  router.get('/api/admin/users', adminListHandler('/api/admin/users', adminUserListQuerySchema, listUsers));
  router.delete('/api/admin/users/:id', async (req, res) => {
    const { id } = parse(userIdParamSchema, req.params);
    await deleteUser(id, issuer);
    const answer: Accepted = { ok: true, message: 'User deleted' };
    res.json(answer);
  });
  return router;
}
