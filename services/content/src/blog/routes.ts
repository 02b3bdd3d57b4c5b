import {
  adminListQuerySchema,
  blogListQuerySchema,
  blogPostInputSchema,
  type BlogPostEntry,
  idParamSchema,
  slugParamSchema,
} from '@coach/contracts';
import { noStore, parse, sendListPage, type SessionVerifier } from '@coach/kit';
import { Router } from 'express';
import { BlogPostModel } from './model.ts';
import { publicListPages } from './public-list.ts';
import type { Publication } from './publication.ts';
import * as blog from './service.ts';
import { toAdminPost, toPublicPostPage } from './shape.ts';

/**
 * Public reads, revalidated by ETag on every read: /api/blog/posts (a page of the list, each post
 * whole, made once per change of the posts: public-list.ts), /api/blog/posts/months (the archive)
 * and /api/blog/:slug.
 */
export function publicBlogRoutes(): Router {
  const router = Router();
  const listPages = publicListPages();
  router.use('/api/blog', (req, res, next) => {
    if (req.method === 'GET') res.set('Cache-Control', 'no-cache');
    next();
  });
  router.get('/api/blog/posts', async (req, res) => {
    await listPages.send(req, res, parse(blogListQuerySchema, req.query));
  });
  router.get('/api/blog/posts/months', async (_req, res) => {
    res.json(await blog.listMonths());
  });
  router.get('/api/blog/:slug', async (req, res) => {
    const { slug } = parse(slugParamSchema, req.params);
    res.json(toPublicPostPage(await blog.findPublished(slug)));
  });
  return router;
}

/**
 * GET /internal/blog/entries: every public post's slug and last change, oldest first, for the
 * gateway's sitemap.
 * Not under /api, so the gateway never routes a visitor here.
 */
export function internalBlogRoutes(): Router {
  const router = Router();
  router.get('/internal/blog/entries', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    const entries: BlogPostEntry[] = (await blog.listPublishedEntries()).map(({ slug, updatedAt }) => ({
      slug,
      updatedAt: updatedAt.toISOString(),
    }));
    res.json(entries);
  });
  return router;
}

/** The admin's blog management: /api/admin/blog-posts (drafts included). */
export function adminBlogRoutes(sessions: SessionVerifier, publication: Publication): Router {
  const router = Router();
  router.use('/api/admin/blog-posts', sessions.requireAdmin, noStore);
  router.get('/api/admin/blog-posts', async (req, res) => {
    const query = parse(adminListQuerySchema, req.query);
    const [page, total] = await Promise.all([blog.listAll(query), BlogPostModel.estimatedDocumentCount()]);
    res.set('X-Total-Count', String(total)); // every post, unsearched (the dashboard's count)
    sendListPage(res, '/api/admin/blog-posts', query, page, toAdminPost);
  });
  router.post('/api/admin/blog-posts', async (req, res) => {
    const input = parse(blogPostInputSchema, req.body);
    const post = await blog.createPost(input);
    await publication.announceNow(post._id);
    res.status(201).json(toAdminPost(post));
  });
  router.put('/api/admin/blog-posts/:id', async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    const input = parse(blogPostInputSchema, req.body);
    const post = await blog.updatePost(id, input);
    await publication.announceNow(post._id);
    res.json(toAdminPost(post));
  });
  router.delete('/api/admin/blog-posts/:id', async (req, res) => {
    const { id } = parse(idParamSchema, req.params);
    await blog.deletePost(id);
    res.json({ ok: true, message: 'Blog post deleted' });
  });
  return router;
}
