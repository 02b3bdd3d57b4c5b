import { DEFAULT_BLOG_CATEGORY, DEFAULT_READ_TIME } from '@coach/contracts';
import { jsonShape } from '@coach/kit';
import mongoose, { type InferSchemaType } from 'mongoose';

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
    publishedAt: { type: Date },
    /** Set on generated posts: the generation request they answer, so a redelivery stores one post. */
    generationId: { type: String },
  },
  { collection: 'blog_posts', timestamps: true, toJSON: jsonShape },
);
blogPostSchema.index({ isPublished: 1, createdAt: -1 });
blogPostSchema.index({ generationId: 1 }, { unique: true, sparse: true });

export type BlogPostDoc = InferSchemaType<typeof blogPostSchema> & { _id: mongoose.Types.ObjectId; createdAt: Date; updatedAt: Date };
export const BlogPostModel = mongoose.model('BlogPost', blogPostSchema);
