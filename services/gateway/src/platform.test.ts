import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { databaseUrl, requestFrom, startStack, type Stack } from '@coach/dev-stack';
import { blogPostSchema } from '@coach/contracts';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real thing: mongod, redis-server, content and gateway as separate processes.
let stack: Stack;
let db: mongoose.Connection;
// Long enough for 200 concurrent likes on a busy 2-core machine, short enough to test the 504.
const UPSTREAM_TIMEOUT_MS = 4000;
/** A list entry's fields: the whole post, body included (a reader offline opens it from the list). */
const POST_FIELDS = Object.keys(blogPostSchema.shape).sort();

const api = (path: string, init: RequestInit = {}) => fetch(`${stack.gatewayUrl}${path}`, init);
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const count = (collection: string) => db.collection(collection).countDocuments();
const validContact = { name: 'Anna', email: 'anna@example.com', subject: 'general', message: 'I would love to talk.' };

beforeAll(async () => {
  stack = await startStack({
    services: ['content', 'gateway'],
    logLevel: 'silent',
    env: {
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      RATE_LIMIT_READS_PER_MINUTE: '100000',
    },
  });
  db = await mongoose.createConnection(databaseUrl(stack.mongoUrl, 'coach-content')).asPromise();
});

afterAll(async () => {
  await db?.close();
  await stack?.stop();
});

