import { BLOG_FILTER_CATEGORIES, DAILY_POST_SCHEDULER_ID, QUEUES, type BlogPost } from '@coach/contracts';
import { slugify } from '@coach/kit';
import { until } from '@coach/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogPostModel } from '../blog/model.ts';
import {
  postJson,
  startContent,
  startFakeOpenAi,
  startWorker,
  type Content,
  type FakeOpenAi,
  type WorkerProcess,
  workerDuringSuite,
} from '../testing/harness.ts';

let content: Content;
let llm: FakeOpenAi;
const generate = (cookie?: string, headers: Record<string, string> = {}) =>
  postJson(`${content.url}/api/blog/generate-daily`, {}, cookie ? { cookie, ...headers } : headers);

function expectWellFormed(post: BlogPost) {
  expect(post.isGenerated).toBe(true);
  expect(BLOG_FILTER_CATEGORIES).toContain(post.category);
  expect(post.slug).toBe(slugify(post.title));
  expect(post.content).toMatch(/^# \S/m);
  expect(post.content).toMatch(/^## \S/m);
  expect(post.excerpt.length).toBeGreaterThan(20);
  expect(post.tags.length).toBeGreaterThan(0);
  expect(post.readTime).toBeGreaterThanOrEqual(1);
  expect(post.imageUrl).toBe(`/images/blog/${slugify(post.category)}.svg`);
}

beforeAll(async () => {
  [content, llm] = await Promise.all([startContent({ generateTimeoutMs: 8000 }), startFakeOpenAi()]);
});
afterAll(async () => {
  await content?.stop();
  await llm?.stop();
});

describe('POST /api/blog/generate-daily with the offline library', () => {
  workerDuringSuite(() => ({ ...content.workerEnv }));

  it('is for the admin only', async () => {
    expect((await generate()).status).toBe(401);
    expect((await generate(await content.sessionCookie('user'))).status).toBe(403);
  });

  it('answers 201 with the stored post, readable on the blog', async () => {
    const res = await generate(await content.sessionCookie('admin'));
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const post = res.body as unknown as BlogPost;
    expectWellFormed(post);
    const read = await fetch(`${content.url}/api/blog/${post.slug}`);
    expect(((await read.json()) as BlogPost).id).toBe(post.id);
    // Announced to the newsletter, mailed as DAILY_POST_SEND_TO_SUBSCRIBERS says (on in this suite).
    const event = await content.queues.get(QUEUES.newsletter).getJob(`blog.post_published-${post.id}`);
    expect(event?.data.payload).toEqual({
      postId: post.id,
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      sendToSubscribers: true,
    });
  });

  it('generates one post for a retried request with the same Idempotency-Key', async () => {
    const cookie = await content.sessionCookie('admin');
    const headers = { 'idempotency-key': 'generate-0001' };
    const before = await BlogPostModel.countDocuments({ isGenerated: true });
    const first = await generate(cookie, headers);
    const again = await generate(cookie, headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(await BlogPostModel.countDocuments({ isGenerated: true })).toBe(before + 1);
  });
});

describe('POST /api/blog/generate-daily through the model', () => {
  workerDuringSuite(() => ({
    ...content.workerEnv,
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: llm.baseUrl,
  }));

  it("stores the model's post with its headings, category and derived fields", async () => {
    const body = [
      'Stillness is not empty. It is full of everything we are usually too busy to hear. '.repeat(3),
      '# Why Silence Feels Hard',
      'We are used to filling every pause with sound, and the quiet can feel strange at first. '.repeat(3),
      '### A Short Sitting',
      'Sit for five minutes and listen to the sounds around you without naming them. '.repeat(3),
      'May you find a little silence today.',
    ].join('\n\n');
    llm.answerWith(
      () =>
        `\`\`\`json\n${JSON.stringify({ title: 'The Gift of Silence Today', category: 'Daily Wisdom', tags: ['Silence', 'stillness'], content: body })}\n\`\`\``,
    );
    const res = await generate(await content.sessionCookie('admin'));
    expect(res.status).toBe(201);
    const post = res.body as unknown as BlogPost;
    expectWellFormed(post);
    expect(post.title).toBe('The Gift of Silence Today');
    expect(post.category).toBe('Daily Wisdom');
    expect(post.tags).toEqual(['silence', 'stillness']);
    expect(post.content).toContain('\n## A Short Sitting\n');
    expect(llm.requests.at(-1)!.messages[0].content).toMatch(/"# "/);
  });

  it('answers 503 when the model keeps answering something that is not a post', async () => {
    llm.answerWith(() => 'Sorry, I cannot help with that.');
    const res = await generate(await content.sessionCookie('admin'));
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/unavailable/);
  });
});

describe('the daily schedule', () => {
  const workers: WorkerProcess[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
  });

  it('creates one post a day, however many workers run the scheduler', async () => {
    const env = { ...content.workerEnv, DAILY_POST_HOUR: '6' };
    workers.push(...(await Promise.all([startWorker(env), startWorker(env)])));
    const queue = content.queues.get(QUEUES.dailyPost);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toEqual([
      expect.objectContaining({ key: DAILY_POST_SCHEDULER_ID, pattern: '0 0 6 * * *', tz: 'UTC' }),
    ]);
    const [next] = await queue.getDelayed();
    expect(await queue.getDelayedCount()).toBe(1);
    const runAt = next.opts.prevMillis!;
    expect(new Date(runAt).getUTCHours()).toBe(6);
    const generationId = `daily-${new Date(runAt).toISOString().slice(0, 10)}`;

    await next.promote(); // the day's run, now rather than at 06:00
    const post = await until(() => BlogPostModel.findOne({ generationId }).lean());
    expect(post.isGenerated).toBe(true);

    // A second run for the same day (a replica's late duplicate) adds no post.
    const duplicate = await queue.add('scheduled', { trigger: 'schedule' }, { prevMillis: runAt });
    await until(async () => (await duplicate.getState()) === 'completed');
    expect(await BlogPostModel.countDocuments({ generationId: /^daily-/ })).toBe(1);
    expect(await queue.getDelayedCount()).toBe(1); // the next day's run is planned
  });
});

describe('the generated-post consumer', () => {
  it('stores one post per request id, even when the event is delivered twice', async () => {
    const queue = content.queues.get(QUEUES.contentPosts);
    const existing = await BlogPostModel.findOne().lean();
    const post = {
      title: existing!.title, // a title already taken: the slug gets a suffix
      slug: slugify(existing!.title),
      excerpt: 'An excerpt.',
      content: 'An opening.\n\n# A heading\n\nA paragraph.',
      category: 'Healing',
      tags: ['healing'],
      imageUrl: '/images/blog/healing.svg',
      readTime: 1,
      isPublished: true,
    };
    const event = {
      id: 'req-42',
      name: 'blog.post_generated',
      payload: { requestId: 'req-42', post },
      occurredAt: new Date().toISOString(),
    };
    await queue.add('blog.post_generated', event, { jobId: 'delivery-1' });
    await queue.add('blog.post_generated', event, { jobId: 'delivery-2' });
    const stored = await until(() => BlogPostModel.findOne({ generationId: 'req-42' }).lean());
    await until(async () => (await queue.getJobCounts('completed')).completed >= 2);
    expect(await BlogPostModel.countDocuments({ generationId: 'req-42' })).toBe(1);
    // Earlier tests may have taken `-2` already: any free numbered suffix is right.
    expect(stored.slug).toMatch(new RegExp(`^${slugify(existing!.title)}-\\d+$`));
  });
});
