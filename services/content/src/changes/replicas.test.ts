import { randomUUID } from 'node:crypto';
import type { AdminBlogPost, BlogPost, SiteStats } from '@coach/contracts';
import { startStack, type Stack } from '@coach/dev-stack';
import { createLogger, createRedis, type Redis } from '@coach/kit';
import { signedSessionCookie } from '@coach/kit/testing';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Two content replicas as processes over one mongod and one redis-server: what one writes, the
// other answers at once, though each keeps its answers in memory.
let stack: Stack;
let redis: Redis;
let db: mongoose.Connection;
let admin: string;
let a: string;
let b: string;

/** A session cookie of the coach, signed and recorded as active as the members service does. */
const coachCookie = () => signedSessionCookie(redis, stack.env.members.SESSION_PRIVATE_KEY!, 'admin');

beforeAll(async () => {
  stack = await startStack({ services: ['content'], logLevel: 'silent', env: { SERVICE_REPLICAS: '2' } });
  [a, b] = stack.replicaUrls.content as [string, string];
  redis = createRedis(stack.redisUrl, createLogger('replicas-test', 'silent'));
  db = await mongoose.createConnection(stack.env.content.MONGO_URL).asPromise();
  admin = await coachCookie();
});
afterAll(async () => {
  await db?.close();
  await redis?.quit();
  await stack?.stop();
});

const list = async (replica: string) => (await (await fetch(`${replica}/api/blog/posts`)).json()) as BlogPost[];
const stats = async (replica: string) => (await (await fetch(`${replica}/api/site-stats`)).json()) as SiteStats;
const write = (replica: string, method: string, path: string, body?: object) =>
  fetch(`${replica}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: admin },
    body: body && JSON.stringify(body),
  });
const post = (title: string) => ({ title, content: 'Stillness, and the breath.', category: 'Mindfulness' });

describe('answers kept by each replica', () => {
  it('show a post another replica created, edited or deleted in their very next answer', async () => {
    await Promise.all([list(a), list(b)]); // both keep the page
    const created = await write(a, 'POST', '/api/admin/blog-posts', post(`Made on one ${randomUUID()}`));
    expect(created.status).toBe(201);
    const { id, title } = (await created.json()) as AdminBlogPost;
    expect((await list(b))[0]?.title).toBe(title);

    const edited = await write(b, 'PUT', `/api/admin/blog-posts/${id}`, post(`Renamed on the other ${randomUUID()}`));
    expect(edited.status).toBe(200);
    expect((await list(a))[0]?.title).toBe(((await edited.json()) as AdminBlogPost).title);

    expect((await write(a, 'DELETE', `/api/admin/blog-posts/${id}`)).status).toBe(200);
    expect((await list(b)).map((p) => p.id)).not.toContain(id);
  });

  it('show a like counted by another replica in their very next answer, and a change made around them within half a second', async () => {
    const before = await stats(b);
    expect((await stats(a)).likeCount).toBe(before.likeCount);
    const liked = await fetch(`${a}/api/site-stats/like`, { method: 'POST' });
    expect(liked.status).toBe(200);
    expect((await stats(b)).likeCount).toBe(before.likeCount + 1);

    await db.collection('site_stats').updateOne({}, { $inc: { likeCount: 5 } });
    await new Promise((resolve) => setTimeout(resolve, 550));
    expect((await stats(a)).likeCount).toBe(before.likeCount + 6);
    expect((await stats(b)).likeCount).toBe(before.likeCount + 6);
  });

  it('drop every answer kept once Redis is back after an outage (what was announced meanwhile was lost)', async () => {
    await Promise.all([list(a), list(b)]);
    // Another replica's change that no message announced, and that the posts' fingerprint does
    // not show (a script editing a field in place): only the reconnection tells of it.
    const [newest] = await list(b);
    await db.collection('blog_posts').updateOne({ slug: newest!.slug }, { $set: { excerpt: 'Edited in place.' } });
    await redis.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    const deadline = Date.now() + 5000;
    while ((await list(b))[0]?.excerpt !== 'Edited in place.') {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
