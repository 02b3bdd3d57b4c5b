import type { AdminBlogPost, BlogPost, BlogPostPage } from '@coach/contracts';
import type { BlogPostDoc } from './model.ts';

/** The public reading of a post: as the list answers it, and the start of its own page. */
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
    publishedAt: (doc.publishedAt ?? doc.createdAt).toISOString(),
    readTime: doc.readTime ?? 3,
    isGenerated: doc.isGenerated ?? false,
    tags: doc.tags ?? [],
  };
}

/** A post as its own page reads it; the title and excerpt stand in for a missing meta title or description. */
export function toPublicPostPage(doc: BlogPostDoc): BlogPostPage {
  const post = toPublicPost(doc);
  return {
    ...post,
    metaTitle: doc.metaTitle || post.title,
    metaDescription: doc.metaDescription || post.excerpt,
    updatedAt: doc.updatedAt.toISOString(),
  };
}

export function toAdminPost(doc: BlogPostDoc): AdminBlogPost {
  return {
    ...toPublicPost(doc),
    isPublished: doc.isPublished ?? true,
    updatedAt: doc.updatedAt.toISOString(),
    publishedAt: doc.publishedAt?.toISOString() ?? null,
    sendToSubscribers: doc.sendToSubscribers ?? true,
  };
}
