import { COMMUNITY_PAGE_SIZE, UNKNOWN_CURSOR_MESSAGE, type CommunityPost } from '@coach/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleMember as member, failWith } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import CommunityPage from './CommunityPage.tsx';

const PROMPT = 'What are you ready to release this week?';
const POSTS: CommunityPost[] = [
  {
    id: 'p2',
    userId: 7,
    content: 'Letting go of old stories.',
    prompt: PROMPT,
    createdAt: '2025-03-02T09:00:00.000Z',
    likeCount: 0,
    likedByMe: false,
    replyCount: 0,
  },
  {
    id: 'p1',
    userId: 12,
    content: 'Grateful for this circle.',
    createdAt: '2025-03-01T09:00:00.000Z',
    likeCount: 2,
    likedByMe: false,
    replyCount: 1,
  },
];

/**
 * A signed-in member with a feed the server keeps, newest first: a page of COMMUNITY_PAGE_SIZE
 * posts after ?cursor= (400 for a cursor naming no post), the next page named in a Link header,
 * and the counts of all posts and the member's. Posts sent and the feed's URLs read are recorded.
 */
function circle({ posts = POSTS }: { posts?: CommunityPost[] } = {}) {
  const feed = [...posts];
  const sent: unknown[] = [];
  const reads: string[] = [];
  server.use(
    http.get('/api/auth/me', () => HttpResponse.json(member)),
    http.get('/api/community/weekly-prompt', () => HttpResponse.json({ prompt: PROMPT })),
    http.get('/api/community/posts', ({ request }) => {
      const url = new URL(request.url);
      reads.push(`${url.pathname}${url.search}`);
      const cursor = url.searchParams.get('cursor');
      const start = cursor ? feed.findIndex((post) => post.id === cursor) + 1 : 0;
      if (cursor && start === 0) return HttpResponse.json({ message: UNKNOWN_CURSOR_MESSAGE }, { status: 400 });
      const page = feed.slice(start, start + COMMUNITY_PAGE_SIZE);
      if (start + COMMUNITY_PAGE_SIZE >= feed.length) return HttpResponse.json(page);
      return HttpResponse.json(page, {
        headers: { Link: `</api/community/posts?cursor=${page.at(-1)!.id}>; rel="next"` },
      });
    }),
    http.get('/api/community/stats', () =>
      HttpResponse.json({
        totalPosts: feed.length,
        yourPosts: feed.filter((post) => String(post.userId) === member.id).length,
      }),
    ),
    http.post('/api/community/posts', async ({ request }) => {
      const body = (await request.json()) as { content: string; prompt?: string };
      sent.push(body);
      const post = {
        id: `n${sent.length}`,
        userId: 7,
        createdAt: '2025-03-03T09:00:00.000Z',
        likeCount: 0,
        likedByMe: false,
        replyCount: 0,
        ...body,
      };
      feed.unshift(post);
      return HttpResponse.json(post, { status: 201 });
    }),
  );
  return { sent, feed, reads };
}

/** `count` posts, newest first: q1 (the member's, #7), q2 (#12), q3 (#7)... */
const many = (count: number): CommunityPost[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `q${i + 1}`,
    userId: i % 2 === 0 ? 7 : 12,
    content: `Thought number ${i + 1}.`,
    createdAt: new Date(Date.UTC(2025, 2, 1) - i * 3600_000).toISOString(),
    likeCount: 0,
    likedByMe: false,
    replyCount: 0,
  }));

const render = () => renderWithApp(<CommunityPage />, { route: '/community' });
const composer = () => screen.getByRole('textbox', { name: /your (message|reflection)/i });

describe('CommunityPage signed out', () => {
  it('prompts to sign in or sign up with its notice, and reads no feed', async () => {
    let feedRead = false;
    server.use(http.get('/api/community/posts', () => ((feedRead = true), HttpResponse.json([]))));
    render();
    expect(await screen.findByRole('heading', { name: 'Enter the Sacred Circle' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup');
    const notice = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(notice).toHaveTextContent('Authentication Required');
    expect(notice).toHaveTextContent('Please log in to access the Sacred Circle community');
    expect(feedRead).toBe(false);
  });

  it('shows a loading state while the session is read', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/auth/me', async () => {
        await held;
        return HttpResponse.json({ message: 'Not signed in' }, { status: 401 });
      }),
    );
    render();
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Enter the Sacred Circle' })).toBeInTheDocument();
  });
});

