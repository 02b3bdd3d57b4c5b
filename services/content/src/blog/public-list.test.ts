import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AdminBlogPost, BlogPost } from '@coach/contracts';
import { requestFrom } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeGeneratedPost } from '../daily-post/store.ts';
import { postJson, startContent, type Content } from '../testing/harness.ts';

// The public list's first page, made once per change of the posts: real mongod and redis-server
// behind the content service, every change made as the site makes it.
let content: Content;
let admin: string;

beforeAll(async () => {
  content = await startContent();
  admin = await content.sessionCookie('admin');
});
afterAll(() => content?.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const list = async (path = '/api/blog/posts') => (await (await fetch(`${content.url}${path}`)).json()) as BlogPost[];
const titles = async (path?: string) => (await list(path)).map((post) => post.title);
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;

const input = (over: Record<string, unknown> = {}) => ({
  title: unique('A post'),
  content: 'Breathe in. Breathe out. Stillness is where the day begins again.',
  category: 'Mindfulness',
  tags: ['calm'],
  ...over,
});
async function create(over: Record<string, unknown> = {}) {
  const res = await postJson(`${content.url}/api/admin/blog-posts`, input(over), { cookie: admin });
  expect(res.status).toBe(201);
  return res.body as unknown as AdminBlogPost;
}
async function edit(post: AdminBlogPost, over: Record<string, unknown>) {
  const res = await fetch(`${content.url}/api/admin/blog-posts/${post.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: admin },
    body: JSON.stringify(input({ title: post.title, ...over })),
  });
  expect(res.status).toBe(200);
}
async function remove(post: AdminBlogPost) {
  const res = await fetch(`${content.url}/api/admin/blog-posts/${post.id}`, {
    method: 'DELETE',
    headers: { cookie: admin },
  });
  expect(res.status).toBe(200);
}

describe('the list made once per change', () => {
  it('is sent as made: brotli or gzip as the reader accepts, the same JSON, one ETag, 304 to a reader who has it', async () => {
    await create({ content: 'Breathe in, and notice the body. '.repeat(100) }); // a page worth compressing
    const url = `${content.url}/api/blog/posts`;
    const plain = await requestFrom(url, { headers: { 'accept-encoding': 'identity' } });
    const br = await requestFrom(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    const gzip = await requestFrom(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [plain, br, gzip]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.headers.etag).toBe(plain.headers.etag);
      expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
    }
    const json = JSON.parse(plain.raw.toString('utf8')) as BlogPost[];
    expect(JSON.parse(brotliDecompressSync(br.raw).toString('utf8'))).toEqual(json);
    expect(JSON.parse(gunzipSync(gzip.raw).toString('utf8'))).toEqual(json);
    expect(br.raw.length).toBeLessThan(plain.raw.length / 2);
    const again = await requestFrom(url, { headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
  });

  it('shows a post created, edited, unpublished, published again and deleted in the very next answer', async () => {
    const post = await create();
    expect((await titles())[0]).toBe(post.title);

    const renamed = unique('Renamed');
    await edit(post, { title: renamed, content: 'A new body for the post.' });
    const [edited] = await list();
    expect(edited).toMatchObject({ id: post.id, title: renamed, content: 'A new body for the post.' });

    await edit({ ...post, title: renamed }, { isPublished: false });
    expect(await titles()).not.toContain(renamed);
    await edit({ ...post, title: renamed }, { isPublished: true });
    expect((await titles())[0]).toBe(renamed);

    await remove(post);
    expect((await list()).map((p) => p.id)).not.toContain(post.id);
  });

  it('shows a generated daily post as soon as it is stored, and a post of a category on its own page too', async () => {
    const category = (await list(`/api/blog/posts?category=Healing`)).length; // the category's page is kept too
    const title = unique('Generated');
    await storeGeneratedPost(
      `generated-${title}`,
      {
        title,
        slug: 'generated',
        content: 'A generated reflection on letting go.',
        excerpt: 'On letting go.',
        category: 'Healing',
        tags: [],
        imageUrl: '/images/blog/healing.svg',
        readTime: 2,
        isPublished: true,
      },
      false,
    );
    expect((await titles())[0]).toBe(title);
    const healing = await list('/api/blog/posts?category=Healing');
    expect(healing[0]?.title).toBe(title);
    expect(healing.length).toBe(Math.min(category + 1, 12));
  });

  it('answers every waiting reader with one read of the posts, and the next ones with none', async () => {
    await create(); // nothing kept
    let reads = 0;
    mongoose.set('debug', (collection: string, method: string) => {
      if (collection === 'blog_posts' && method === 'find') reads++;
    });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => list()));
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      await list();
    } finally {
      mongoose.set('debug', false);
    }
    expect(reads).toBe(1);
  });

  it('shows a scheduled post when its time comes, with no write', async () => {
    const at = new Date(Date.now() + 1500);
    const post = await create({ publishAt: at.toISOString() });
    expect(await titles()).not.toContain(post.title);
    await sleep(at.getTime() - Date.now() + 20);
    expect((await titles())[0]).toBe(post.title);
  });

  it('shows a post written around the service (another process, a script) within a second', async () => {
    await list(); // kept
    const title = unique('Written directly');
    const now = new Date();
    await mongoose.connection.collection('blog_posts').insertOne({
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      content: 'Stored by a script.',
      excerpt: 'Stored by a script.',
      category: 'Healing',
      isPublished: true,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const started = Date.now();
    while (!(await titles()).includes(title)) {
      expect(Date.now() - started).toBeLessThan(1000);
      await sleep(20);
    }
  });
});
