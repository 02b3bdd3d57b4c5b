import { QUEUES, type AdminBlogPost } from '@coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startContent, type Content } from '../testing/harness.ts';
import { BlogPostModel } from './model.ts';
import { createPublication } from './publication.ts';

// Real mongod and redis-server; the event goes to the real BullMQ newsletter queue.
let content: Content;
let admin: string;

beforeAll(async () => {
  content = await startContent();
  admin = await content.sessionCookie('admin');
});
afterAll(() => content?.stop());

const newsletterJobs = async () => {
  const queue = content.queues.get(QUEUES.newsletter);
  const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs.map((job) => job.data as { id: string; name: string; payload: Record<string, unknown> });
};
const eventsFor = async (postId: string) => (await newsletterJobs()).filter((job) => job.payload.postId === postId);

const body = (over: Record<string, unknown> = {}) => ({
  title: `A post ${Math.random().toString(36).slice(2)}`,
  content: 'Breathe in. Breathe out. Stillness is where the day begins again.',
  category: 'Mindfulness',
  tags: ['calm'],
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await postJson(`${content.url}/api/admin/blog-posts`, body(over), { cookie: admin });
  expect(res.status).toBe(201);
  return res.body as unknown as AdminBlogPost;
};
const update = (id: string, over: Record<string, unknown>) =>
  fetch(`${content.url}/api/admin/blog-posts/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: admin },
    body: JSON.stringify(body(over)),
  });
const adminPosts = async () =>
  (await (
    await fetch(`${content.url}/api/admin/blog-posts`, { headers: { cookie: admin } })
  ).json()) as AdminBlogPost[];

describe('blog.post_published', () => {
  it('is queued once when the admin publishes a post, and never again on edits', async () => {
    const post = await create({ sendToSubscribers: true });
    expect(await eventsFor(post.id)).toEqual([
      expect.objectContaining({
        id: post.id,
        name: 'blog.post_published',
        payload: {
          postId: post.id,
          slug: post.slug,
          title: post.title,
          excerpt: post.excerpt,
          sendToSubscribers: true,
        },
      }),
    ]);
    expect((await update(post.id, { title: post.title, content: 'Edited: stillness again.' })).status).toBe(200);
    expect((await update(post.id, { title: post.title, isPublished: false })).status).toBe(200);
    expect((await update(post.id, { title: post.title, isPublished: true })).status).toBe(200);
    expect(await eventsFor(post.id)).toHaveLength(1);
  });

  it('carries the choice to publish only, and is not queued for a draft until it is published', async () => {
    const draft = await create({ isPublished: false, sendToSubscribers: false });
    expect(draft.publishedAt).toBeNull();
    expect(await eventsFor(draft.id)).toHaveLength(0);
    expect((await update(draft.id, { title: draft.title, sendToSubscribers: false })).status).toBe(200);
    const [event] = await eventsFor(draft.id);
    expect(event?.payload.sendToSubscribers).toBe(false);
  });
});

describe('a scheduled post', () => {
  it('is hidden from the public until its time, shown to the admin with it, then announced exactly once', async () => {
    const publishAt = new Date(Date.now() + 2500);
    const post = await create({ publishAt: publishAt.toISOString() });
    expect(post.publishedAt).toBe(publishAt.toISOString());

    // Before its time: not on the list, not readable, no event; the admin sees it with its time.
    expect((await fetch(`${content.url}/api/blog/${post.slug}`)).status).toBe(404);
    const list = (await (await fetch(`${content.url}/api/blog/posts`)).json()) as Array<{ id: string }>;
    expect(list.map((p) => p.id)).not.toContain(post.id);
    expect((await adminPosts()).find((p) => p.id === post.id)).toMatchObject({
      isPublished: true,
      publishedAt: publishAt.toISOString(),
    });
    const replicaA = createPublication(content.publish, content.logger);
    const replicaB = createPublication(content.publish, content.logger);
    expect(await replicaA.announceDue()).toBe(0);
    expect(await eventsFor(post.id)).toHaveLength(0);

    await new Promise((resolve) => setTimeout(resolve, publishAt.getTime() - Date.now() + 50));
    expect((await fetch(`${content.url}/api/blog/${post.slug}`)).status).toBe(200);
    // Two replicas notice at the same moment: one of them announces it.
    const announced = await Promise.all([replicaA.announceDue(), replicaB.announceDue(), replicaA.announceDue()]);
    expect(announced.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await eventsFor(post.id)).toHaveLength(1);
    expect((await BlogPostModel.findById(post.id).lean())?.announcedAt).toBeInstanceOf(Date);
    expect(await replicaB.announceDue()).toBe(0);
  });

  it('can be moved to another time before it appears', async () => {
    const post = await create({ publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const res = await update(post.id, { title: post.title, publishAt: later });
    expect(((await res.json()) as AdminBlogPost).publishedAt).toBe(later);
    expect(await eventsFor(post.id)).toHaveLength(0);
  });

  it('refuses a publish time that is no date', async () => {
    const res = await postJson(`${content.url}/api/admin/blog-posts`, body({ publishAt: 'tomorrow' }), {
      cookie: admin,
    });
    expect(res.status).toBe(400);
  });
});
