import {
  COMMUNITY_PAGE_SIZE,
  communityPostSchema,
  communityStatsSchema,
  UNKNOWN_CURSOR_MESSAGE,
} from '@coach/contracts';
import { nextLink } from '@coach/site-rules';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, feedPages, signedInMember, startMembers, type Caller, type Members } from '../testing/harness.ts';
import { CommunityPostModel } from './model.ts';

// Real mongod and redis-server behind the members service; the posts are stored directly.
let members: Members;
let member: Caller;
let memberId: number;
/** The posts members see, newest first (by time, then by id), as the feed must list them. */
let visible: string[];
let ownVisible: number;
let hiddenId: string;

const MINUTE = 60_000;
/** Past the 200 posts the feed once stopped at, for the Circle and for the member alike. */
const STORED = 265;

beforeAll(async () => {
  members = await startMembers();
  ({ member, id: memberId } = await signedInMember(members.url));
  const from = Date.now() - 3 * 24 * 3600_000;
  const docs = Array.from({ length: STORED }, (_, i) => {
    // Posts 18 to 22 share one moment across the first page's end: their ids order them.
    const at = new Date(from - (i >= 18 && i <= 22 ? 18 : i) * MINUTE);
    return {
      _id: new mongoose.Types.ObjectId(),
      userId: i % 5 === 0 ? memberId + 1000 : memberId,
      content: `Stored thought ${i}`,
      createdAt: at,
      updatedAt: at,
      likeCount: 0,
      replyCount: 0,
      // Hidden by the coach: in no page and no count.
      hidden: i % 50 === 7,
    };
  });
  await CommunityPostModel.collection.insertMany(docs);
  const shown = docs
    .filter((d) => !d.hidden)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b._id.toString().localeCompare(a._id.toString()));
  visible = shown.map((d) => d._id.toString());
  ownVisible = shown.filter((d) => d.userId === memberId).length;
  hiddenId = docs.find((d) => d.hidden)!._id.toString();
});
afterAll(async () => {
  await members?.stop();
});

describe('the Sacred Circle feed, a page at a time', () => {
  it('answers the newest page and names the next in a Link header until the oldest post, each post once while posts are shared meanwhile', async () => {
    const first = await member.get('/api/community/posts');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(COMMUNITY_PAGE_SIZE);
    for (const post of first.body) communityPostSchema.strict().parse(post);
    expect(first.body.map((p: { id: string }) => p.id)).toEqual(visible.slice(0, COMMUNITY_PAGE_SIZE));
    expect(first.headers.get('link')).toBe(
      `</api/community/posts?cursor=${visible[COMMUNITY_PAGE_SIZE - 1]}>; rel="next"`,
    );

    // A post shared while the member reads: it comes before the first page, and the pages after
    // it neither repeat nor skip a post.
    const shared = await member.post('/api/community/posts', { content: 'Shared while another page was read.' });
    expect(shared.status).toBe(201);
    const rest: string[][] = [];
    for (let next = nextLink(first.headers.get('link')); next;) {
      const page = await member.get(next);
      expect(page.status).toBe(200);
      rest.push(page.body.map((p: { id: string }) => p.id));
      next = nextLink(page.headers.get('link'));
    }
    const read = [...first.body.map((p: { id: string }) => p.id), ...rest.flat()];
    expect(read).toEqual(visible);
    expect(rest.map((page) => page.length)).toEqual([
      ...Array<number>(Math.ceil(visible.length / COMMUNITY_PAGE_SIZE) - 2).fill(COMMUNITY_PAGE_SIZE),
      visible.length % COMMUNITY_PAGE_SIZE || COMMUNITY_PAGE_SIZE,
    ]);
    expect(read).not.toContain(hiddenId);

    // Read again from the top: the new post first, then every post above.
    expect((await feedPages(member)).flat().map((p) => p.id)).toEqual([shared.body.id, ...visible]);
  });

  it('counts every post members see, and the member’s own, past any page', async () => {
    const stats = await member.get('/api/community/stats');
    expect(stats.status).toBe(200);
    expect(stats.headers.get('cache-control')).toBe('no-store');
    expect(communityStatsSchema.strict().parse(stats.body)).toEqual({
      totalPosts: visible.length + 1,
      yourPosts: ownVisible + 1,
    });
    expect(stats.body.totalPosts).toBeGreaterThan(200);
    expect(stats.body.yourPosts).toBeGreaterThan(200);

    // Another member: the same Circle, none of it theirs until they share.
    const other = (await signedInMember(members.url)).member;
    expect((await other.get('/api/community/stats')).body).toEqual({ totalPosts: visible.length + 1, yourPosts: 0 });
    await other.post('/api/community/posts', { content: 'My first words here.' });
    expect((await other.get('/api/community/stats')).body).toEqual({ totalPosts: visible.length + 2, yourPosts: 1 });
    expect((await caller(members.url).get('/api/community/stats')).status).toBe(401);
  });

  it('refuses a malformed cursor, or one naming no post members see, with 400 and a message, changing nothing', async () => {
    const before = await member.get('/api/community/posts');
    const statsBefore = (await member.get('/api/community/stats')).body;
    const gone = await CommunityPostModel.create({ userId: memberId, content: 'Soon deleted.' });
    await CommunityPostModel.deleteOne({ _id: gone._id });
    for (const [cursor, message] of [
      ['nonsense', 'Invalid cursor'],
      ['a'.repeat(25), 'Invalid cursor'],
      ['0'.repeat(24), UNKNOWN_CURSOR_MESSAGE],
      [gone._id.toString(), UNKNOWN_CURSOR_MESSAGE],
      [hiddenId, UNKNOWN_CURSOR_MESSAGE],
    ] as const) {
      const res = await member.get(`/api/community/posts?cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.message, cursor).toBe(message);
    }
    expect((await member.get('/api/community/posts')).body).toEqual(before.body);
    expect((await member.get('/api/community/stats')).body).toEqual(statsBefore);
    expect((await caller(members.url).get(`/api/community/posts?cursor=${visible[5]}`)).status).toBe(401);
  });
});
