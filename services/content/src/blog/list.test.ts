import { gzipSync } from 'node:zlib';
import {
  BLOG_PAGE_SIZE,
  blogPostInputSchema,
  blogPostSchema,
  UNKNOWN_CURSOR_MESSAGE,
  type AdminBlogPost,
  type BlogMonth,
  type BlogPost,
} from '@coach/contracts';
import { nextLink } from '@coach/site-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContent, type Content } from '../testing/harness.ts';
import { DEMO_POSTS } from './demo-posts.ts';
import { BlogPostModel } from './model.ts';

// Real mongod and redis-server behind the content service.
let content: Content;
const DAY_MS = 24 * 3600_000;
/** A list entry's fields: the whole post, body included (the specification's post shape). */
const POST_FIELDS = Object.keys(blogPostSchema.shape).sort();
/** A typical post's body: a daily post's 450 to 700 words (services/ai-worker/src/daily-post). */
const TYPICAL_CONTENT = 3_500;
/** The longest body the admin's form accepts. */
const MAX_CONTENT = blogPostInputSchema.shape.content.maxLength!;

/** Stores published posts directly, one a day back from `from`, in `category`. */
async function store(count: number, category: string, from = Date.now() - 60_000, words = 'stillness and breath') {
  const docs = Array.from({ length: count }, (_, i) => {
    const at = new Date(from - i * DAY_MS);
    const title = `${category} post ${i} ${Math.random().toString(36).slice(2, 8)}`;
    return {
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      content: `# ${title}\n\nA reflection on ${words}.`,
      excerpt: `About ${words}.`,
      category,
      isPublished: true,
      publishedAt: at,
      createdAt: at,
      updatedAt: at,
    };
  });
  return BlogPostModel.insertMany(docs);
}

