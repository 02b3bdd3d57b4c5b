import { z } from './zod.ts';
import { ADMIN_BLOG_CATEGORIES } from './blogCategories.ts';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from './appRoutes.ts';

export const DEFAULT_BLOG_CATEGORY = 'Spiritual Growth';
export const DEFAULT_READ_TIME = 3;

/** A blog post as the public site reads it. */
export const blogPostSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  imageUrl: z.string(),
  createdAt: z.string(),
  readTime: z.number().int(),
  isGenerated: z.boolean(),
  tags: z.array(z.string()),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** A blog post as the admin dashboard reads it: the public fields plus its publication state. */
export const adminBlogPostSchema = blogPostSchema.extend({
  isPublished: z.boolean(),
  updatedAt: z.string(),
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
});
export type BlogPostInput = z.infer<typeof blogPostInputSchema>;

export const slugParamSchema = z.strictObject({
  slug: z.string().regex(SLUG_PATTERN, 'Invalid slug').max(MAX_SLUG_LENGTH),
});

export const idParamSchema = z.strictObject({
  id: z.string().regex(/^[a-f0-9]{24}$/, 'Invalid id'),
});
