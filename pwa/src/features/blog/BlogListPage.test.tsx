import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
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
  }),
];

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

  it('filters by category (All Posts by default); an empty category offers View All Posts', async () => {
    server.use(http.get('/api/blog/posts', () => HttpResponse.json(posts)));
    const { user } = renderWithApp(<BlogListPage />);
    await screen.findByText('Walking the Path of Purpose');
    const filters = screen.getByRole('group', { name: 'Filter posts by category' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All Posts', 'Healing', 'Purpose', 'Spiritual Growth', 'Daily Wisdom', 'Transformation']);
    expect(within(filters).getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(filters).getByRole('button', { name: 'Purpose' }));
    expect(screen.getByText('Walking the Path of Purpose')).toBeInTheDocument();
    expect(screen.queryByText('Finding Stillness in a Busy World')).not.toBeInTheDocument();
    await user.click(within(filters).getByRole('button', { name: 'Daily Wisdom' }));
    expect(screen.getByText('No posts found in this category.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View All Posts' }));
    expect(screen.getByText('Finding Stillness in a Busy World')).toBeInTheDocument();
    expect(within(filters).getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'true');
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
