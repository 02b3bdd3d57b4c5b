// The blog as the gateway renders it: /blog and a post page at 50 connections with the public
// cache on and off, and how /blog and the list API grow with the number of published posts.
import { databaseUrl, type Stack } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { load } from '../../../bench/autocannon.ts';

const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const GROWTH = [10, 1_000, 10_000] as const;
/** Target: with 10,000 posts, /blog's and the list API's p99 within this factor of theirs with 10. */
export const GROWTH_TARGET_RATIO = 1.3;
/** Target: the list API's first page through the gateway, public cache off, 10,000 posts stored. */
export const API_FIRST_PAGE_TARGET = { requestsPerSecond: 1000, p99Ms: 100 };
const DAY_MS = 24 * 3600_000;
const PARAGRAPH =
  'Stillness is not the absence of movement but the presence of attention. Breathe in, notice the body, and let the day arrive as it is. ';

/** `count` published posts, one a day back from now, of about 3 kB each (a real post's size). */
function posts(count: number) {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(now - 60_000 - i * DAY_MS);
    const title = `Reflection ${i + 1}: finding the quiet centre`;
    return {
      title,
      slug: `reflection-${i + 1}-finding-the-quiet-centre`,
      excerpt: PARAGRAPH.slice(0, 120),
      content: `# ${title}\n\n${PARAGRAPH.repeat(22)}`,
      category: ['Healing', 'Purpose', 'Spiritual Growth', 'Daily Wisdom', 'Transformation'][i % 5],
      tags: ['stillness', 'breath'],
      imageUrl: '/images/blog/healing.svg',
      readTime: 3,
      isPublished: true,
      isGenerated: false,
      publishedAt: at,
      createdAt: at,
      updatedAt: at,
    };
  });
}

/** Waits until the list's first page starts with the post `id` (at most 5 s). */
async function listedFirst(gateway: string, id: string) {
  for (const started = Date.now(); Date.now() - started < 5000;) {
    const [first] = (await (await fetch(`${gateway}/api/blog/posts`)).json()) as Array<{ id: string }>;
    if (first?.id === id) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the list did not show the posts stored (${id} first) within 5 s`);
}

/** Restarts the gateway with the public cache (rendered pages and hot reads) kept `seconds`. */
async function publicCache(stack: Stack, seconds: number) {
  stack.env.gateway.PUBLIC_CACHE_SECONDS = String(seconds);
  await stack.stopService('gateway');
  await stack.startService('gateway');
}

/** How /blog and the list API answer with `posts` published posts, the public cache off. */
export interface GrowthFigures {
  posts: number;
  '/blog HTML kB': number;
  '/blog p99 ms': number;
  '/blog req/s': number;
  'API first page p99 ms': number;
  'API req/s': number;
}

/**
 * The rendered pages with the public cache on and off (demo posts), and the growth from 10 to
 * 10,000 published posts (first row 10, last 10,000).
 */
export async function benchBlog(
  stack: Stack,
  seconds: number,
  connections: number,
): Promise<{ rendered: Array<Record<string, unknown>>; growth: GrowthFigures[] }> {
  const gateway = stack.gatewayUrl;
  const run = async (path: string) => {
    const url = `${gateway}${path}`;
    await load(url, { connections, seconds: 1, headers: BROWSER_HEADERS }); // warm-up
    return load(url, { connections, seconds, headers: BROWSER_HEADERS });
  };
  const [newest] = (await (await fetch(`${gateway}/api/blog/posts`)).json()) as Array<{ slug: string }>;
  const pages = ['/blog', `/blog/${newest!.slug}`];

  const rendered: Array<Record<string, unknown>> = [];
  for (const [cache, ttl] of [
    ['on (1 s)', 1],
    ['off', 0],
  ] as const) {
    if (ttl === 0) await publicCache(stack, 0);
    for (const page of pages) {
      const figures = await run(page);
      rendered.push({
        page,
        'public cache': cache,
        'req/s': figures.requestsPerSecond,
        'p99 ms': figures.p99Ms,
        errors: figures.errors,
        non2xx: figures.non2xx,
      });
    }
  }

  // Growth, with the public cache off: every answer is read from content (the worst case).
  const db = await mongoose.createConnection(databaseUrl(stack.mongoUrl, 'coach-content')).asPromise();
  const growth: GrowthFigures[] = [];
  try {
    const saved = await db.collection('blog_posts').find().toArray();
    for (const count of GROWTH) {
      await db.collection('blog_posts').deleteMany({});
      const { insertedIds } = await db.collection('blog_posts').insertMany(posts(count));
      // Written around content: it sees them by its own check of the posts (blog/public-list.ts), within a second.
      await listedFirst(gateway, String(insertedIds[0]));
      const html = await (await fetch(`${gateway}/blog`)).text();
      const blog = await run('/blog');
      const api = await run('/api/blog/posts');
      growth.push({
        posts: count,
        '/blog HTML kB': Math.round(Buffer.byteLength(html) / 102.4) / 10,
        '/blog p99 ms': blog.p99Ms,
        '/blog req/s': blog.requestsPerSecond,
        'API first page p99 ms': api.p99Ms,
        'API req/s': api.requestsPerSecond,
      });
    }
    await db.collection('blog_posts').deleteMany({});
    await db.collection('blog_posts').insertMany(saved);
  } finally {
    await db.close();
    await publicCache(stack, 1);
  }
  return { rendered, growth };
}
