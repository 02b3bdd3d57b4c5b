import { DEFAULT_BLOG_CATEGORY, DEFAULT_READ_TIME } from '@coach/contracts';
import { jsonShape } from '@coach/kit';
import mongoose, { type InferSchemaType } from 'mongoose';
import { Changes, watchWrites } from '../changes/changes.ts';

const blogPostSchema = new mongoose.Schema(
  {
    title: { type: String, required: true, maxlength: 255 },
    slug: { type: String, required: true, maxlength: 255, unique: true },
    excerpt: { type: String, default: '' },
    content: { type: String, required: true },
    category: { type: String, maxlength: 100, default: DEFAULT_BLOG_CATEGORY },
    tags: { type: [String], default: [] },
    metaTitle: { type: String, maxlength: 255 },
    metaDescription: { type: String },
    keywords: { type: [String], default: [] },
    imageUrl: { type: String, default: '' },
    isPublished: { type: Boolean, default: true },
    isGenerated: { type: Boolean, default: false },
    readTime: { type: Number, default: DEFAULT_READ_TIME },
    /** When the post becomes public: a future date schedules it. Unset on a draft never published. */
    publishedAt: { type: Date },
    /** E-mail the post to the newsletter's subscribers when it becomes public. */
    sendToSubscribers: { type: Boolean, default: true },
    /** Set while the post still owes its one blog.post_published event (cleared once queued). */
    announcePending: { type: Boolean },
    /** A replica publishing the event holds the post until then; after it, another may retry. */
    announceClaimedUntil: { type: Date },
    announcedAt: { type: Date },
    /** Set on generated posts: the generation request they answer, so a redelivery stores one post. */
    generationId: { type: String },
  },
  { collection: 'blog_posts', timestamps: true, toJSON: jsonShape },
);
// The public list's keyset (newest first), overall and per category.
blogPostSchema.index({ isPublished: 1, publishedAt: -1, _id: -1 });
blogPostSchema.index({ isPublished: 1, category: 1, publishedAt: -1, _id: -1 });
// The admin's list, newest first.
blogPostSchema.index({ createdAt: -1, _id: -1 });
// Search: words of the title count most, then tags and excerpt, then the body.
blogPostSchema.index(
  { title: 'text', tags: 'text', excerpt: 'text', content: 'text' },
  { name: 'blog_search', weights: { title: 10, tags: 5, excerpt: 3, content: 1 }, default_language: 'english' },
);
blogPostSchema.index({ announcePending: 1, publishedAt: 1 }, { sparse: true });
blogPostSchema.index({ generationId: 1 }, { unique: true, sparse: true });
// The latest change, part of the posts' fingerprint (public-list.ts).
blogPostSchema.index({ updatedAt: -1 });

/** Every write to the posts through this model (public-list.ts keeps pages until one). */
export const blogPostChanges = new Changes();
watchWrites(blogPostSchema, blogPostChanges);

export type BlogPostDoc = InferSchemaType<typeof blogPostSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
export const BlogPostModel = mongoose.model('BlogPost', blogPostSchema);
