import { PUBLIC_PAGE_PATHS } from '@coach/site-rules';
import { databaseUrl, requestFrom, startStack, type Stack } from '@coach/dev-stack';
import mongoose from 'mongoose';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// mongod, redis-server, content and gateway as separate processes. Ten URLs a sitemap file, so
// the demo posts and the public pages already need an index of several files.
const SITE_URL = 'https://asha.example';
const MAX_URLS = 10;
let stack: Stack;
let db: mongoose.Connection;

const get = (urlPath: string) => fetch(`${stack.gatewayUrl}${urlPath}`);

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** A document's root element, parsed by a strict XML parser: anything not well-formed throws. */
function parseXml(text: string): XmlElement {
  const parser = new SaxesParser();
  const document: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const open = [document];
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('opentag', (tag) => {
    const element = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: '' };
    open.at(-1)!.children.push(element);
    open.push(element);
  });
  parser.on('text', (text) => void (open.at(-1)!.text += text));
  parser.on('closetag', () => void open.pop());
  parser.write(text).close();
  expect(document.children).toHaveLength(1);
  return document.children[0]!;
}
/** The elements named so under an element, in document order. */
const elements = (parent: XmlElement, name: string): XmlElement[] =>
  parent.children.flatMap((child) => [...(child.name === name ? [child] : []), ...elements(child, name)]);
const texts = (parent: XmlElement, name: string) => elements(parent, name).map((element) => element.text);

async function xml(urlPath: string, type: string): Promise<XmlElement> {
  const res = await get(urlPath);
  expect(res.status, urlPath).toBe(200);
  expect(res.headers.get('content-type'), urlPath).toBe(`${type}; charset=utf-8`);
  return parseXml(await res.text());
}

/** Every URL the sitemap names with its lastmod, through its index and files. */
async function sitemapUrls(): Promise<Map<string, string>> {
  const index = await xml('/sitemap.xml', 'application/xml');
  expect(index.name).toBe('sitemapindex');
  const urls = new Map<string, string>();
  for (const file of elements(index, 'sitemap')) {
    const loc = texts(file, 'loc')[0]!;
    expect(loc).toMatch(new RegExp(`^${SITE_URL}/sitemap-\\d+\\.xml$`));
    expect(Date.parse(texts(file, 'lastmod')[0]!)).not.toBeNaN();
    const part = await xml(new URL(loc).pathname, 'application/xml');
    expect(part.name).toBe('urlset');
    const entries = elements(part, 'url');
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThanOrEqual(MAX_URLS);
    for (const entry of entries) {
      const url = texts(entry, 'loc')[0]!;
      expect(urls.has(url), `${url} listed twice`).toBe(false);
      urls.set(url, texts(entry, 'lastmod')[0]!);
    }
  }
  return urls;
}

let serial = 0;
/** A post stored as content stores it. */
async function storePost(fields: Record<string, unknown> = {}) {
  serial += 1;
  const now = new Date();
  const post = {
    title: `Stored post ${serial}`,
    slug: `stored-post-${serial}-${Date.now()}`,
    excerpt: 'An excerpt.',
    content: 'The body of the post.',
    category: 'Healing',
    tags: [],
    imageUrl: '/images/blog/healing.svg',
    isPublished: true,
    isGenerated: false,
    readTime: 1,
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
    ...fields,
  };
  await db.collection('blog_posts').insertOne(post);
  return post;
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  stack = await startStack({
    services: ['content', 'gateway'],
    logLevel: 'silent',
    env: { SITE_URL, FEED_CACHE_SECONDS: '1', SITEMAP_MAX_URLS: String(MAX_URLS) },
  });
  db = await mongoose.createConnection(databaseUrl(stack.mongoUrl, 'coach-content')).asPromise();
});
afterAll(async () => {
  await db?.close();
  await stack?.stop();
});

