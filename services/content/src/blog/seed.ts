import { excerptOf, imageForCategory, type Logger, nullIfDuplicate, readTimeOf, slugify } from '@coach/kit';
import { BlogPostModel } from './model.ts';
import { DEMO_POSTS } from './demo-posts.ts';

const DAY_MS = 24 * 3600 * 1000;

/** Seeds the demo posts once, into an empty collection (embedded mode only). */
export async function seedDemoPosts(logger: Logger): Promise<void> {
  if (await BlogPostModel.estimatedDocumentCount()) return;
  const now = Date.now();
  await BlogPostModel.insertMany(
    DEMO_POSTS.map((post) => {
      const date = new Date(now - post.daysAgo * DAY_MS);
      return {
        ...post,
        slug: slugify(post.title),
        excerpt: excerptOf(post.content),
        readTime: readTimeOf(post.content),
        imageUrl: imageForCategory(post.category),
        metaTitle: post.title,
        metaDescription: excerptOf(post.content),
        keywords: post.tags,
        isPublished: true,
        publishedAt: date,
        createdAt: date,
        updatedAt: date,
      };
    }),
    { ordered: false },
  ).catch(nullIfDuplicate); // another replica seeded at the same time
  logger.info({ count: DEMO_POSTS.length }, 'seeded demo blog posts');
}