async function read(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${content.url}${path}`, { headers });
  return { status: res.status, link: res.headers.get('link'), body: (await res.json()) as unknown };
}

/** Follows the Link headers from `path` to the last page; returns the pages' rows. */
async function allRows<T>(path: string, headers: Record<string, string> = {}) {
  const pages: T[][] = [];
  for (let next: string | null = path; next;) {
    const res = await read(next, headers);
    expect(res.status).toBe(200);
    pages.push(res.body as T[]);
    next = nextLink(res.link);
  }
  return pages;
}

/** Follows the Link headers from `path` to the last page; returns the pages' ids. */
const allPages = async (path: string, headers: Record<string, string> = {}) =>
  (await allRows<{ id: string }>(path, headers)).map((page) => page.map((row) => row.id));

/** `length` characters of prose in the demo posts' words, in an order that does not repeat (seeded, so each run alike). */
function prose(length: number, seed: number) {
  const words = DEMO_POSTS.flatMap((post) => post.content.split(/\s+/));
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    text += `${words[state % words.length]} `;
  }
  return text.slice(0, length);
}

/** The gzipped bytes of the list's first page of `category`, as the gateway sends it to a browser. */
const gzippedPage = async (category: string) =>
  gzipSync(await (await fetch(`${content.url}/api/blog/posts?category=${category}`)).text()).byteLength;

beforeAll(async () => {
  content = await startContent();
  await BlogPostModel.syncIndexes();
});
afterAll(() => content?.stop());

describe('GET /api/blog/posts', () => {
  it('answers the newest page, and names the next page in a Link header until the oldest post', async () => {
    const stored = await store(30, 'Paging');
    const res = await read('/api/blog/posts?category=Paging');
    const first = res.body as Array<Record<string, unknown>>;
    expect(first).toHaveLength(BLOG_PAGE_SIZE);
    expect(first[0]).toMatchObject({
      id: stored[0]!._id.toString(),
      category: 'Paging',
      excerpt: 'About stillness and breath.',
    });
    expect(res.link).toMatch(/^<\/api\/blog\/posts\?category=Paging&cursor=[a-f0-9]{24}>; rel="next"$/);

    const pages = await allPages('/api/blog/posts?category=Paging');
    expect(pages.map((p) => p.length)).toEqual([12, 12, 6]);
    expect(pages.flat()).toEqual(stored.map((d) => d._id.toString())); // newest first, each once
  });

  it('answers every post whole on every page, of every category and search: the post shape, body included', async () => {
    await store(26, 'Whole', Date.UTC(2018, 2, 30), 'an entire woodland');
    for (const path of [
      '/api/blog/posts',
      '/api/blog/posts?category=Whole',
      `/api/blog/posts?q=${encodeURIComponent('woodland')}`,
      '/api/blog/posts?month=2018-03&category=Whole',
    ]) {
      const pages = await allRows<BlogPost>(path);
      expect(pages.length, path).toBeGreaterThanOrEqual(2);
      for (const post of pages.flat()) {
        expect(Object.keys(post).sort(), `${path} ${post.slug}`).toEqual(POST_FIELDS);
        expect(blogPostSchema.safeParse(post).success, `${path} ${post.slug}`).toBe(true);
        expect(post.content, `${path} ${post.slug}`).toBe((await BlogPostModel.findById(post.id).lean())?.content);
      }
    }
  });

  it('keeps a page small: twelve typical posts, and twelve at the longest body the admin allows, gzipped', async () => {
    const page = async (category: string, body: (i: number) => string) => {
      const docs = await store(BLOG_PAGE_SIZE, category);
      await Promise.all(docs.map((doc, i) => BlogPostModel.updateOne({ _id: doc._id }, { content: body(i) })));
      return gzippedPage(category);
    };
    const typicalBytes = await page('Typical', (i) => prose(TYPICAL_CONTENT, i + 1));
    const longestBytes = await page('Longest', (i) => prose(MAX_CONTENT, i + 1));
    // README.md gives the figures (16 kB and 365 kB): a larger page or a longer allowed body fails here.
    expect(typicalBytes).toBeLessThan(20_000);
    expect(longestBytes).toBeLessThan(400_000);
  });

  it('stays stable when posts are published while a reader pages', async () => {
    await store(20, 'Stable', Date.now() - 120_000);
    const first = await read('/api/blog/posts?category=Stable');
    const seen = (first.body as Array<{ id: string }>).map((p) => p.id);
    // Newer posts arrive: the next pages neither repeat nor skip a post the reader had not seen.
    await store(5, 'Stable', Date.now() - 1000);
    const rest = await allPages(nextLink(first.link)!);
    const all = [...seen, ...rest.flat()];
    expect(new Set(all).size).toBe(20);
    expect(all).toHaveLength(20);
  });

  it('filters on the server across every post: category, month and a search of the words', async () => {
    const old = await store(15, 'Filters', Date.UTC(2020, 5, 20), 'gratitude');
    const [needle] = await store(1, 'Filters', Date.UTC(2019, 0, 10), 'an unmistakable lighthouse');
    const search = (await read('/api/blog/posts?q=LIGHTHOUSE')).body as Array<{ id: string }>;
    expect(search.map((p) => p.id)).toEqual([needle!._id.toString()]);
    const june = await allPages('/api/blog/posts?month=2020-06&category=Filters');
    expect(june.flat()).toEqual(old.filter((d) => d.publishedAt!.getUTCMonth() === 5).map((d) => d._id.toString()));
    const months = (await read('/api/blog/posts/months')).body as BlogMonth[];
    expect(months).toContainEqual({ month: '2019-01', count: 1 });
    expect(months.map((m) => m.month)).toEqual([...months.map((m) => m.month)].sort().reverse());
  });

  it('treats a search with pattern characters, quotes or 10 kB as plain text, quickly', async () => {
    for (const q of ['.*(', '"unclosed', '-lighthouse', '$where', '\\d+[']) {
      const res = await read(`/api/blog/posts?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    }
    const started = Date.now();
    const huge = await read(`/api/blog/posts?q=${encodeURIComponent('lighthouse '.repeat(1000))}`);
    expect(huge.status).toBe(200);
    expect((huge.body as Array<{ title: string }>)[0]?.title).toMatch(/^Filters post 0/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses an unknown or malformed cursor with 400', async () => {
    const [draft] = await BlogPostModel.insertMany([
      { title: 'A draft', slug: 'a-draft-cursor', content: 'x', isPublished: false, publishedAt: null },
    ]);
    for (const cursor of ['nonsense', '0'.repeat(24), draft!._id.toString(), 'a'.repeat(25)]) {
      const res = await read(`/api/blog/posts?cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body).toHaveProperty('message');
    }
    expect((await read('/api/blog/posts?month=2020-13')).status).toBe(400);
  });
});

describe('GET /api/admin/blog-posts', () => {
  it('pages every post, drafts and scheduled ones included, and searches them', async () => {
    const admin = { cookie: await content.sessionCookie('admin') };
    const pages = await allPages('/api/admin/blog-posts', admin);
    expect(pages[0]).toHaveLength(20);
    expect(pages.flat()).toHaveLength(await BlogPostModel.countDocuments());
    const found = (await read('/api/admin/blog-posts?q=draft', admin)).body as AdminBlogPost[];
    expect(found.map((p) => p.title)).toContain('A draft');
  });
});

describe('the admin lists of messages and subscribers', () => {
  it('are paged newest first and searched literally on the server', async () => {
    const admin = { cookie: await content.sessionCookie('admin') };
    const { ContactMessageModel } = await import('../contact/model.ts');
    const { SubscriberModel } = await import('../newsletter/model.ts');
    await ContactMessageModel.insertMany(
      Array.from({ length: 25 }, (_, i) => ({
        name: `Sender ${i}`,
        email: `s${i}@example.com`,
        subject: 'general',
        message: `Message (${i}) .*`,
      })),
    );
    await SubscriberModel.insertMany(Array.from({ length: 23 }, (_, i) => ({ email: `reader${i}@example.com` })));
    const messages = await allPages('/api/contact-messages', admin);
    expect(messages.map((p) => p.length)).toEqual([20, 5]);
    const subscribers = await allPages('/api/newsletter-subscribers', admin);
    expect(subscribers.flat()).toHaveLength(23);
    const found = (await read(`/api/contact-messages?q=${encodeURIComponent('(7) .*')}`, admin)).body as Array<{
      name: string;
    }>;
    expect(found.map((m) => m.name)).toEqual(['Sender 7']);
    const readers = (await read('/api/newsletter-subscribers?q=READER1', admin)).body as Array<{ email: string }>;
    expect(readers.map((r) => r.email).sort()).toEqual(
      ['reader1@example.com', ...Array.from({ length: 10 }, (_, i) => `reader1${i}@example.com`)].sort(),
    );
  });
});

describe('the admin lists of posts, messages and subscribers', () => {
  it('refuse a malformed cursor, or one naming no row, with 400 and a message', async () => {
    const admin = { cookie: await content.sessionCookie('admin') };
    const { ContactMessageModel } = await import('../contact/model.ts');
    const [message] = await ContactMessageModel.insertMany([
      { name: 'Gone', email: 'gone@example.com', subject: 'general', message: 'Soon deleted.' },
    ]);
    await ContactMessageModel.deleteOne({ _id: message!._id });
    const unknown = ['0'.repeat(24), message!._id.toString()];
    for (const list of ['/api/admin/blog-posts', '/api/contact-messages', '/api/newsletter-subscribers']) {
      for (const cursor of ['bad', 'a'.repeat(25), ...unknown]) {
        const res = await read(`${list}?cursor=${cursor}`, admin);
        expect(res.status, `${list} ${cursor}`).toBe(400);
        expect((res.body as { message: string }).message, `${list} ${cursor}`).toMatch(/cursor/i);
      }
    }
    expect((await read(`/api/contact-messages?cursor=${unknown[1]}`, admin)).body).toEqual({
      message: UNKNOWN_CURSOR_MESSAGE,
    });
  });
});
