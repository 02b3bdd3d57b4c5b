import {
  communityFeedQuerySchema,
  communityPostInputSchema,
  communityReplyInputSchema,
  hideInputSchema,
  idParamSchema,
  moderationQuerySchema,
  moderationTargetSchema,
  reportInputSchema,
  type Accepted,
  type CircleItemKind,
} from '@coach/contracts';
import {
  idempotencyKeyOf,
  idempotent,
  type Logger,
  noStore,
  parse,
  type PublishEvent,
  sendListPage,
  type SessionVerifier,
} from '@coach/kit';
import { Router, type Request } from 'express';
import { dismissReports, moderationList, report, setHidden } from './moderation.ts';
import { weeklyPrompt } from './prompts.ts';
import {
  addReply,
  circleStats,
  createPost,
  deletePost,
  deleteReply,
  listFeed,
  listReplies,
  setLike,
  type Actor,
  type ReplyNotice,
} from './service.ts';

const actorOf = (req: Request): Actor => ({ userId: Number(req.session!.sub), admin: req.session!.role === 'admin' });
const done = (message: string): Accepted => ({ ok: true, message });

/**
 * The Sacred Circle: the weekly prompt (public); the feed a page at a time, its counts, likes,
 * threads and reports (members).
 */
export function communityRoutes(sessions: SessionVerifier, publish: PublishEvent, logger: Logger): Router {
  const router = Router();
  // The post's author is told of a reply on her browsers; the reply stands even when that fails.
  const notify: ReplyNotice = (notice) => {
    publish('circle.reply_added', notice, `circle-reply.${notice.replyId}`).catch((err: unknown) =>
      logger.warn({ err, replyId: notice.replyId }, 'reply notification not queued'),
    );
  };
  router.get('/api/community/weekly-prompt', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json({ prompt: weeklyPrompt(new Date()) });
  });
  router.use(['/api/community/posts', '/api/community/replies', '/api/community/stats'], sessions.requireUser, noStore);
  router.get('/api/community/posts', async (req, res) => {
    const query = parse(communityFeedQuerySchema, req.query);
    sendListPage(res, '/api/community/posts', query, await listFeed(actorOf(req).userId, query.cursor));
  });
  router.get('/api/community/stats', async (req, res) => {
    res.json(await circleStats(actorOf(req).userId));
  });
  // An Idempotency-Key makes a resent post (after a lost answer) store once.
  router.post('/api/community/posts', idempotent('community-post'), async (req, res) => {
    const input = parse(communityPostInputSchema, req.body);
    const idempotencyKey = idempotencyKeyOf(res);
    res.status(201).json(await createPost(actorOf(req).userId, input, new Date(), idempotencyKey));
  });
  router.delete('/api/community/posts/:id', async (req, res) => {
    await deletePost(parse(idParamSchema, req.params).id, actorOf(req));
    res.json(done('Post deleted'));
  });
  for (const [method, liked] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    router[method]('/api/community/posts/:id/like', async (req, res) => {
      res.json(await setLike(parse(idParamSchema, req.params).id, actorOf(req).userId, liked));
    });
  }
  router.get('/api/community/posts/:id/replies', async (req, res) => {
    res.json(await listReplies(parse(idParamSchema, req.params).id));
  });
  router.post('/api/community/posts/:id/replies', async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    const input = parse(communityReplyInputSchema, req.body);
    res.status(201).json(await addReply(id, actorOf(req).userId, input, notify));
  });
  router.delete('/api/community/replies/:id', async (req, res) => {
    await deleteReply(parse(idParamSchema, req.params).id, actorOf(req));
    res.json(done('Reply deleted'));
  });
  for (const [path, kind] of [
    ['posts', 'post'],
    ['replies', 'reply'],
  ] as const satisfies ReadonlyArray<readonly [string, CircleItemKind]>) {
    router.post(`/api/community/${path}/:id/report`, async (req, res) => {
      const { id } = parse(idParamSchema, req.params);
      const { reason } = parse(reportInputSchema, req.body);
      await report(kind, id, actorOf(req).userId, reason);
      res.status(202).json(done('Thank you. The coach will look at it.'));
    });
  }
  return router;
}

/** The coach's moderation of the Circle: every post and reply, open reports, hide, delete, dismiss. */
export function moderationRoutes(sessions: SessionVerifier): Router {
  const router = Router();
  router.use('/api/admin/community', sessions.requireAdmin, noStore);
  router.get('/api/admin/community', async (req, res) => {
    const { view } = parse(moderationQuerySchema, req.query);
    res.json(await moderationList(view));
  });
  router.patch('/api/admin/community/:kind/:id', async (req, res) => {
    const { kind, id } = parse(moderationTargetSchema, req.params);
    const { hidden } = parse(hideInputSchema, req.body);
    await setHidden(kind, id, hidden);
    res.json(done(hidden ? 'Hidden from members' : 'Visible to members again'));
  });
  router.delete('/api/admin/community/:kind/:id', async (req, res) => {
    const { kind, id } = parse(moderationTargetSchema, req.params);
    await (kind === 'post' ? deletePost : deleteReply)(id, actorOf(req));
    res.json(done(kind === 'post' ? 'Post deleted' : 'Reply deleted'));
  });
  router.post('/api/admin/community/:kind/:id/dismiss', async (req, res) => {
    const { kind, id } = parse(moderationTargetSchema, req.params);
    await dismissReports(kind, id);
    res.json(done('Reports dismissed'));
  });
  return router;
}
