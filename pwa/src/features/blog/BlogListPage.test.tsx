import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { BLOG_PAGE_SIZE } from '@coach/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { capture, samplePost, signIn } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import BlogListPage from './BlogListPage.tsx';

const posts = [
  samplePost(),
  samplePost({
    id: 'p2',
    slug: 'purpose-path',
    title: 'Walking the Path of Purpose',
    category: 'Purpose',
    isGenerated: true,
    createdAt: '2025-01-15T08:00:00.000Z',
    publishedAt: '2025-01-15T08:00:00.000Z',
  }),
];

/**
 * The list API over `all`: filtered by ?category= and ?q= (a word of the title), a page of
 * BLOG_PAGE_SIZE after ?cursor=, and the next page named in a Link header. Records each URL.
 */
function listApi(all: Array<ReturnType<typeof samplePost>>) {
  const urls: URL[] = [];
  server.use(
    http.get('/api/blog/posts', ({ request }) => {
      const url = new URL(request.url);
      urls.push(url);
      const category = url.searchParams.get('category');
      const q = url.searchParams.get('q')?.toLowerCase();
      const cursor = url.searchParams.get('cursor');
      const matching = all.filter(
        (p) => (!category || p.category === category) && (!q || String(p.title).toLowerCase().includes(q)),
      );
      const start = cursor ? matching.findIndex((p) => p.id === cursor) + 1 : 0;
      if (cursor && start === 0) return HttpResponse.json({ message: 'Unknown cursor' }, { status: 400 });
      const page = matching.slice(start, start + BLOG_PAGE_SIZE);
      const more = start + BLOG_PAGE_SIZE < matching.length;
      const next = new URLSearchParams(url.searchParams);
      next.set('cursor', page.at(-1)?.id ?? '');
      return HttpResponse.json(page, more ? { headers: { Link: `</api/blog/posts?${next}>; rel="next"` } } : {});
    }),
  );
  return urls;
}

const many = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    samplePost({ id: `p${i + 1}`, slug: `post-${i + 1}`, title: `Reflection number ${i + 1}` }),
  );

