import type { BlogPostInput } from '@coach/contracts';
import { HttpError } from '@coach/kit';
import mongoose from 'mongoose';
import { BlogPostModel, type BlogPostDoc } from './model.ts';
import { excerptOf, imageForCategory, readTimeOf, slugify } from './writing.ts';

const PUBLIC_LIST_LIMIT = 200;
const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

export async function listPublished(): Promise<BlogPostDoc[]> {
  return BlogPostModel.find({ isPublished: true }).sort({ createdAt: -1 }).limit(PUBLIC_LIST_LIMIT).lean<BlogPostDoc[]>();
}

export async function findPublished(slug: string): Promise<BlogPostDoc> {
  const post = await BlogPostModel.findOne({ slug, isPublished: true }).lean<BlogPostDoc>();
  if (!post) throw new HttpError(404, 'Post not found');
  return post;
}

export async function listAll(): Promise<BlogPostDoc[]> {
  return BlogPostModel.find().sort({ createdAt: -1 }).lean<BlogPostDoc[]>();
}

/** A slug from the title that no other post has: `title`, then `title-2`, `title-3`, ... */
export async function freeSlug(title: string, exceptId?: mongoose.Types.ObjectId): Promise<string> {
  const base = slugify(title);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    // kit turns on sanitizeFilter, which neutralises every operator not marked as trusted.
    const others = exceptId ? { _id: mongoose.trusted({ $ne: exceptId }) } : {};
    const taken = await BlogPostModel.exists({ slug, ...others });
    if (!taken) return slug;
  }
}

/** Runs a write that picks a slug; a concurrent writer taking the same slug makes it pick again. */
export async function withFreeSlug<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isDuplicateKey(err) || attempt >= 4) throw err;
    }
  }
}

function derived(input: BlogPostInput) {
  return {
    ...input,
    excerpt: excerptOf(input.content),
    readTime: readTimeOf(input.content),
    imageUrl: imageForCategory(input.category),
    metaTitle: input.title.slice(0, 255),
    metaDescription: excerptOf(input.content),
    keywords: input.tags,
  };
}

export async function createPost(input: BlogPostInput): Promise<BlogPostDoc> {
  return withFreeSlug(async () => {
    const doc = await BlogPostModel.create({
      ...derived(input),
      slug: await freeSlug(input.title),
      publishedAt: input.isPublished ? new Date() : undefined,
    });
    return doc.toObject() as BlogPostDoc;
  });
}

/** Updates a post; its slug (and so its address) changes only when the title does. */
export async function updatePost(id: string, input: BlogPostInput): Promise<BlogPostDoc> {
  const current = await BlogPostModel.findById(id).lean<BlogPostDoc>();
  if (!current) throw new HttpError(404, 'Post not found');
  return withFreeSlug(async () => {
    const slug = current.title === input.title ? current.slug : await freeSlug(input.title, current._id);
    const updated = await BlogPostModel.findByIdAndUpdate(
      id,
      { ...derived(input), slug, publishedAt: input.isPublished ? (current.publishedAt ?? new Date()) : current.publishedAt },
      { new: true, runValidators: true },
    ).lean<BlogPostDoc>();
    if (!updated) throw new HttpError(404, 'Post not found');
    return updated;
  });
}

export async function deletePost(id: string): Promise<void> {
  const { deletedCount } = await BlogPostModel.deleteOne({ _id: id });
  if (deletedCount === 0) throw new HttpError(404, 'Post not found');
}
