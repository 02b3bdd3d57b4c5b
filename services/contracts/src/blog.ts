import { z } from './zod.ts';
import { ADMIN_BLOG_CATEGORIES } from './blogCategories.ts';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from './postSlug.ts';
import { BLOG_MONTH_PATTERN } from './blogList.ts';
import { idCursorSchema, searchSchema } from './paging.ts';

export const DEFAULT_BLOG_CATEGORY = 'Spiritual Growth';
export const DEFAULT_READ_TIME = 3;

/** A blog post as the public site reads it: each item of the list (GET /api/blog/posts) too. */
export const blogPostSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  imageUrl: z.string(),
  createdAt: z.string(),
  /** When the post became public (its date on the site; the list is ordered by it). */
  publishedAt: z.string(),
  readTime: z.number().int(),
  isGenerated: z.boolean(),
  tags: z.array(z.string()),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** One post as its own page reads it: with what a search result or a link preview shows of it. */
export const blogPostPageSchema = blogPostSchema.extend({
  metaTitle: z.string(),
  metaDescription: z.string(),
  updatedAt: z.string(),
});
export type BlogPostPage = z.infer<typeof blogPostPageSchema>;

/** A public post as the sitemap lists it: its address and its last change. */
export const blogPostEntrySchema = z.object({ slug: z.string(), updatedAt: z.iso.datetime() });
export type BlogPostEntry = z.infer<typeof blogPostEntrySchema>;

/**
 * A post as a card of the list reads it, without the body: what /blog's HTML carries for the app
 * to hydrate from, so the page does not grow with the posts' length.
 */
export const blogPostSummarySchema = blogPostSchema.omit({ content: true });
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/**
 * Query of GET /api/blog/posts: the page after `cursor` (the last post of the page before),
 * filtered by category, month and a search. The search is plain words, never a pattern; only its
 * first characters are read.
 */
export const blogListQuerySchema = z.object({
  cursor: idCursorSchema.optional(),
  category: z.string().trim().min(1).max(100).optional(),
  q: searchSchema.optional(),
  month: z.string().regex(BLOG_MONTH_PATTERN, 'Month must be YYYY-MM').optional(),
});
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

/** One month of the archive (GET /api/blog/posts/months), newest first. */
export const blogMonthSchema = z.object({ month: z.string(), count: z.number().int() });
export type BlogMonth = z.infer<typeof blogMonthSchema>;

/** A blog post as the admin dashboard reads it: the public fields plus its publication state. */
export const adminBlogPostSchema = blogPostSchema.extend({
  isPublished: z.boolean(),
  updatedAt: z.string(),
  /** When the post becomes (or became) public; null for a draft never published. */
  publishedAt: z.string().nullable(),
  /** Whether subscribers are e-mailed the post when it becomes public. */
  sendToSubscribers: z.boolean(),
});
export type AdminBlogPost = z.infer<typeof adminBlogPostSchema>;

const tag = z.string().trim().min(1).max(50);

/** Body of POST and PUT /api/admin/blog-posts. */
export const blogPostInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Title is required').max(255, 'Title must be at most 255 characters'),
  content: z.string().trim().min(1, 'Content is required').max(100_000, 'Content is too long'),
  category: z.enum(ADMIN_BLOG_CATEGORIES, { error: 'Category is required' }),
  tags: z.array(tag).max(20, 'At most 20 tags').default([]),
  isPublished: z.boolean().default(true),
  /** E-mail the post to the newsletter's subscribers when it becomes public (once per post). */
  sendToSubscribers: z.boolean().default(true),
  /**
   * When a published post becomes public: a future time schedules it, null or absent means now.
   * A post already public keeps its date.
   */
  publishAt: z.iso.datetime({ offset: true, error: 'Publish time must be a date and time' }).nullable().default(null),
});
export type BlogPostInput = z.infer<typeof blogPostInputSchema>;

export const slugParamSchema = z.strictObject({
  slug: z.string().regex(SLUG_PATTERN, 'Invalid slug').max(MAX_SLUG_LENGTH),
});

export const idParamSchema = z.strictObject({
  id: z.string().regex(/^[a-f0-9]{24}$/, 'Invalid id'),
});
