import type { AdminBlogPost, BlogPost, BlogPostPage, BlogPostSummary } from '@coach/contracts';
import type { BlogPostDoc } from './model.ts';

/** A post on the public list: its card's fields. */
export function toSummary(doc: BlogPostDoc): BlogPostSummary {
  return {
    id: doc._id.toString(),
    slug: doc.slug,
    title: doc.title,
    excerpt: doc.excerpt ?? '',
    category: doc.category ?? '',
    imageUrl: doc.imageUrl ?? '',
    createdAt: doc.createdAt.toISOString(),
    publishedAt: (doc.publishedAt ?? doc.createdAt).toISOString(),
    readTime: doc.readTime ?? 3,
    isGenerated: doc.isGenerated ?? false,
    tags: doc.tags ?? [],
  };
}

/** The public reading of a post. */
export function toPublicPost(doc: BlogPostDoc): BlogPost {
  return { ...toSummary(doc), content: doc.content };
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
