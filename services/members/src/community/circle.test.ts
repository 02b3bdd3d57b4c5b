import { communityReplySchema, moderatedItemSchema } from '@coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, signedInCoach, signedInMember, startMembers, type Caller, type Members } from '../testing/harness.ts';

let members: Members;
let coach: Caller;
beforeAll(async () => {
  members = await startMembers();
  coach = await signedInCoach(members.url);
});
afterAll(async () => {
  await members?.stop();
});

async function postBy(member: Caller, content: string): Promise<string> {
  const res = await member.post('/api/community/posts', { content });
  expect(res.status).toBe(201);
  return res.body.id;
}

const feedItem = async (member: Caller, id: string) =>
  ((await member.get('/api/community/posts')).body as Array<{ id: string }>).find((p) => p.id === id) as
    { likeCount: number; likedByMe: boolean; replyCount: number } | undefined;

describe('Sacred Circle likes', () => {
  it('counts a like once per member, however often it is sent, and an unlike takes it back', async () => {
    const author = await signedInMember(members.url);
    const reader = await signedInMember(members.url);
    const id = await postBy(author.member, 'Grateful for this morning.');

    const likes = await Promise.all(
      Array.from({ length: 5 }, () => reader.member.put(`/api/community/posts/${id}/like`)),
    );
    expect(likes.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(likes.at(-1)!.body).toEqual({ likedByMe: true, likeCount: 1 });
    expect((await author.member.put(`/api/community/posts/${id}/like`)).body).toEqual({
      likedByMe: true,
      likeCount: 2,
    });

    expect(await feedItem(reader.member, id)).toMatchObject({ likeCount: 2, likedByMe: true });
    expect((await reader.member.delete(`/api/community/posts/${id}/like`)).body).toEqual({
      likedByMe: false,
      likeCount: 1,
    });
    expect((await reader.member.delete(`/api/community/posts/${id}/like`)).body).toEqual({
      likedByMe: false,
      likeCount: 1,
    });
    expect(await feedItem(reader.member, id)).toMatchObject({ likeCount: 1, likedByMe: false });
    expect(await feedItem(author.member, id)).toMatchObject({ likeCount: 1, likedByMe: true });
  });

  it('answers 401 signed out, 400 for a malformed id and 404 for an unknown post', async () => {
    const { member } = await signedInMember(members.url);
    expect((await caller(members.url).put('/api/community/posts/0123456789abcdef01234567/like')).status).toBe(401);
    const bad = await member.put('/api/community/posts/not-an-id/like');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid id');
    expect((await member.put('/api/community/posts/0123456789abcdef01234567/like')).status).toBe(404);
  });
});

describe('Sacred Circle replies', () => {
  it('threads replies under a post, oldest first, counted on the post', async () => {
    const author = await signedInMember(members.url);
    const reader = await signedInMember(members.url);
    const id = await postBy(author.member, 'Today I let go of an old story.');

    const first = await reader.member.post(`/api/community/posts/${id}/replies`, {
      content: '  So brave. Thank you.  ',
    });
    expect(first.status).toBe(201);
    expect(communityReplySchema.strict().parse(first.body)).toEqual({
      id: expect.any(String),
      postId: id,
      userId: reader.id,
      content: 'So brave. Thank you.',
      createdAt: expect.any(String),
    });
    await author.member.post(`/api/community/posts/${id}/replies`, { content: 'Thank you for reading.' });
    const thread = (await reader.member.get(`/api/community/posts/${id}/replies`)).body;
    expect(thread.map((r: { content: string }) => r.content)).toEqual([
      'So brave. Thank you.',
      'Thank you for reading.',
    ]);
    expect(await feedItem(reader.member, id)).toMatchObject({ replyCount: 2 });
  });

  it('refuses empty, too long and unknown-field replies with 400, storing nothing', async () => {
    const { member } = await signedInMember(members.url);
    const id = await postBy(member, 'A quiet day.');
    for (const body of [{}, { content: '  ' }, { content: 'x'.repeat(2001) }, { content: 'ok', userId: 1 }]) {
      const res = await member.post(`/api/community/posts/${id}/replies`, body);
      expect(res.status).toBe(400);
      expect(res.body.issues.length).toBeGreaterThan(0);
    }
    expect((await member.get(`/api/community/posts/${id}/replies`)).body).toEqual([]);
    expect((await member.post('/api/community/posts/0123456789abcdef01234567/replies', { content: 'Hi' })).status).toBe(
      404,
    );
  });
});

describe('Sacred Circle deletions', () => {
  it('lets members delete their own posts and replies only', async () => {
    const author = await signedInMember(members.url);
    const other = await signedInMember(members.url);
    const id = await postBy(author.member, 'Mine to keep or let go.');
    const reply = (await other.member.post(`/api/community/posts/${id}/replies`, { content: 'Lovely.' })).body;

    const refused = await other.member.delete(`/api/community/posts/${id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You can only delete your own posts');
    expect((await author.member.delete(`/api/community/replies/${reply.id}`)).status).toBe(403);
    expect(await feedItem(author.member, id)).toMatchObject({ replyCount: 1 });

    expect((await other.member.delete(`/api/community/replies/${reply.id}`)).body).toEqual({
      ok: true,
      message: 'Reply deleted',
    });
    expect(await feedItem(author.member, id)).toMatchObject({ replyCount: 0 });
    expect((await author.member.delete(`/api/community/posts/${id}`)).body).toEqual({
      ok: true,
      message: 'Post deleted',
    });
    expect(await feedItem(author.member, id)).toBeUndefined();
    expect((await author.member.delete(`/api/community/posts/${id}`)).status).toBe(404);
  });
});

describe('reports and moderation', () => {
  it('takes a report once per member, and lets the coach hide, show, dismiss and delete', async () => {
    const author = await signedInMember(members.url);
    const readers = [await signedInMember(members.url), await signedInMember(members.url)];
    const id = await postBy(author.member, 'Buy my miracle course at example.com');
    const reply = (await author.member.post(`/api/community/posts/${id}/replies`, { content: 'Really, buy it.' })).body;

    expect((await author.member.post(`/api/community/posts/${id}/report`, { reason: 'spam' })).status).toBe(400);
    expect((await readers[0].member.post(`/api/community/posts/${id}/report`, { reason: 'nonsense' })).status).toBe(
      400,
    );
    for (const reader of readers) {
      const res = await reader.member.post(`/api/community/posts/${id}/report`, { reason: 'spam' });
      expect(res.status).toBe(202);
    }
    await readers[0].member.post(`/api/community/posts/${id}/report`, { reason: 'harm' });
    await readers[0].member.post(`/api/community/replies/${reply.id}/report`, { reason: 'spam' });

    const reported = (await coach.get('/api/admin/community?view=reported')).body;
    for (const item of reported) moderatedItemSchema.strict().parse(item);
    const post = reported.find((i: { id: string }) => i.id === id);
    expect(post).toMatchObject({ kind: 'post', openReports: 2, hidden: false, userId: author.id });
    expect(post.reasons.sort()).toEqual(['harm', 'spam']);
    expect(reported.find((i: { id: string }) => i.id === reply.id)).toMatchObject({
      kind: 'reply',
      postId: id,
      openReports: 1,
    });

    // Hidden: gone for members (even its author), kept for the coach, reports settled.
    expect((await coach.patch(`/api/admin/community/post/${id}`, { hidden: true })).status).toBe(200);
    expect(await feedItem(readers[1].member, id)).toBeUndefined();
    expect(await feedItem(author.member, id)).toBeUndefined();
    expect((await readers[1].member.get(`/api/community/posts/${id}/replies`)).status).toBe(404);
    expect((await author.member.delete(`/api/community/posts/${id}`)).status).toBe(404);
    const after = (await coach.get('/api/admin/community?view=reported')).body;
    expect(after.find((i: { id: string }) => i.id === id)).toBeUndefined();
    const recent = (await coach.get('/api/admin/community?view=recent')).body;
    expect(recent.find((i: { id: string }) => i.id === id)).toMatchObject({ hidden: true, openReports: 0 });

    expect((await coach.patch(`/api/admin/community/post/${id}`, { hidden: false })).status).toBe(200);
    expect(await feedItem(readers[1].member, id)).toBeDefined();

    expect((await coach.post(`/api/admin/community/reply/${reply.id}/dismiss`)).status).toBe(200);
    expect((await coach.get('/api/admin/community?view=reported')).body).toEqual([]);
    expect((await coach.get(`/api/community/posts/${id}/replies`)).body).toHaveLength(1);

    expect((await coach.delete(`/api/admin/community/post/${id}`)).body).toEqual({ ok: true, message: 'Post deleted' });
    expect(await feedItem(readers[1].member, id)).toBeUndefined();
    expect(
      (await coach.get('/api/admin/community?view=recent')).body.find((i: { id: string }) => i.id === reply.id),
    ).toBeUndefined();
  });

  it('keeps moderation for the coach: 401 signed out, 403 for members, 400 for bad input', async () => {
    const { member } = await signedInMember(members.url);
    const id = await postBy(member, 'Still here.');
    expect((await caller(members.url).get('/api/admin/community')).status).toBe(401);
    expect((await member.get('/api/admin/community')).status).toBe(403);
    expect((await member.patch(`/api/admin/community/post/${id}`, { hidden: true })).status).toBe(403);
    expect((await member.delete(`/api/admin/community/post/${id}`)).status).toBe(403);
    expect((await coach.get('/api/admin/community?view=everything')).status).toBe(400);
    expect((await coach.patch(`/api/admin/community/comment/${id}`, { hidden: true })).status).toBe(400);
    expect((await coach.patch(`/api/admin/community/post/${id}`, { hidden: 'yes' })).status).toBe(400);
    expect((await coach.patch('/api/admin/community/post/0123456789abcdef01234567', { hidden: true })).status).toBe(
      404,
    );
    expect(await feedItem(member, id)).toBeDefined();
  });

  it('removes a deleted account from the Circle and recounts what it touched', async () => {
    const author = await signedInMember(members.url);
    const leaver = await signedInMember(members.url);
    const id = await postBy(author.member, 'Hello, circle.');
    await leaver.member.put(`/api/community/posts/${id}/like`);
    await leaver.member.post(`/api/community/posts/${id}/replies`, { content: 'Hello back.' });
    await postBy(leaver.member, 'My own words.');
    expect((await coach.delete(`/api/admin/users/${leaver.id}`)).status).toBe(200);
    expect(await feedItem(author.member, id)).toMatchObject({ likeCount: 0, replyCount: 0 });
    const feed = (await author.member.get('/api/community/posts')).body;
    expect(feed.some((p: { userId: number }) => p.userId === leaver.id)).toBe(false);
  });
});
