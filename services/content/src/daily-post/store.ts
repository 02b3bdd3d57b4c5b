import type { EventPayload } from '@coach/contracts';
import { BlogPostModel, type BlogPostDoc } from '../blog/model.ts';
import { freeSlug, withFreeSlug } from '../blog/service.ts';

type GeneratedPost = EventPayload<'blog.post_generated'>['post'];

export async function findGeneratedPost(requestId: string): Promise<BlogPostDoc | null> {
  return BlogPostModel.findOne({ generationId: requestId }).lean<BlogPostDoc>();
}

/**
 * Stores a generated post once per request id (the unique generationId): a redelivered or
 * re-published event finds the stored post and changes nothing. The slug is the title's, made
 * unique if another post already has it. A published one owes its blog.post_published event.
 */
export async function storeGeneratedPost(
  requestId: string,
  post: GeneratedPost,
  sendToSubscribers: boolean,
): Promise<BlogPostDoc> {
  return withFreeSlug(async () => {
    const existing = await findGeneratedPost(requestId);
    if (existing) return existing;
    const doc = await BlogPostModel.create({
      ...post,
      slug: await freeSlug(post.title),
      isGenerated: true,
      generationId: requestId,
      metaTitle: post.title.slice(0, 255),
      metaDescription: post.excerpt,
      keywords: post.tags,
      publishedAt: post.isPublished ? new Date() : undefined,
      sendToSubscribers,
      ...(post.isPublished ? { announcePending: true } : {}),
    });
    return doc.toObject() as BlogPostDoc;
  });
}