describe('blog list', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows 6 skeleton cards while loading, then the post cards linking to their posts', async () => {
    server.use(http.get('/api/blog/posts', () => HttpResponse.json(posts)));
    renderWithApp(<BlogListPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Spiritual Insights' })).toBeInTheDocument();
    expect(screen.getAllByTestId('post-skeleton')).toHaveLength(6);
    const card = (await screen.findByRole('heading', { name: 'Finding Stillness in a Busy World' })).closest('a');
    expect(card).toHaveAttribute('href', '/blog/finding-stillness');
    expect(screen.queryAllByTestId('post-skeleton')).toHaveLength(0);
    expect(screen.getByText('March 5, 2025')).toBeInTheDocument();
    expect(screen.getAllByText('5 min read', { exact: false })).toHaveLength(2);
    expect(screen.getAllByText('AI Generated')).toHaveLength(1);
  });

  it('shows the error state when the posts cannot be loaded', async () => {
    server.use(http.get('/api/blog/posts', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    renderWithApp(<BlogListPage />);
    expect(await screen.findByText('Unable to load blog posts. Please try again later.')).toBeInTheDocument();
  });

  it('filters by category on the server (All Posts by default); an empty category offers View All Posts', async () => {
    const urls = listApi(posts);
    const { user } = renderWithApp(<BlogListPage />, { route: '/blog' });
    await screen.findByText('Walking the Path of Purpose');
    const filters = screen.getByRole('group', { name: 'Filter posts by category' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All Posts', 'Healing', 'Purpose', 'Spiritual Growth', 'Daily Wisdom', 'Transformation']);
    expect(within(filters).getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(filters).getByRole('button', { name: 'Purpose' }));
    expect(await screen.findByText('Walking the Path of Purpose')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Finding Stillness in a Busy World')).not.toBeInTheDocument());
    expect(urls.at(-1)?.searchParams.get('category')).toBe('Purpose');
    expect(screen.getByTestId('location')).toHaveTextContent('/blog?category=Purpose');
    await user.click(within(filters).getByRole('button', { name: 'Daily Wisdom' }));
    expect(await screen.findByText('No posts found in this category.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View All Posts' }));
    expect(await screen.findByText('Finding Stillness in a Busy World')).toBeInTheDocument();
    expect(within(filters).getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the newest page with "More posts", a link to the next page that adds its posts below', async () => {
    const urls = listApi(many(BLOG_PAGE_SIZE + 3));
    const { user } = renderWithApp(<BlogListPage />, { route: '/blog' });
    await screen.findByText('Reflection number 1');
    expect(screen.getAllByRole('article')).toHaveLength(BLOG_PAGE_SIZE);
    const more = screen.getByRole('link', { name: 'More posts' });
    // Without the scripts the link opens the next page (rendered by the gateway) on its own.
    expect(more).toHaveAttribute('href', `/blog?page=p${BLOG_PAGE_SIZE}`);
    await user.click(more);
    expect(await screen.findByText(`Reflection number ${BLOG_PAGE_SIZE + 3}`)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(BLOG_PAGE_SIZE + 3);
    expect(screen.queryByRole('link', { name: 'More posts' })).not.toBeInTheDocument();
    expect(urls.at(-1)?.searchParams.get('cursor')).toBe(`p${BLOG_PAGE_SIZE}`);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/blog$/);
  });

  it('opens a later page from its own address, with a way back to the newest posts', async () => {
    const urls = listApi(many(BLOG_PAGE_SIZE + 3));
    renderWithApp(<BlogListPage />, { route: `/blog?page=p${BLOG_PAGE_SIZE}` });
    expect(await screen.findByText(`Reflection number ${BLOG_PAGE_SIZE + 1}`)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(urls[0]?.searchParams.get('cursor')).toBe(`p${BLOG_PAGE_SIZE}`);
    expect(screen.getByRole('link', { name: 'Newest posts' })).toHaveAttribute('href', '/blog');
  });

  it('says a page that no longer exists is gone, with a link to the newest posts', async () => {
    listApi(many(3));
    renderWithApp(<BlogListPage />, { route: '/blog?page=gone' });
    expect(await screen.findByText('This page of posts is no longer available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the newest posts' })).toHaveAttribute('href', '/blog');
  });

  it('searches every post on the server from the search box', async () => {
    const urls = listApi([...many(BLOG_PAGE_SIZE + 3), ...posts]);
    const { user } = renderWithApp(<BlogListPage />, { route: '/blog' });
    await screen.findByText('Reflection number 1');
    const search = screen.getByRole('search');
    await user.type(within(search).getByRole('searchbox', { name: 'Search posts' }), 'path of purpose');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Walking the Path of Purpose')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(urls.at(-1)?.searchParams.get('q')).toBe('path of purpose');
    expect(screen.getByTestId('location')).toHaveTextContent('/blog?q=path+of+purpose');
    await user.clear(within(search).getByRole('searchbox', { name: 'Search posts' }));
    await user.type(within(search).getByRole('searchbox', { name: 'Search posts' }), 'nothing like it');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No posts found for “nothing like it”.')).toBeInTheDocument();
  });

  it('falls back to the default image when a card image fails to load', async () => {
    server.use(http.get('/api/blog/posts', () => HttpResponse.json([samplePost()])));
    renderWithApp(<BlogListPage />);
    await screen.findByText('Finding Stillness in a Busy World');
    const img = document.querySelector('article img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/images/blog/stillness.jpg');
    img.dispatchEvent(new Event('error'));
    await waitFor(() => expect(img.getAttribute('src')).not.toBe('/images/blog/stillness.jpg'));
    expect(img.getAttribute('src')).toMatch(/default|svg/);
  });

  it('hides the generate button from visitors and members who are not admins', async () => {
    signIn({ role: 'user' });
    renderWithApp(<BlogListPage />);
    await screen.findByText('No posts found in this category.');
    expect(screen.queryByRole('button', { name: /Generate Daily Post/ })).not.toBeInTheDocument();
  });

  it('admin: Generating... (disabled) then success notice and a refreshed list', async () => {
    signIn({ role: 'admin' });
    let generated = false;
    let release: () => void = () => {};
    server.use(
      http.get('/api/blog/posts', () => HttpResponse.json(generated ? posts : [])),
      http.post('/api/blog/generate-daily', async () => {
        await new Promise<void>((r) => (release = r));
        generated = true;
        return HttpResponse.json(posts[1], { status: 201 });
      }),
    );
    const { user } = renderWithApp(<BlogListPage />);
    await user.click(await screen.findByRole('button', { name: 'Generate Daily Post (Admin)' }));
    const busy = await screen.findByRole('button', { name: 'Generating...' });
    expect(busy).toBeDisabled();
    release();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Daily post generated!');
    expect(notice).toHaveTextContent('A new spiritual insight has been created and published.');
    expect(await screen.findByText('Walking the Path of Purpose')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Daily Post (Admin)' })).toBeEnabled();
  });

  it('admin: a failed generation shows the destructive notice', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn({ role: 'admin' });
    server.use(http.post('/api/blog/generate-daily', () => HttpResponse.json({ message: 'AI down' }, { status: 502 })));
    const { user } = renderWithApp(<BlogListPage />);
    await user.click(await screen.findByRole('button', { name: 'Generate Daily Post (Admin)' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Generation failed');
    expect(notice).toHaveTextContent('Unable to generate new content. Please try again.');
  });
});

describe('newsletter: Stay Connected', () => {
  afterEach(() => vi.restoreAllMocks());

  it('subscribes with an Idempotency-Key, thanks the visitor and clears the field', async () => {
    const requests = capture('post', '/api/newsletter', { ok: true, message: 'Subscribed' }, 201);
    const { user } = renderWithApp(<BlogListPage />);
    expect(screen.getByRole('heading', { name: 'Stay Connected' })).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /Your email address/ });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await user.type(email, 'seeker@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Thank you for subscribing!');
    expect(notice).toHaveTextContent("You'll receive weekly insights and inspiration in your inbox.");
    expect(email).toHaveValue('');
    expect(requests[0]?.body).toEqual({ email: 'seeker@example.com' });
    expect(requests[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does nothing when submitted empty', async () => {
    const requests = capture('post', '/api/newsletter', { ok: true, message: 'x' });
    const { user } = renderWithApp(<BlogListPage />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(requests).toHaveLength(0);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows "Subscription failed" when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('/api/newsletter', () => HttpResponse.json({ message: 'bad' }, { status: 400 })));
    const { user } = renderWithApp(<BlogListPage />);
    await user.type(screen.getByRole('textbox', { name: /Your email address/ }), 'seeker@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Subscription failed');
    expect(notice).toHaveTextContent('Please check your email and try again.');
    expect(screen.getByRole('textbox', { name: /Your email address/ })).toHaveValue('seeker@example.com');
  });

  it('subscribes offline: "Saved offline" and a cleared field', async () => {
    server.use(
      http.post('/api/newsletter', () =>
        HttpResponse.json({ queued: true, id: 'k' }, { status: 202, headers: { 'X-Outbox': 'queued' } }),
      ),
    );
    const { user } = renderWithApp(<BlogListPage />);
    const email = screen.getByRole('textbox', { name: /Your email address/ });
    await user.type(email, 'seeker@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Saved offline');
    expect(notice).toHaveTextContent(
      'Your subscription is saved and will be sent automatically when you are back online.',
    );
    expect(email).toHaveValue('');
  });
});

describe('blog list offline (issue #7)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('without a saved copy, says the blog is not saved for offline reading', async () => {
    server.use(http.get('/api/blog/posts', () => HttpResponse.error()));
    renderWithApp(<BlogListPage />);
    expect(
      await screen.findByText('You are offline — the blog has not been saved for offline reading yet.'),
    ).toBeInTheDocument();
  });

  it('shows the saved posts with the time they were last updated', async () => {
    server.use(http.get('/api/blog/posts', () => HttpResponse.json([samplePost()])));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithApp(<BlogListPage />);
    expect(await screen.findByRole('heading', { name: samplePost().title })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated [A-Z][a-z]{2} \d{1,2}, \d{4}/)).toBeInTheDocument();
  });
});
