import { act, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { InstallButton } from './InstallButton.tsx';
import { captureInstallPrompt, isIosSafari } from './installPrompt.ts';
import { announceOutboxEvent } from '../../app/pwa/outboxNotices.ts';
import { isPersistedQuery, persistOptions } from '../api/persist.ts';
import { PwaStatus } from './PwaStatus.tsx';
import { useUpdate } from './updateStore.ts';

afterEach(() => {
  vi.restoreAllMocks();
  useUpdate.setState({ available: false, apply: () => {} });
});

describe('offline indicator and update notice (issue #7)', () => {
  it("says 'You are offline' while the browser is offline, and goes when it is back", async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithApp(<PwaStatus />);
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
  });

  it("offers 'New version available' with Reload, which switches; Later hides it", async () => {
    const apply = vi.fn();
    const { user } = renderWithApp(<PwaStatus />);
    act(() => useUpdate.setState({ available: true, apply }));
    const notice = screen.getByRole('status', { name: 'New version available' });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(notice).not.toBeInTheDocument();
  });
});

describe('install (issue #7)', () => {
  it('offers the browser prompt once beforeinstallprompt has fired', async () => {
    captureInstallPrompt();
    const { user } = renderWithApp(<InstallButton />);
    expect(screen.queryByRole('button', { name: 'Install the app' })).not.toBeInTheDocument();
    const prompt = vi.fn(async () => {});
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    // A prompt can be used once: the button goes with it.
    expect(screen.queryByRole('button', { name: 'Install the app' })).not.toBeInTheDocument();
  });

  it('on iOS Safari explains Share -> Add to Home Screen', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    const { user } = renderWithApp(<InstallButton />);
    await user.click(screen.getByRole('button', { name: 'Install the app' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Tap the Share button');
    expect(dialog).toHaveTextContent('Add to Home Screen');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('tells iOS Safari from Chrome on iOS and from desktop browsers', () => {
    const ua = (userAgent: string, maxTouchPoints = 0) => isIosSafari({ userAgent, maxTouchPoints });
    expect(ua('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Mobile Safari/604.1')).toBe(true);
    expect(ua('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/17.4 Safari/605.1.15', 5)).toBe(true);
    expect(ua('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) CriOS/120.0 Mobile Safari/604.1')).toBe(false);
    expect(ua('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/17.4 Safari/605.1.15')).toBe(false);
    expect(ua('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36')).toBe(false);
  });
});

describe('persisted queries (issue #7)', () => {
  it('keeps the public reads only: blog posts and stats, never the current user or member data', () => {
    const client = new QueryClient();
    const { dehydrateOptions, buster } = persistOptions(client);
    expect(buster).toBe(__BUILD_ID__);
    for (const key of [['/api/blog/posts'], ['/api/blog', 'finding-stillness'], ['/api/site-stats']]) {
      expect(isPersistedQuery({ queryKey: key })).toBe(true);
      client.setQueryData(key, { ok: true });
    }
    for (const key of [
      ['/api/auth/me'],
      ['/api/profile', 'progress'],
      ['/api/community/posts'],
      ['/api/admin/users'],
    ]) {
      expect(isPersistedQuery({ queryKey: key })).toBe(false);
      client.setQueryData(key, { secret: true });
    }
    const kept = client
      .getQueryCache()
      .getAll()
      .filter((q) => dehydrateOptions?.shouldDehydrateQuery?.(q))
      .map((q) => q.queryKey[0]);
    expect(kept).toEqual(['/api/blog/posts', '/api/blog', '/api/site-stats']);
  });
});

describe('outbox notices (issue #7)', () => {
  it('confirms a delivered message, and explains a refused one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = new QueryClient();
    renderWithApp(<></>);
    act(() => announceOutboxEvent({ type: 'delivered', kind: 'contact', id: 'k1', body: {} }, client));
    expect(screen.getByRole('status')).toHaveTextContent('Message delivered');
    act(() =>
      announceOutboxEvent({ type: 'rejected', kind: 'newsletter', id: 'k2', status: 400, message: 'bad' }, client),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Subscription failed');
  });

  it('a delivered like refreshes the stats; a refused one frees the heart', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    localStorage.setItem('hasLiked', 'true');
    announceOutboxEvent({ type: 'delivered', kind: 'like', id: 'k1', body: {} }, client);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/site-stats'] });
    expect(localStorage.getItem('hasLiked')).toBe('true');
    announceOutboxEvent({ type: 'rejected', kind: 'like', id: 'k2', status: 400 }, client);
    expect(localStorage.getItem('hasLiked')).toBeNull();
  });
});
