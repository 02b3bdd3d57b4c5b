import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { capture } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { formatCount } from './format.ts';
import { StatsBar } from './StatsBar.tsx';

describe('formatCount', () => {
  it('abbreviates from 1000 with one decimal and k, shows 0 without data', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1.0k');
    expect(formatCount(1540)).toBe('1.5k');
    expect(formatCount(23_456)).toBe('23.5k');
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount(null)).toBe('0');
  });
});

describe('site-statistics bar', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the counts and records a first visit once, then sets hasVisited', async () => {
    const visits = capture('post', '/api/site-stats/visit', { visitorCount: 1543, likeCount: 12 });
    renderWithApp(<StatsBar />);
    expect(await screen.findByText('Visitors: 1.5k')).toBeInTheDocument();
    expect(screen.getByText('Liked by 12 souls')).toBeInTheDocument();
    expect(visits).toHaveLength(1);
    expect(visits[0]?.body).toBeUndefined();
    expect(localStorage.getItem('hasVisited')).toBe('true');
  });

  it("keeps the visit's counts when the stats read is answered after the visit", async () => {
    const log = vi.spyOn(console, 'error');
    let answerRead: () => void = () => {};
    server.use(
      http.get('/api/site-stats', async () => {
        await new Promise<void>((r) => (answerRead = r));
        return HttpResponse.json({ visitorCount: 42, likeCount: 7 });
      }),
    );
    const visits = capture('post', '/api/site-stats/visit', { visitorCount: 1543, likeCount: 12 });
    renderWithApp(<StatsBar />);
    await waitFor(() => expect(localStorage.getItem('hasVisited')).toBe('true'));
    answerRead();
    expect(await screen.findByText('Visitors: 1.5k')).toBeInTheDocument();
    // The older answer, had it landed, would show within a few turns of the event loop.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('Visitors: 1.5k')).toBeInTheDocument();
    expect(screen.getByText('Liked by 12 souls')).toBeInTheDocument();
    expect(visits).toHaveLength(1);
    expect(log).not.toHaveBeenCalled();
  });

  it('does not record a visit when this browser already visited', async () => {
    localStorage.setItem('hasVisited', 'true');
    const visits = capture('post', '/api/site-stats/visit', { visitorCount: 1, likeCount: 0 });
    renderWithApp(<StatsBar />);
    expect(await screen.findByText('Visitors: 42')).toBeInTheDocument();
    expect(visits).toHaveLength(0);
  });

  it('shows 0 when the stats cannot be read, and only logs the failure', async () => {
    localStorage.setItem('hasVisited', 'true');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/api/site-stats', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    renderWithApp(<StatsBar />);
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.getByText('Visitors: 0')).toBeInTheDocument();
    expect(screen.getByText('Liked by 0 souls')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like this site' })).toBeEnabled();
  });

  it('likes once: counts update, the heart fills and the button stays disabled', async () => {
    localStorage.setItem('hasVisited', 'true');
    const likes = capture('post', '/api/site-stats/like', { visitorCount: 42, likeCount: 8 });
    const { user } = renderWithApp(<StatsBar />);
    await screen.findByText('Liked by 7 souls');
    await user.click(screen.getByRole('button', { name: 'Like this site' }));
    expect(await screen.findByText('Liked by 8 souls')).toBeInTheDocument();
    const liked = screen.getByRole('button', { name: 'You liked this site' });
    expect(liked).toBeDisabled();
    expect(screen.getByTestId('heart-filled')).toBeInTheDocument();
    expect(localStorage.getItem('hasLiked')).toBe('true');
    expect(likes).toHaveLength(1);
    expect(likes[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('likes offline: the like waits in the outbox, the heart fills and counts it, the visitor is told', async () => {
    localStorage.setItem('hasVisited', 'true');
    server.use(
      http.post('/api/site-stats/like', () =>
        HttpResponse.json({ queued: true, id: 'k' }, { status: 202, headers: { 'X-Outbox': 'queued' } }),
      ),
    );
    const { user } = renderWithApp(<StatsBar />);
    await screen.findByText('Liked by 7 souls');
    await user.click(screen.getByRole('button', { name: 'Like this site' }));
    expect(await screen.findByText('Liked by 8 souls')).toBeInTheDocument();
    expect(screen.getByTestId('heart-filled')).toBeInTheDocument();
    expect(localStorage.getItem('hasLiked')).toBe('true');
    expect(screen.getByRole('status')).toHaveTextContent('Your like is saved and will be sent automatically');
  });

  it('disables the heart while the like is pending', async () => {
    localStorage.setItem('hasVisited', 'true');
    let release: () => void = () => {};
    server.use(
      http.post('/api/site-stats/like', async () => {
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ visitorCount: 42, likeCount: 8 });
      }),
    );
    const { user } = renderWithApp(<StatsBar />);
    await screen.findByText('Liked by 7 souls');
    await user.click(screen.getByRole('button', { name: 'Like this site' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like this site' })).toBeDisabled());
    release();
    expect(await screen.findByText('Liked by 8 souls')).toBeInTheDocument();
  });

  it('keeps the heart disabled in a browser that already liked', async () => {
    localStorage.setItem('hasVisited', 'true');
    localStorage.setItem('hasLiked', 'true');
    renderWithApp(<StatsBar />);
    expect(await screen.findByRole('button', { name: 'You liked this site' })).toBeDisabled();
  });

  it('leaves counts and heart as they were when the like fails, and logs it', async () => {
    localStorage.setItem('hasVisited', 'true');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('/api/site-stats/like', () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
    const { user } = renderWithApp(<StatsBar />);
    await screen.findByText('Liked by 7 souls');
    await user.click(screen.getByRole('button', { name: 'Like this site' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.getByText('Liked by 7 souls')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like this site' })).toBeEnabled();
    expect(localStorage.getItem('hasLiked')).toBeNull();
  });

  it('leaves the visitor count as it was when the visit fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('/api/site-stats/visit', () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
    renderWithApp(<StatsBar />);
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.getByText('Visitors: 42')).toBeInTheDocument();
    expect(localStorage.getItem('hasVisited')).toBeNull();
  });

  it('shares wisdom through a WhatsApp link with text and the site origin', async () => {
    renderWithApp(<StatsBar />);
    const share = screen.getByRole('link', { name: /Share Wisdom/ });
    const href = share.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(href)).toContain(window.location.origin);
    expect(share).toHaveAttribute('target', '_blank');
  });
});