describe('robots.txt', () => {
  it('names the sitemap at the site address and keeps crawlers out of the API', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${SITE_URL}/sitemap\\.xml$`, 'm'));
  });
});

describe('sitemap.xml', () => {
  it('lists every public page and every published post, each with its lastmod, split into an index past the limit', async () => {
    const published = await db
      .collection('blog_posts')
      .find({ isPublished: true }, { projection: { slug: 1, updatedAt: 1 } })
      .toArray();
    expect(published.length).toBeGreaterThanOrEqual(8);
    const urls = await sitemapUrls();
    expect(urls.size).toBe(PUBLIC_PAGE_PATHS.length + published.length);
    expect(urls.size).toBeGreaterThan(2 * MAX_URLS);
    for (const pagePath of [
      '/',
      '/about',
      '/coaching',
      '/testimonials',
      '/blog',
      '/ask-ai',
      '/contact',
      '/legal/terms',
    ]) {
      expect(Date.parse(urls.get(`${SITE_URL}${pagePath}`)!), pagePath).not.toBeNaN();
    }
    for (const post of published) {
      expect(urls.get(`${SITE_URL}/blog/${post.slug}`)).toBe((post.updatedAt as Date).toISOString());
    }
    for (const url of urls.keys()) expect(url).not.toMatch(/\/(login|signup|community|profile|admin)/);
    expect((await get(`/sitemap-${Math.ceil(urls.size / MAX_URLS) + 1}.xml`)).status).toBe(404);
  });

  it('takes in a post published after the start, and never a draft or a post scheduled for later', async () => {
    const draft = await storePost({ isPublished: false, publishedAt: undefined });
    const scheduled = await storePost({ publishedAt: new Date(Date.now() + 3_600_000) });
    const post = await storePost();
    const urls = await eventually(sitemapUrls, (found) => found.has(`${SITE_URL}/blog/${post.slug}`));
    expect(urls.get(`${SITE_URL}/blog/${post.slug}`)).toBe(post.updatedAt.toISOString());
    expect(urls.has(`${SITE_URL}/blog/${draft.slug}`)).toBe(false);
    expect(urls.has(`${SITE_URL}/blog/${scheduled.slug}`)).toBe(false);
  });

  it('tells caches how long it holds, and answers an unchanged one with 304', async () => {
    const res = await get('/sitemap.xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=1');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    // node:http, not fetch: fetch adds `Cache-Control: no-cache` to a conditional request.
    const again = await requestFrom(`${stack.gatewayUrl}/sitemap.xml`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });
});

describe('rss.xml', () => {
  it('is an RSS 2.0 feed of the newest posts, newest first, every text escaped', async () => {
    const title = `Fear & <Love> "quoted" 'single' ]]> \u0001end`;
    const post = await storePost({ title, excerpt: '<script>alert(1)</script> & more', category: 'Healing & Rest' });
    const scheduled = await storePost({ publishedAt: new Date(Date.now() + 3_600_000) });
    const feed = await eventually(
      () => xml('/rss.xml', 'application/rss+xml'),
      (doc) => texts(doc, 'guid').includes(`${SITE_URL}/blog/${post.slug}`),
    );
    expect(feed.name).toBe('rss');
    expect(feed.attributes.version).toBe('2.0');
    const channel = elements(feed, 'channel')[0]!;
    expect(texts(channel, 'title')[0]).toBe('Meera Anand Coaching');
    expect(texts(channel, 'link')[0]).toBe(`${SITE_URL}/blog`);
    expect(elements(channel, 'atom:link')[0]?.attributes.href).toBe(`${SITE_URL}/rss.xml`);

    const items = elements(feed, 'item');
    expect(texts(feed, 'guid')).not.toContain(`${SITE_URL}/blog/${scheduled.slug}`);
    expect(items.length).toBeGreaterThan(8);
    expect(items.length).toBeLessThanOrEqual(20);
    const dates = items.map((item) => Date.parse(texts(item, 'pubDate')[0]!));
    expect(dates.every((date) => !Number.isNaN(date))).toBe(true);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const item = items.find((each) => texts(each, 'guid')[0] === `${SITE_URL}/blog/${post.slug}`)!;
    expect(texts(item, 'title')[0]).toBe(title.replace('\u0001', ''));
    expect(texts(item, 'link')[0]).toBe(`${SITE_URL}/blog/${post.slug}`);
    expect(texts(item, 'description')[0]).toBe('<script>alert(1)</script> & more');
    expect(texts(item, 'category')[0]).toBe('Healing & Rest');
  });
});
