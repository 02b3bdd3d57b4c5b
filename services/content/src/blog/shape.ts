import type { AdminBlogPost, BlogPost } from '@coach/contracts';
import type { BlogPostDoc } from './model.ts';

/** The public reading of a post. */
export function toPublicPost(doc: BlogPostDoc): BlogPost {
  return {
    id: doc._id.toString(),
    slug: doc.slug,
    title: doc.title,
    excerpt: doc.excerpt ?? '',
    content: doc.content,
    category: doc.category ?? '',
    imageUrl: doc.imageUrl ?? '',
    createdAt: doc.createdAt.toISOString(),
    readTime: doc.readTime ?? 3,
    isGenerated: doc.isGenerated ?? false,
    tags: doc.tags ?? [],
  };
}

export function toAdminPost(doc: BlogPostDoc): AdminBlogPost {
  return { ...toPublicPost(doc), isPublished: doc.isPublished ?? true, updatedAt: doc.updatedAt.toISOString() };
}
