import {
  agreementInputSchema,
  homeworkAnswerInputSchema,
  intakeInputSchema,
  portalIdParamSchema,
} from '@coach/contracts';
import { HttpError, noStore, parse, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import type { MemberRefs } from '../bookings/memberRef.ts';
import { hasBought } from '../programs/buyers.ts';
import { resourceFile, sendResource } from '../programs/resources.ts';
import { acceptAgreement, answerHomework, portalPrograms, submitIntake } from './service.ts';

export interface PortalDeps {
  /** The booking page (COACH_BOOKING_URL); her link carries her details and member reference. */
  bookingUrl: string;
  refs: MemberRefs;
}

/** The client's space of each program she bought: 401 signed out, 403 for a program she does not hold. */
export function portalRoutes(sessions: SessionVerifier, deps: PortalDeps): Router {
  const router = Router();
  router.use('/api/portal', sessions.requireUser, noStore);
  const userOf = (req: { session?: { sub: string } }) => Number(req.session!.sub);

  router.get('/api/portal/programs', async (req, res) => {
    res.json(await portalPrograms(userOf(req), { baseUrl: deps.bookingUrl, refs: deps.refs }));
  });
  router.post('/api/portal/programs/:programId/intake', async (req, res) => {
    const { answers } = parse(intakeInputSchema, req.body);
    res.json(await submitIntake(userOf(req), req.params.programId!, answers));
  });
  router.post('/api/portal/programs/:programId/agreement', async (req, res) => {
    res.json(await acceptAgreement(userOf(req), req.params.programId!, parse(agreementInputSchema, req.body)));
  });
  router.post('/api/portal/homework/:id', async (req, res) => {
    const { id } = parse(portalIdParamSchema, { id: req.params.id });
    const { answer } = parse(homeworkAnswerInputSchema, req.body);
    res.json(await answerHomework(userOf(req), id, answer));
  });
  /** A program's file, whole or by byte range: to its clients, and to the coach. */
  router.get('/api/portal/resources/:id', async (req, res) => {
    const id = portalIdParamSchema.safeParse({ id: req.params.id });
    const file = id.success ? await resourceFile(id.data.id) : null;
    if (!file) throw new HttpError(404, 'No such file');
    const coach = req.session!.role === 'admin';
    if (!coach && !(await hasBought(userOf(req), file.metadata.programId)))
      throw new HttpError(403, 'This file is for the clients of its program');
    await sendResource(req, res, file);
  });
  return router;
}
