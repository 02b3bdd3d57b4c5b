import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { samplePost } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { Route, Routes } from 'react-router';
import BlogListPage from './BlogListPage.tsx';
import BlogPostPage from './BlogPostPage.tsx';
import { DEFAULT_POST_IMAGE, fallbackImageFor } from './format.ts';
import { PostBody } from './PostBody.tsx';

const renderPost = (slug = 'finding-stillness') =>
  renderWithApp(<BlogPostPage />, { route: `/blog/${slug}`, path: '/blog/:slug' });

describe('post body renderer', () => {
  it("turns '# ' into a level-2 heading, '## ' into level 3, skips blank lines, other lines are paragraphs", () => {
    const { container } = render(<PostBody content={'# Begin\n\nFirst line.\n## Deeper\n   \nSecond line.'} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Begin' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Deeper' })).toBeInTheDocument();
    expect(Array.from(container.querySelectorAll('p')).map((p) => p.textContent)).toEqual([
      'First line.',
      'Second line.',
    ]);
  });

  it("shows 'Content not available.' without content", () => {
    render(<PostBody content="" />);
    expect(screen.getByText('Content not available.')).toBeInTheDocument();
  });
});

describe('blog post page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the post: back link, image, category, date, read time, AI badge, title, excerpt, body, tags, CTAs', async () => {
    server.use(http.get('/api/blog/finding-stillness', () => HttpResponse.json(samplePost({ isGenerated: true }))));
    renderPost();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Finding Stillness in a Busy World' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to Blog' })[0]).toHaveAttribute('href', '/blog');
    expect(screen.getByRole('img', { name: /Finding Stillness/ })).toHaveAttribute('src', '/images/blog/stillness.jpg');
    expect(screen.getByText('Healing')).toBeInTheDocument();
    expect(screen.getByText('March 5, 2025')).toBeInTheDocument();
    expect(screen.getByText('5 min read', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('AI Generated')).toBeInTheDocument();
    expect(screen.getByText('Peace is not a place you arrive at; it is a way of travelling.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'The Practice' })).toBeInTheDocument();
    expect(screen.getByText('#peace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a Session' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Read More Posts' })).toHaveAttribute('href', '/blog');
    expect(document.title).toContain('Finding Stillness in a Busy World');
  });

  it('has no AI badge on a post written by the coach', async () => {
    server.use(http.get('/api/blog/finding-stillness', () => HttpResponse.json(samplePost())));
    renderPost();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('AI Generated')).not.toBeInTheDocument();
  });

  it('shows Post Not Found for an unknown slug, with Back to Blog', async () => {
    server.use(http.get('/api/blog/gone', () => HttpResponse.json({ message: 'Post not found' }, { status: 404 })));
    renderPost('gone');
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The blog post you're looking for doesn't exist or has been moved.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });

  it('shows the same state when the server cannot load the post', async () => {
    server.use(http.get('/api/blog/finding-stillness', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderPost();
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
  });

  it('offline, a post never saved says so and links to the blog instead of Post Not Found', async () => {
    server.use(http.get('/api/blog/finding-stillness', () => HttpResponse.error()));
    renderPost();
    expect(await screen.findByRole('heading', { name: 'Not saved for offline reading' })).toBeInTheDocument();
    expect(
      screen.getByText('You are offline — this post has not been saved for offline reading yet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the blog' })).toHaveAttribute('href', '/blog');
    expect(screen.queryByRole('heading', { name: 'Post Not Found' })).not.toBeInTheDocument();
    expect(document.title).toMatch(/^You are offline/);
  });

  it('offline, a post seen on a page of the list but never opened opens whole from the list', async () => {
    const listed = samplePost({ id: 'p2', slug: 'listed-only', title: 'Seen on the List', category: 'Purpose' });
    server.use(http.get('/api/blog/posts', () => HttpResponse.json([samplePost(), listed])));
    const { user } = renderWithApp(
      <Routes>
        <Route path="/blog" element={<BlogListPage />} />
        <Route path="/blog/:slug" element={<BlogPostPage />} />
      </Routes>,
      { route: '/blog' },
    );
    const card = await screen.findByRole('link', { name: /Seen on the List/ });
    server.use(http.get('/api/blog/:slug', () => HttpResponse.error())); // the connection drops
    await user.click(card);

    expect(await screen.findByRole('heading', { level: 1, name: 'Seen on the List' })).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(within(article).getByText('Breathe slowly.')).toBeInTheDocument();
    expect(within(article).getByText('Purpose')).toBeInTheDocument();
    expect(within(article).getByRole('img', { name: 'Illustration for “Seen on the List”' })).toBeInTheDocument();
    expect(screen.queryByText('Not saved for offline reading')).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Seen on the List/);
  });

  it('falls back to the image of the post category when the image fails', async () => {
    server.use(http.get('/api/blog/finding-stillness', () => HttpResponse.json(samplePost({ category: 'Purpose' }))));
    renderPost();
    const img = await screen.findByRole('img', { name: /Finding Stillness/ });
    img.dispatchEvent(new Event('error'));
    await waitFor(() => expect(img).toHaveAttribute('src', fallbackImageFor('Purpose')));
    expect(fallbackImageFor('Purpose')).not.toBe(DEFAULT_POST_IMAGE);
    expect(fallbackImageFor('Something Else')).toBe(DEFAULT_POST_IMAGE);
  });

  it('shares with the native share sheet when the device has one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { share });
    server.use(http.get('/api/blog/finding-stillness', () => HttpResponse.json(samplePost())));
    const { user } = renderPost();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Finding Stillness in a Busy World', url: window.location.href }),
    );
    Reflect.deleteProperty(navigator, 'share');
  });

  it('copies the URL when there is no native share, or when it fails', async () => {
    server.use(http.get('/api/blog/finding-stillness', () => HttpResponse.json(samplePost())));
    const { user } = renderPost();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied');

    Object.assign(navigator, { share: vi.fn().mockRejectedValue(new Error('not allowed')) });
    writeText.mockClear();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(window.location.href));
    Reflect.deleteProperty(navigator, 'share');
  });
});
