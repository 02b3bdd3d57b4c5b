import {
  ADMIN_PAGE_SIZE,
  type AdminListQuery,
  BLOG_PAGE_SIZE,
  type BlogListQuery,
  type BlogMonth,
  type BlogPostInput,
} from '@coach/contracts';
import { isPostSlug } from '@coach/site-rules';
import {
  afterCursor,
  excerptOf,
  HttpError,
  imageForCategory,
  listPageOf,
  readTimeOf,
  retryOnDuplicateKey,
  slugify,
  type ListPage,
} from '@coach/kit';
import mongoose from 'mongoose';
import { BlogPostModel, type BlogPostDoc } from './model.ts';

const { trusted } = mongoose;

/** The posts the public sees: published, and their publication time come. */
const publicNow = () => ({ isPublished: true, publishedAt: trusted({ $lte: new Date() }) });

/** The public list's order, newest first; the id breaks ties, so every post has one place. */
const NEWEST_FIRST = { publishedAt: -1, _id: -1 } as const;

/** The month's first moment and the next month's, in UTC. */
function monthRange(month: string) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return { $gte: new Date(Date.UTC(year, m - 1, 1)), $lt: new Date(Date.UTC(year, m, 1)) };
}

/** A search as plain words: quotes and a leading minus would be operators of a text search. */
const asWords = (q: string) => q.replace(/["-]/g, ' ').trim();

/**
 * The fields the list answers of each post: the whole public post, body included, so a reader can
 * open offline every post she saw listed (the post's page adds its search metadata).
 */
const LIST_FIELDS = {
  slug: 1,
  title: 1,
  excerpt: 1,
  content: 1,
  category: 1,
  imageUrl: 1,
  createdAt: 1,
  publishedAt: 1,
  readTime: 1,
  isGenerated: 1,
  tags: 1,
} as const;

/** One page of the public list, filtered by category, month and a search of the posts' words. */
export async function listPublished(query: BlogListQuery): Promise<ListPage<BlogPostDoc>> {
  const words = query.q ? asWords(query.q) : '';
  const filter: Record<string, unknown> = {
    ...publicNow(),
    ...(query.category ? { category: query.category } : {}),
    ...(await afterCursor(BlogPostModel, query.cursor, 'publishedAt', publicNow())),
    ...(words ? { $text: trusted({ $search: words }) } : {}),
  };
  if (query.month) filter.publishedAt = trusted({ ...monthRange(query.month), $lte: new Date() });
  return listPageOf(
    BlogPostModel.find(filter, LIST_FIELDS)
      .sort(NEWEST_FIRST)
      .limit(BLOG_PAGE_SIZE + 1)
      .lean<BlogPostDoc[]>(),
    BLOG_PAGE_SIZE,
  );
}

/** The months with public posts, newest first, with how many each has. */
export async function listMonths(): Promise<BlogMonth[]> {
  return BlogPostModel.aggregate<BlogMonth>([
    { $match: publicNow() },
    { $group: { _id: { $dateToString: { format: '%Y-%m', date: '$publishedAt' } }, count: { $sum: 1 } } },
    { $sort: { _id: -1 } },
    { $project: { _id: 0, month: '$_id', count: 1 } },
  ]);
}

/**
 * Every public post's address and last change, oldest first (a new post comes last): only those
 * two fields are read.
 */
export async function listPublishedEntries(): Promise<Array<{ slug: string; updatedAt: Date }>> {
  return BlogPostModel.find(publicNow(), { _id: 0, slug: 1, updatedAt: 1 })
    .sort({ publishedAt: 1, _id: 1 })
    .lean<Array<{ slug: string; updatedAt: Date }>>();
}

export async function findPublished(slug: string): Promise<BlogPostDoc> {
  const post = await BlogPostModel.findOne({ slug, ...publicNow() }).lean<BlogPostDoc>();
  if (!post) throw new HttpError(404, 'Post not found');
  return post;
}

/** One page of every post (drafts and scheduled ones too), newest first, optionally searched. */
export async function listAll({ cursor, q }: AdminListQuery): Promise<ListPage<BlogPostDoc>> {
  const words = q ? asWords(q) : '';
  const filter = {
    ...(await afterCursor(BlogPostModel, cursor, 'createdAt', {})),
    ...(words ? { $text: trusted({ $search: words }) } : {}),
  };
  return listPageOf(
    BlogPostModel.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .limit(ADMIN_PAGE_SIZE + 1)
      .lean<BlogPostDoc[]>(),
    ADMIN_PAGE_SIZE,
  );
}

/** A slug from the title that no other post has: `title`, then `title-2`, `title-3`, ... */
export async function freeSlug(title: string, exceptId?: mongoose.Types.ObjectId): Promise<string> {
  const base = slugify(title);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    // kit turns on sanitizeFilter, which neutralises every operator not marked as trusted.
    const others = exceptId ? { _id: mongoose.trusted({ $ne: exceptId }) } : {};
    if (!isPostSlug(slug)) continue; // an address of the blog itself
    const taken = await BlogPostModel.exists({ slug, ...others });
    if (!taken) return slug;
  }
}

/** Runs a write that picks a slug; a concurrent writer taking the same slug makes it pick again. */
export const withFreeSlug = <T>(write: () => Promise<T>): Promise<T> => retryOnDuplicateKey(write, 5);

function derived({ publishAt: _publishAt, ...input }: BlogPostInput) {
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

const isPublic = (post: Pick<BlogPostDoc, 'isPublished' | 'publishedAt'>, now: Date) =>
  Boolean(post.isPublished && post.publishedAt && post.publishedAt <= now);

/**
 * When a saved post becomes public, and whether it still owes its blog.post_published event.
 * A post already public keeps its date and its event state; otherwise the input's publish time
 * (or, when published without one, the date it had when last public, else now) is its date, and a
 * post published for the first time owes its event.
 */
function publicationOf(input: BlogPostInput, current?: BlogPostDoc) {
  const now = new Date();
  if (current && isPublic(current, now)) return { publishedAt: current.publishedAt };
  const earlier = current?.publishedAt && current.publishedAt <= now ? current.publishedAt : undefined;
  const publishedAt = input.publishAt
    ? new Date(input.publishAt)
    : input.isPublished
      ? (earlier ?? now)
      : (earlier ?? null);
  const owesEvent = input.isPublished && !current?.announcedAt;
  return { publishedAt, ...(owesEvent ? { announcePending: true } : {}) };
}

export async function createPost(input: BlogPostInput): Promise<BlogPostDoc> {
  return withFreeSlug(async () => {
    const doc = await BlogPostModel.create({
      ...derived(input),
      ...publicationOf(input),
      slug: await freeSlug(input.title),
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
      { ...derived(input), ...publicationOf(input, current), slug },
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
