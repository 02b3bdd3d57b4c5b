import { blogPostInputSchema, idParamSchema, slugParamSchema } from '@coach/contracts';
import { parse, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import * as blog from './service.ts';
import { toAdminPost, toPublicPost } from './shape.ts';

/** Public reads: /api/blog/posts and /api/blog/:slug. Revalidated by ETag on every read. */
export function publicBlogRoutes(): Router {
  const router = Router();
  router.get('/api/blog/posts', async (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json((await blog.listPublished()).map(toPublicPost));
  });
  router.get('/api/blog/:slug', async (req, res) => {
    const { slug } = parse(slugParamSchema, req.params);
    res.set('Cache-Control', 'no-cache');
    res.json(toPublicPost(await blog.findPublished(slug)));
  });
  return router;
}

/** The admin's blog management: /api/admin/blog-posts (drafts included). */
export function adminBlogRoutes(sessions: SessionVerifier): Router {
  const router = Router();
  router.use('/api/admin/blog-posts', sessions.requireAdmin, (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.get('/api/admin/blog-posts', async (_req, res) => {
    res.json((await blog.listAll()).map(toAdminPost));
  });
  router.post('/api/admin/blog-posts', async (req, res) => {
    const input = parse(blogPostInputSchema, req.body);
    res.status(201).json(toAdminPost(await blog.createPost(input)));
  });
  router.put('/api/admin/blog-posts/:id', async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    const input = parse(blogPostInputSchema, req.body);
    res.json(toAdminPost(await blog.updatePost(id, input)));
  });
  router.delete('/api/admin/blog-posts/:id', async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    await blog.deletePost(id);
    res.json({ ok: true, message: 'Blog post deleted' });
  });
  return router;
}