describe('public content API through the gateway', () => {
  it('lists the seeded published posts, newest first, with the blog fields', async () => {
    const res = await api('/api/blog/posts');
    expect(res.status).toBe(200);
    const posts = (await res.json()) as Array<Record<string, unknown>>;
    expect(posts.length).toBeGreaterThanOrEqual(8);
    const categories = new Set(posts.map((p) => p.category));
    for (const c of ['Healing', 'Purpose', 'Spiritual Growth', 'Daily Wisdom', 'Transformation'])
      expect(categories).toContain(c);
    const dates = posts.map((p) => Date.parse(String(p.publishedAt)));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    for (const post of posts) expect(Object.keys(post).sort()).toEqual(POST_FIELDS);
    const image = await api(String(posts[0].imageUrl));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('reads one post by slug, and answers 404 JSON for a missing or unpublished one', async () => {
    const [first] = (await (await api('/api/blog/posts')).json()) as Array<{ slug: string; title: string }>;
    const one = await api(`/api/blog/${first.slug}`);
    expect(one.status).toBe(200);
    expect(((await one.json()) as { title: string }).title).toBe(first.title);

    await db
      .collection('blog_posts')
      .insertOne({ title: 'Draft', slug: 'a-draft', content: 'x', isPublished: false, createdAt: new Date() });
    for (const slug of ['a-draft', 'no-such-post']) {
      const res = await api(`/api/blog/${slug}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Post not found' });
    }
  });

  it('counts 200 concurrent likes exactly', async () => {
    const before = (await (await api('/api/site-stats')).json()) as { likeCount: number };
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => api('/api/site-stats/like', { method: 'POST' })),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const doc = await db.collection('site_stats').findOne({});
    expect(doc?.likeCount).toBe(before.likeCount + 200);
    expect(await count('site_stats')).toBe(1);
  });

  it('answers the statistics from its 1 s cache, and a like through it shows at once', async () => {
    await api('/api/site-stats');
    const cached = await api('/api/site-stats');
    expect(cached.headers.get('x-cache')).toBe('HIT');
    const { likeCount } = (await cached.json()) as { likeCount: number };
    await api('/api/site-stats/like', { method: 'POST' });
    const after = await api('/api/site-stats');
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(((await after.json()) as { likeCount: number }).likeCount).toBe(likeCount + 1);
    // A change the gateway did not see (another replica) shows once the entry expires.
    await db.collection('site_stats').updateOne({}, { $inc: { likeCount: 5 } });
    await new Promise((r) => setTimeout(r, 1100));
    expect(((await (await api('/api/site-stats')).json()) as { likeCount: number }).likeCount).toBe(likeCount + 6);
  });

  it('keeps no answer read before a like that passed through it while the read was on its way', async () => {
    await new Promise((r) => setTimeout(r, 1100)); // the entry has expired: the next read goes to content
    const { likeCount } = (await (await api('/api/site-stats?fresh')).json()) as { likeCount: number };
    // The read leaves first; the like passes through while its answer is still on the way back.
    const [read, like] = await Promise.all([
      api('/api/site-stats'),
      new Promise((r) => setTimeout(r, 1)).then(() => api('/api/site-stats/like', { method: 'POST' })),
    ]);
    expect(read.status).toBe(200);
    expect(like.status).toBe(200);
    const after = await api('/api/site-stats');
    expect(((await after.json()) as { likeCount: number }).likeCount).toBe(likeCount + 1);
  });

  it('answers a cached read gzipped to a client that accepts it, the same JSON as to one that does not', async () => {
    const url = `${stack.gatewayUrl}/api/blog/posts`;
    await requestFrom(url); // fills the entry
    const plain = await requestFrom(url, { headers: { 'accept-encoding': 'identity' } });
    const gzipped = await requestFrom(url, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gzipped.headers['x-cache']).toBe('HIT');
    expect(gzipped.raw.length).toBeLessThan(plain.raw.length / 2);
    expect(JSON.parse(gunzipSync(gzipped.raw).toString('utf8'))).toEqual(JSON.parse(plain.raw.toString('utf8')));
  });

  it('records a visit and returns the updated stats', async () => {
    const before = (await (await api('/api/site-stats')).json()) as { visitorCount: number };
    const res = await api('/api/site-stats/visit', { method: 'POST' });
    expect(((await res.json()) as { visitorCount: number }).visitorCount).toBe(before.visitorCount + 1);
  });

  it('stores a contact message once when it is replayed with its Idempotency-Key', async () => {
    const before = await count('contact_messages');
    const key = randomUUID();
    const first = await postJson('/api/contact', validContact, { 'Idempotency-Key': key });
    const replay = await postJson('/api/contact', validContact, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(await first.json());
    expect(await count('contact_messages')).toBe(before + 1);
    const other = await postJson(
      '/api/contact',
      { ...validContact, message: 'A different message.' },
      { 'Idempotency-Key': key },
    );
    expect(other.status).toBe(422);
    expect(await count('contact_messages')).toBe(before + 1);
  });

  it('keeps one subscriber row when the same address subscribes twice, answering both alike', async () => {
    const first = await postJson('/api/newsletter', { email: 'Reader@Example.com' });
    const second = await postJson('/api/newsletter', { email: 'reader@example.com ' });
    expect(first.status).toBe(202);
    expect(second).toMatchObject({ status: 202, body: first.body });
    expect(await db.collection('newsletter_subscribers').countDocuments({ email: 'reader@example.com' })).toBe(1);
  });

  it.each([
    ['malformed JSON', '/api/contact', '{"name": "An', 'Malformed JSON body'],
    ['wrong types', '/api/contact', { ...validContact, name: 42 }, 'Name must be at least 2 characters'],
    ['unknown fields', '/api/contact', { ...validContact, isAdmin: true }, 'Unknown field(s): isAdmin'],
    ['a MongoDB operator', '/api/newsletter', { email: { $gt: '' } }, 'Please enter a valid email address'],
    [
      'an oversized body',
      '/api/contact',
      { ...validContact, message: 'x'.repeat(101 * 1024) },
      'Request body is too large (limit 100 kB)',
    ],
    [
      'a too-short message',
      '/api/contact',
      { ...validContact, message: 'short' },
      'Message must be at least 10 characters',
    ],
    ['an unknown subject', '/api/contact', { ...validContact, subject: 'other' }, 'Please select a subject'],
  ])('refuses %s with 400 JSON and stores nothing', async (_name, path, body, message) => {
    const before = [await count('contact_messages'), await count('newsletter_subscribers')];
    const res = await postJson(path, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
    expect([await count('contact_messages'), await count('newsletter_subscribers')]).toEqual(before);
  });

  it('refuses a body that claims an encoding it does not have with 400, storing nothing', async () => {
    const before = await count('contact_messages');
    const res = await api('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: JSON.stringify(validContact),
    });
    expect(res.status).toBe(400);
    expect(await count('contact_messages')).toBe(before);
  });

  it('answers a missing image with 404 and never serves files outside the image folder', async () => {
    expect((await api('/images/blog/no-such-image.svg')).status).toBe(404);
    const escape = await api('/images/blog/%2e%2e/%2e%2e/package.json');
    expect([403, 404]).toContain(escape.status);
    expect(await escape.text()).not.toContain('@coach/content');
  });

  it('answers unknown API paths with 404 JSON, never the app shell', async () => {
    const res = await api('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('refuses admin lists to signed-out callers', async () => {
    for (const path of ['/api/contact-messages', '/api/newsletter-subscribers', '/api/admin/blog-posts']) {
      expect((await api(path)).status).toBe(401);
    }
  });
});

describe('gateway resilience', () => {
  it('answers 503 JSON with Retry-After at once while content is down, keeps the public lists, and recovers', async () => {
    const [read] = (await (await api('/api/blog/posts')).json()) as Array<{ slug: string; title: string }>;
    expect(await (await api(`/blog/${read.slug}`)).text()).toContain(read.title); // rendered once
    await stack.stopService('content', 'SIGKILL');
    const started = Date.now();
    const down = await api('/api/blog/posts?fresh=1');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await down.json()).toEqual({
      message: 'The service is temporarily unavailable. Please try again in a moment.',
    });
    expect(Date.now() - started).toBeLessThan(UPSTREAM_TIMEOUT_MS);
    // The list read before is still served, marked stale, once its second in the cache is over.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const list = await api('/api/blog/posts');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-cache')).toBe('STALE');
    expect(((await list.json()) as Array<{ slug: string }>)[0].slug).toBe(read.slug);
    // The blog page still opens: the build's page, whose cards wait for the posts.
    const blog = await api('/blog');
    expect(blog.status).toBe(200);
    expect(await blog.text()).toContain('data-testid="post-skeleton"');
    // A post page rendered before is served as it was last read.
    const post = await api(`/blog/${read.slug}`);
    expect(post.status).toBe(200);
    expect(await post.text()).toContain(read.title);
    await stack.startService('content');
    expect((await api('/api/blog/posts?fresh=2')).status).toBe(200);
  });

  it('answers 504 JSON within its timeout when content hangs, and recovers', async () => {
    stack.signalService('content', 'SIGSTOP');
    try {
      const started = Date.now();
      const hung = await api('/api/site-stats?fresh=3');
      const elapsed = Date.now() - started;
      expect(hung.status).toBe(504);
      expect(hung.headers.get('content-type')).toContain('application/json');
      expect(elapsed).toBeGreaterThanOrEqual(UPSTREAM_TIMEOUT_MS - 100);
      expect(elapsed).toBeLessThan(UPSTREAM_TIMEOUT_MS + 2000);
    } finally {
      stack.signalService('content', 'SIGCONT');
    }
    expect((await api('/api/site-stats?fresh=4')).status).toBe(200);
  });
});

describe('serving the PWA', () => {
  it('serves a public page prerendered, revalidated on every load, with security headers', async () => {
    const res = await api('/coaching');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const html = await res.text();
    expect(html).toContain('<title>Coaching Programs - ');
    expect(html).toContain('Transformational Coaching Programs');
    // The trailing-slash form is the same page.
    expect(await (await api('/coaching/')).text()).toBe(html);
  });

  it('renders /blog with the current posts in the HTML, and a new post within a second', async () => {
    const [first] = (await (await api('/api/blog/posts')).json()) as Array<{ title: string }>;
    const html = await (await api('/blog')).text();
    expect(html).toContain(`>${first.title}<`);
    expect(html).toContain('<script type="application/json" id="page-data">');
    expect(html).not.toContain('post-skeleton');

    // A title that would end the data script early if it were not escaped.
    const title = `Fresh news </script><script>alert(1)</script> ${randomUUID()}`;
    const body = `The body of the fresh news ${randomUUID()}`;
    await db.collection('blog_posts').insertOne({
      title,
      slug: `fresh-${randomUUID()}`,
      excerpt: 'Just published.',
      content: body,
      category: 'Healing',
      imageUrl: '/images/blog/healing.svg',
      readTime: 2,
      tags: [],
      isPublished: true,
      isGenerated: false,
      createdAt: new Date(),
      updatedAt: new Date(),
      publishedAt: new Date(),
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = await (await api('/blog')).text();
    expect(fresh).toContain(title.replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    expect(fresh).not.toContain('<script>alert(1)</script>');
    // The list's answer has the body; the page carries the cards alone, so it does not grow with it.
    expect(await (await api('/api/blog/posts')).text()).toContain(body);
    expect(fresh).not.toContain(body);
  });

  it('links each rendered page of /blog to the next, so every post is reachable without scripts', async () => {
    const category = `Paged ${randomUUID().slice(0, 8)}`;
    const now = Date.now();
    const titles = Array.from({ length: 15 }, (_, i) => `Paged post ${i} ${randomUUID().slice(0, 6)}`);
    await db.collection('blog_posts').insertMany(
      titles.map((title, i) => ({
        title,
        slug: `paged-${i}-${randomUUID()}`,
        excerpt: 'A paged post.',
        content: 'Body',
        category,
        imageUrl: '/images/blog/healing.svg',
        readTime: 2,
        tags: [],
        isPublished: true,
        isGenerated: false,
        createdAt: new Date(now - i * 60_000),
        publishedAt: new Date(now - i * 60_000),
      })),
    );
    const seen: string[] = [];
    let address: string | undefined = `/blog?category=${encodeURIComponent(category)}`;
    while (address) {
      const res = await api(address);
      expect(res.status).toBe(200);
      const html = await res.text();
      seen.push(...titles.filter((t) => html.includes(`>${t}<`)));
      const more = /<a [^>]*href="(\/blog\?[^"]*page=[a-f0-9]{24}[^"]*)"[^>]*>More posts</.exec(html);
      address = more?.[1]?.replace(/&amp;/g, '&');
    }
    expect(seen).toEqual(titles);
    // Sent gzipped, compressed once per rendered page rather than for every answer.
    const gzipped = await api(`/blog?category=${encodeURIComponent(category)}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toContain('More posts');
    // A page whose cursor names no post is no page.
    expect((await api(`/blog?page=${'0'.repeat(24)}`)).status).toBe(404);
  });

  it("renders /blog/:slug with the post's text, title and description, and the shell for an unknown post", async () => {
    const slug = `rendered-${randomUUID()}`;
    await db.collection('blog_posts').insertOne({
      title: 'Walking "home" <slowly>',
      slug,
      excerpt: 'A "gentle" practice for <busy> days.',
      content: '# Begin\nBreathe in for four counts.',
      category: 'Healing',
      imageUrl: '/images/blog/healing.svg',
      readTime: 4,
      tags: ['breath'],
      isPublished: true,
      isGenerated: false,
      createdAt: new Date(),
      updatedAt: new Date(),
      publishedAt: new Date(),
    });
    const res = await api(`/blog/${slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('Breathe in for four counts.');
    expect(html).toContain('<title>Walking &quot;home&quot; &lt;slowly&gt; - ');
    const description = 'A &quot;gentle&quot; practice for &lt;busy&gt; days.';
    expect(html).toContain(`name="description" content="${description}"`);
    expect(html).toContain('<script type="application/json" id="page-data">');
    expect(html).not.toContain('<div id="root"></div>');

    // An unknown post: the shell, whose app shows 'Post Not Found', with the status that says so.
    const missing = await api(`/blog/no-such-${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/html');
    expect(await missing.text()).toContain('<div id="root"></div>');
    // Not a slug content could have (nor the list's own address): not found either, content not asked.
    for (const route of ['/blog/Not_A_Slug', '/blog/posts', '/blog/a--b']) {
      const shell = await api(route);
      expect(shell.status, route).toBe(404);
      expect(await shell.text(), route).toContain('<div id="root"></div>');
    }
    // Post pages count against the per-IP read limit; the list does not need to.
    expect((await api(`/blog/${slug}`)).headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
  });

  it('serves account, member and admin pages asking not to be indexed (the first forms whole, posting without scripts; the others with their head alone), and never a file outside them', async () => {
    const forms = ['/login/', '/admin-login', '/Signup'];
    for (const route of ['/community', '/profile', '/admin/dashboard', ...forms]) {
      const res = await api(route);
      expect(res.status, route).toBe(200);
      const html = await res.text();
      if (forms.includes(route)) {
        expect(html, route).toMatch(/<form[^>]+action="\/(login|admin\/login|signup)" method="post"/);
        expect(html, route).toMatch(/<input[^>]+name="email"/);
      } else expect(html, route).toContain('<div id="root"></div>');
      expect(html, route).toMatch(/<meta data-page-head name="robots" content="noindex" \/>/);
      expect(html, route).not.toContain('rel="canonical"');
    }
    const escape = await api('/legal/..%2f..%2f..%2fpackage');
    expect(escape.status).toBe(404);
    expect(await escape.text()).not.toContain('"dependencies"');
  });

  it('answers 404 for a missing file instead of the shell', async () => {
    expect((await api('/assets/missing-file.js')).status).toBe(404);
  });

  it('answers a path that is no page with 404 and the not-found page, which asks not to be indexed', async () => {
    const routes = ['/nowhere/at/all', '/admin', '/about/more', '/legal/xyz', '/prerendered/index', '/blog/a/b'];
    for (const route of routes) {
      const res = await api(route);
      expect(res.status, route).toBe(404);
      expect(res.headers.get('content-type'), route).toContain('text/html');
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
      const html = await res.text();
      expect(html, route).toContain('<script type="application/json" id="site-identity">');
      expect(html, route).toContain('<div id="root"></div>');
      expect(html, route).toContain('<script type="module"');
      expect(html, route).toContain('<title>Page Not Found - ');
      expect(html, route).toMatch(/<meta data-page-head name="robots" content="noindex" \/>/);
    }
    // The pages around them are still pages; /api stays JSON.
    for (const route of ['/', '/about', '/legal/terms', '/blog/']) expect((await api(route)).status, route).toBe(200);
    const api404 = await api('/api');
    expect(api404.status).toBe(404);
    expect(api404.headers.get('content-type')).toContain('application/json');
  });
});
