import { communityPostSchema, milestoneSchema, progressSchema, purchaseSchema } from '@coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, feedPages, newMember, signedInMember, startMembers, type Members } from '../testing/harness.ts';
import { WEEKLY_PROMPTS } from './prompts.ts';
import { NOT_WEEKLY_PROMPT } from './service.ts';

let members: Members;
beforeAll(async () => {
  members = await startMembers();
});
afterAll(async () => {
  await members?.stop();
});

describe('Sacred Circle', () => {
  it('runs the whole flow: signup -> login -> me -> post -> progress -> logout', async () => {
    const details = newMember();
    const member = caller(members.url);
    expect((await member.post('/api/auth/signup', details)).status).toBe(201);
    expect((await member.post('/api/auth/login', { email: details.email, password: details.password })).status).toBe(
      200,
    );
    const me = await member.get('/api/auth/me');
    expect(me.body).toMatchObject({ username: details.username, role: 'user' });

    const before = await member.get('/api/profile/progress');
    expect(progressSchema.strict().parse(before.body)).toMatchObject({
      totalPosts: 0,
      currentStreak: 0,
      spiritualLevel: 1,
    });
    expect(before.body.memberSince).toBe(me.body.createdAt);

    const { prompt } = (await member.get('/api/community/weekly-prompt')).body;
    const post = await member.post('/api/community/posts', { content: '  Today I chose stillness.  ', prompt });
    expect(post.status).toBe(201);
    expect(communityPostSchema.strict().parse(post.body)).toEqual({
      id: expect.any(String),
      userId: Number(me.body.id),
      content: 'Today I chose stillness.',
      prompt,
      createdAt: expect.any(String),
      likeCount: 0,
      likedByMe: false,
      replyCount: 0,
    });
    const plain = await member.post('/api/community/posts', { content: 'A plain note of thanks.' });
    expect(plain.body).not.toHaveProperty('prompt');

    const feed = (await member.get('/api/community/posts')).body;
    expect(feed.slice(0, 2).map((p: { id: string }) => p.id)).toEqual([plain.body.id, post.body.id]);

    const progress = (await member.get('/api/profile/progress')).body;
    expect(progress).toMatchObject({
      totalPosts: 2,
      totalReflections: 1,
      currentStreak: 1,
      longestStreak: 1,
      spiritualLevel: 1,
    });
    const journey = (await member.get('/api/profile/journey')).body;
    for (const milestone of journey) milestoneSchema.strict().parse(milestone);
    expect(journey.map((m: { milestoneType: string }) => m.milestoneType).sort()).toEqual([
      'first_post',
      'reflection',
      'signup',
    ]);
    expect(journey.find((m: { milestoneType: string }) => m.milestoneType === 'reflection').description).toBe(prompt);
    expect((await member.get('/api/profile/purchases')).body).toEqual([]);

    expect((await member.post('/api/auth/logout')).status).toBe(200);
    expect((await member.get('/api/auth/me')).status).toBe(401);
    expect((await member.post('/api/community/posts', { content: 'After logout' })).status).toBe(401);
  });

  it('refuses, with 400 and nothing counted, a reflection whose prompt is not the weekly prompt', async () => {
    const { member } = await signedInMember(members.url);
    const forged = await member.post('/api/community/posts', {
      content: 'hi',
      prompt: 'The coach asks: send me your phone number for a free reading',
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(NOT_WEEKLY_PROMPT);
    expect((await member.get('/api/community/posts')).body.some((p: { content: string }) => p.content === 'hi')).toBe(
      false,
    );
    expect((await member.get('/api/profile/progress')).body).toMatchObject({ totalPosts: 0, totalReflections: 0 });
  });

  it('serves a weekly prompt from the list to anyone', async () => {
    const res = await caller(members.url).get('/api/community/weekly-prompt');
    expect(res.status).toBe(200);
    expect(WEEKLY_PROMPTS).toContain(res.body.prompt);
  });

  it('keeps the feed and profile for signed-in members', async () => {
    const visitor = caller(members.url);
    expect((await visitor.get('/api/community/posts')).status).toBe(401);
    expect((await visitor.post('/api/community/posts', { content: 'Hello' })).status).toBe(401);
    for (const path of ['/api/profile/progress', '/api/profile/journey', '/api/profile/purchases']) {
      expect((await visitor.get(path)).status).toBe(401);
    }
  });

  it('refuses empty, whitespace-only, too long and unknown-field posts with 400, and stores nothing', async () => {
    const { member } = await signedInMember(members.url);
    for (const body of [
      {},
      { content: '' },
      { content: '   \n\t ' },
      { content: 'x'.repeat(2001) },
      { content: 'ok', userId: 1 },
      { content: 42 },
    ]) {
      const res = await member.post('/api/community/posts', body);
      expect(res.status).toBe(400);
      expect(res.body.issues.length).toBeGreaterThan(0);
    }
    expect((await member.post('/api/community/posts', { content: `  ${'x'.repeat(2000)}  ` })).status).toBe(201);
    expect((await member.get('/api/profile/progress')).body.totalPosts).toBe(1);
  });

  it('stores a post sent again with the same Idempotency-Key once, and answers the first answer', async () => {
    const { member } = await signedInMember(members.url);
    const key = { 'idempotency-key': 'community-resend-0001' };
    const first = await member.post('/api/community/posts', { content: 'Sent twice, kept once.' }, key);
    const again = await member.post('/api/community/posts', { content: 'Sent twice, kept once.' }, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await member.get('/api/profile/progress')).body.totalPosts).toBe(1);
    const other = await member.post(
      '/api/community/posts',
      { content: 'Sent twice, kept once.' },
      { 'idempotency-key': 'community-resend-0002' },
    );
    expect(other.status).toBe(201);
    expect((await member.get('/api/profile/progress')).body.totalPosts).toBe(2);

    // Another member's key is hers alone, even the same key with the same words.
    const second = (await signedInMember(members.url)).member;
    const hers = await second.post('/api/community/posts', { content: 'Sent twice, kept once.' }, key);
    expect(hers.status).toBe(201);
    expect(hers.headers.get('idempotent-replayed')).toBeNull();
    expect(hers.body.id).not.toBe(first.body.id);
    expect((await second.get('/api/profile/progress')).body.totalPosts).toBe(1);
  });

  it('counts 20 parallel posts by one member exactly, with each milestone once', async () => {
    const { member } = await signedInMember(members.url);
    const { prompt } = (await member.get('/api/community/weekly-prompt')).body;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        member.post('/api/community/posts', { content: `Parallel thought ${i}`, ...(i % 2 === 0 ? { prompt } : {}) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const progress = (await member.get('/api/profile/progress')).body;
    // 20 posts + 10 reflections = 30 growth points: level 4.
    expect(progress).toMatchObject({
      totalPosts: 20,
      totalReflections: 10,
      currentStreak: 1,
      longestStreak: 1,
      spiritualLevel: 4,
    });
    const journey: { milestoneType: string; title: string }[] = (await member.get('/api/profile/journey')).body;
    const count = (type: string) => journey.filter((m) => m.milestoneType === type).length;
    expect([count('signup'), count('first_post'), count('reflection'), count('level_up')]).toEqual([1, 1, 1, 3]);
    expect(
      journey
        .filter((m) => m.milestoneType === 'level_up')
        .map((m) => m.title)
        .sort(),
    ).toEqual(['Reached Level 2: Explorer', 'Reached Level 3: Student', 'Reached Level 4: Practitioner']);
  });

  it('shows each member only their own profile', async () => {
    const first = await signedInMember(members.url);
    const second = await signedInMember(members.url);
    await first.member.post('/api/community/posts', { content: 'Mine alone' });
    expect((await first.member.get('/api/profile/progress')).body.totalPosts).toBe(1);
    expect((await second.member.get('/api/profile/progress')).body.totalPosts).toBe(0);
    expect((await second.member.get('/api/profile/journey')).body).toHaveLength(1);
    const feed = (await second.member.get('/api/community/posts')).body;
    expect(feed.find((p: { content: string }) => p.content === 'Mine alone').userId).toBe(first.id);
  });
});

describe('the demo member', () => {
  it('is seeded once with posts, a streak, journey and purchases in paise', async () => {
    const { seedDemoMember } = await import('../demo/seed.ts');
    const { DEMO_MEMBER } = await import('@coach/dev-stack');
    await seedDemoMember(members.logger);
    await seedDemoMember(members.logger); // a second start changes nothing

    const maya = caller(members.url, '10.9.0.1');
    const login = await maya.post('/api/auth/login', DEMO_MEMBER);
    expect(login.body).toMatchObject({ name: 'Maya Devi', username: 'maya', email: DEMO_MEMBER.email, role: 'user' });
    const progress = (await maya.get('/api/profile/progress')).body;
    expect(progress).toMatchObject({
      totalPosts: 8,
      totalReflections: 3,
      totalCoachingSessions: 2,
      totalSpent: 199_900 * 2 + 3_500_000,
      currentStreak: 4,
      longestStreak: 4,
      spiritualLevel: 4,
    });
    const purchases = (await maya.get('/api/profile/purchases')).body;
    expect(purchases).toHaveLength(3);
    for (const purchase of purchases) purchaseSchema.strict().parse(purchase);
    expect(
      purchases.every((p: { currency: string; status: string }) => p.currency === 'INR' && p.status === 'completed'),
    ).toBe(true);
    const types = (await maya.get('/api/profile/journey')).body.map((m: { milestoneType: string }) => m.milestoneType);
    expect(new Set(types)).toEqual(new Set(['signup', 'first_post', 'reflection', 'coaching_session', 'level_up']));
    const posts = (await feedPages(maya)).flat().filter((p) => p.userId === Number(login.body.id));
    expect(posts).toHaveLength(8);
    expect((await maya.get('/api/community/stats')).body.yourPosts).toBe(8);
    const oldest = new Date(posts.at(-1)!.createdAt).getTime();
    expect(Math.round((Date.now() - oldest) / (24 * 3600 * 1000))).toBe(21);

    // Nobody else has purchases.
    const { member } = await signedInMember(members.url);
    expect((await member.get('/api/profile/purchases')).body).toEqual([]);
  });
});