describe('CommunityPage for a member', () => {
  it('welcomes the member, counts all posts and theirs, and shows the weekly prompt', async () => {
    circle();
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to the circle, Asha' })).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Circle at a Glance' });
    await waitFor(() => expect(within(stats).getByText('Total Posts').nextSibling).toHaveTextContent('2'));
    expect(within(stats).getByText('Your Posts').nextSibling).toHaveTextContent('1');
    const weekly = screen.getByRole('region', { name: 'Weekly Reflection' });
    expect(await within(weekly).findByText(PROMPT)).toBeInTheDocument();
  });

  it('shows each post with its author number, reflection badge, date, content, likes and replies', async () => {
    circle();
    render();
    const reflection = await screen.findByRole('article', { name: 'Community Member #7' });
    expect(within(reflection).getByText('Weekly Reflection')).toBeInTheDocument();
    expect(within(reflection).getByText(PROMPT)).toBeInTheDocument();
    expect(within(reflection).getByText('March 2, 2025')).toBeInTheDocument();
    expect(within(reflection).getByText('Letting go of old stories.')).toBeInTheDocument();
    expect(within(reflection).getByText('You')).toBeInTheDocument();
    expect(within(reflection).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');

    const plain = screen.getByRole('article', { name: 'Community Member #12' });
    expect(within(plain).queryByText('You')).not.toBeInTheDocument();
    expect(within(plain).queryByText('Weekly Reflection')).not.toBeInTheDocument();
    expect(within(plain).getByRole('button', { name: 'Like 2 likes' })).toBeInTheDocument();
    expect(within(plain).getByRole('button', { name: 'Reply 1 reply' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('likes a post at once and keeps the count the server answers; a second press unlikes it', async () => {
    circle();
    const calls: string[] = [];
    server.use(
      http.put(
        '/api/community/posts/p1/like',
        () => (calls.push('like'), HttpResponse.json({ likedByMe: true, likeCount: 5 })),
      ),
      http.delete(
        '/api/community/posts/p1/like',
        () => (calls.push('unlike'), HttpResponse.json({ likedByMe: false, likeCount: 4 })),
      ),
    );
    const { user } = render();
    const post = await screen.findByRole('article', { name: 'Community Member #12' });
    await user.click(within(post).getByRole('button', { name: 'Like 2 likes' }));
    const liked = await within(post).findByRole('button', { name: 'Like 5 likes' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    await user.click(liked);
    expect(await within(post).findByRole('button', { name: 'Like 4 likes' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls).toEqual(['like', 'unlike']);
  });

  it('takes a like back and says so when the server refuses it', async () => {
    circle();
    failWith('put', '/api/community/posts/p1/like', 500, 'Something went wrong on our side. Please try again.');
    const { user } = render();
    const post = await screen.findByRole('article', { name: 'Community Member #12' });
    await user.click(within(post).getByRole('button', { name: 'Like 2 likes' }));
    expect(await screen.findByText('Could not save your like')).toBeInTheDocument();
    expect(within(post).getByRole('button', { name: 'Like 2 likes' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('opens the thread under a post and sends a reply', async () => {
    circle();
    const thread = [{ id: 'r1', postId: 'p1', userId: 3, content: 'Me too.', createdAt: '2025-03-01T10:00:00.000Z' }];
    const sent: unknown[] = [];
    server.use(
      http.get('/api/community/posts/p1/replies', () => HttpResponse.json(thread)),
      http.post('/api/community/posts/p1/replies', async ({ request }) => {
        const body = (await request.json()) as { content: string };
        sent.push(body);
        const reply = {
          id: `r${thread.length + 1}`,
          postId: 'p1',
          userId: 7,
          createdAt: '2025-03-04T10:00:00.000Z',
          ...body,
        };
        thread.push(reply);
        return HttpResponse.json(reply, { status: 201 });
      }),
    );
    const { user } = render();
    const post = await screen.findByRole('article', { name: 'Community Member #12' });
    const toggle = within(post).getByRole('button', { name: 'Reply 1 reply' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const replies = await within(post).findByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('Me too.')).toBeInTheDocument();
    expect(within(replies).getByText('Community Member #3')).toBeInTheDocument();

    const send = within(post).getByRole('button', { name: 'Send reply' });
    expect(send).toBeDisabled();
    await user.type(within(post).getByRole('textbox', { name: 'Your reply' }), '  Thank you for this.  ');
    await user.click(send);
    expect(await within(replies).findByText('Thank you for this.')).toBeInTheDocument();
    expect(sent).toEqual([{ content: 'Thank you for this.' }]);
    expect(within(post).getByRole('textbox', { name: 'Your reply' })).toHaveValue('');
  });

  it('lets a member delete their own post after confirming, and report another with a reason', async () => {
    circle();
    const deleted: string[] = [];
    const reports: unknown[] = [];
    server.use(
      http.delete(
        '/api/community/posts/:id',
        ({ params }) => (deleted.push(String(params.id)), HttpResponse.json({ ok: true, message: 'Post deleted' })),
      ),
      http.post('/api/community/posts/:id/report', async ({ params, request }) => {
        reports.push({ id: params.id, ...((await request.json()) as object) });
        return HttpResponse.json({ ok: true, message: 'Thank you. The coach will look at it.' }, { status: 202 });
      }),
    );
    const { user } = render();
    const mine = await screen.findByRole('article', { name: 'Community Member #7' });
    await user.click(within(mine).getByRole('button', { name: "More actions for Community Member #7's post" }));
    // The menu's code loads the first time a menu is opened.
    const remove = await screen.findByRole('menuitem', { name: 'Delete post' });
    expect(screen.queryByRole('menuitem', { name: 'Report post' })).not.toBeInTheDocument();
    await user.click(remove);
    const confirm = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post deleted')).toBeInTheDocument();
    expect(deleted).toEqual(['p2']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const other = screen.getByRole('article', { name: 'Community Member #12' });
    await user.click(within(other).getByRole('button', { name: "More actions for Community Member #12's post" }));
    const reportItem = await screen.findByRole('menuitem', { name: 'Report post' });
    expect(screen.queryByRole('menuitem', { name: 'Delete post' })).not.toBeInTheDocument();
    await user.click(reportItem);
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    const report = within(dialog).getByRole('button', { name: 'Report' });
    expect(report).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(report);
    expect(await screen.findByText('Thank you for telling us')).toBeInTheDocument();
    expect(reports).toEqual([{ id: 'p1', reason: 'spam' }]);
  });

  it('says "Start the Conversation" when the feed is empty', async () => {
    circle({ posts: [] });
    render();
    expect(await screen.findByRole('heading', { name: 'Start the Conversation' })).toBeInTheDocument();
  });

  it('keeps Share disabled until there is text beyond spaces, its field required', async () => {
    circle();
    const { user } = render();
    await screen.findByRole('article', { name: 'Community Member #7' });
    const share = screen.getByRole('button', { name: 'Share' });
    expect(share).toBeDisabled();
    expect(composer()).toBeRequired();
    await user.type(composer(), '   ');
    expect(share).toBeDisabled();
    await user.type(composer(), 'Hello');
    expect(share).toBeEnabled();
  });

  it('shares a post: sends the trimmed text, clears the composer, says "Post Shared" and refreshes the feed', async () => {
    const { sent } = circle();
    const { user } = render();
    await screen.findByRole('article', { name: 'Community Member #7' });
    await user.type(composer(), '  Stillness.  ');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Post Shared')).toBeInTheDocument();
    expect(sent).toEqual([{ content: 'Stillness.' }]);
    expect(composer()).toHaveValue('');
    expect(await screen.findByText('Stillness.')).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Circle at a Glance' });
    expect(within(stats).getByText('Your Posts').nextSibling).toHaveTextContent('2');
  });

  it('shares a reflection with the weekly prompt attached, then leaves reflection mode', async () => {
    const { sent } = circle();
    const { user } = render();
    await screen.findByRole('article', { name: 'Community Member #7' });
    await user.click(await screen.findByRole('button', { name: 'Reflect & Share' }));
    const composerCard = screen.getByRole('region', { name: 'Share Your Reflection' });
    expect(within(composerCard).getByText(PROMPT)).toBeInTheDocument();
    expect(composer()).toHaveFocus();
    await user.type(composer(), 'I release it.');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Post Shared')).toBeInTheDocument();
    expect(sent).toEqual([{ content: 'I release it.', prompt: PROMPT }]);
    expect(screen.getByRole('region', { name: 'Share with the Circle' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Reflection' })).not.toBeInTheDocument();
  });

  it('"Cancel Reflection" leaves reflection mode and clears the text', async () => {
    circle();
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Reflect & Share' }));
    await user.type(composer(), 'Half a thought');
    await user.click(screen.getByRole('button', { name: 'Cancel Reflection' }));
    expect(screen.getByRole('region', { name: 'Share with the Circle' })).toBeInTheDocument();
    expect(composer()).toHaveValue('');
  });

  it('says "Session Expired" when the post is refused with 401', async () => {
    circle();
    failWith('post', '/api/community/posts', 401, 'Please sign in to continue');
    const { user } = render();
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Hello circle');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Session Expired');
    expect(notice).toHaveTextContent('Please log in again to share your reflection');
    expect(composer()).toHaveValue('Hello circle');
  });

  it('says "Error" for any other failure', async () => {
    circle();
    failWith('post', '/api/community/posts', 500, 'Boom');
    const { user } = render();
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Hello circle');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Error');
    expect(notice).toHaveTextContent('Failed to share your post. Please try again.');
  });

  it('shows the newest page and the server’s counts; "More posts" adds the next page below until the oldest post', async () => {
    const { reads } = circle({ posts: many(COMMUNITY_PAGE_SIZE + 5) });
    // Counts of every post, past the pages read.
    server.use(http.get('/api/community/stats', () => HttpResponse.json({ totalPosts: 250, yourPosts: 210 })));
    server.use(http.put('/api/community/posts/:id/like', () => HttpResponse.json({ likedByMe: true, likeCount: 1 })));
    const { user } = render();
    const feed = await screen.findByRole('list', { name: 'Community posts' });
    expect(within(feed).getAllByRole('article')).toHaveLength(COMMUNITY_PAGE_SIZE);
    expect(within(feed).queryByText(`Thought number ${COMMUNITY_PAGE_SIZE + 1}.`)).not.toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Circle at a Glance' });
    await waitFor(() => expect(within(stats).getByText('Total Posts').nextSibling).toHaveTextContent('250'));
    expect(within(stats).getByText('Your Posts').nextSibling).toHaveTextContent('210');

    await user.click(screen.getByRole('button', { name: 'More posts' }));
    expect(await within(feed).findByText(`Thought number ${COMMUNITY_PAGE_SIZE + 5}.`)).toBeInTheDocument();
    expect(within(feed).getAllByRole('article')).toHaveLength(COMMUNITY_PAGE_SIZE + 5);
    expect(screen.queryByRole('button', { name: 'More posts' })).not.toBeInTheDocument();
    expect(reads).toEqual(['/api/community/posts', `/api/community/posts?cursor=q${COMMUNITY_PAGE_SIZE}`]);

    // A post of the second page takes a like like any other.
    const older = within(feed).getAllByRole('article').at(-1)!;
    await user.click(within(older).getByRole('button', { name: 'Like' }));
    expect(await within(older).findByRole('button', { name: 'Like 1 like' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('reads the feed again when the post that named the next page is gone, then adds the next page', async () => {
    const { feed, reads } = circle({ posts: many(COMMUNITY_PAGE_SIZE + 5) });
    const { user } = render();
    const list = await screen.findByRole('list', { name: 'Community posts' });
    // Deleted by its author while this member reads.
    feed.splice(COMMUNITY_PAGE_SIZE - 1, 1);
    await user.click(screen.getByRole('button', { name: 'More posts' }));
    expect(await within(list).findByText(`Thought number ${COMMUNITY_PAGE_SIZE + 5}.`)).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(COMMUNITY_PAGE_SIZE + 4));
    expect(within(list).queryByText(`Thought number ${COMMUNITY_PAGE_SIZE}.`)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More posts' })).not.toBeInTheDocument();
    expect(reads.at(-1)).toBe(`/api/community/posts?cursor=q${COMMUNITY_PAGE_SIZE + 1}`);
  });

  it('keeps the posts shown and says so when more posts cannot be read; a second press reads them', async () => {
    circle({ posts: many(COMMUNITY_PAGE_SIZE + 5) });
    const { user } = render();
    const list = await screen.findByRole('list', { name: 'Community posts' });
    failWith('get', '/api/community/posts', 500, 'Boom', { once: true });
    await user.click(screen.getByRole('button', { name: 'More posts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load more posts. Please try again.');
    expect(within(list).getAllByRole('article')).toHaveLength(COMMUNITY_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'More posts' }));
    expect(await within(list).findByText(`Thought number ${COMMUNITY_PAGE_SIZE + 5}.`)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers a retry when the feed cannot be read', async () => {
    circle();
    failWith('get', '/api/community/posts', 503, 'Unavailable', { once: true });
    const { user } = render();
    expect(await screen.findByText('We couldn’t load the circle’s posts. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Community Member #7' })).toBeInTheDocument();
  });
});
