import { communityPostInputSchema } from '@coach/contracts';
import { parse, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import { weeklyPrompt } from './prompts.ts';
import { createPost, listFeed } from './service.ts';

/** The Sacred Circle: the weekly prompt (public) and the members' feed. */
export function communityRoutes(sessions: SessionVerifier): Router {
  const router = Router();
  router.get('/api/community/weekly-prompt', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json({ prompt: weeklyPrompt(new Date()) });
  });
  router.get('/api/community/posts', sessions.requireUser, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await listFeed());
  });
  router.post('/api/community/posts', sessions.requireUser, async (req, res) => {
    const input = parse(communityPostInputSchema, req.body);
    res.status(201).json(await createPost(Number(req.session!.sub), input));
  });
  return router;
}
