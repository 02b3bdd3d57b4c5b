import type { ModeratedItem } from '@coach/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { ModerationTab } from './ModerationTab.tsx';

const item = (over: Partial<ModeratedItem>): ModeratedItem => ({
  kind: 'post',
  id: 'a'.repeat(24),
  postId: 'a'.repeat(24),
  userId: 9,
  content: 'Buy my miracle course.',
  createdAt: '2025-03-01T10:00:00.000Z',
  hidden: false,
  openReports: 2,
  reasons: ['spam', 'harm'],
  lastReportedAt: '2025-03-02T10:00:00.000Z',
  ...over,
});

/** The moderation API with a reported post and reply and a recent list; calls are recorded. */
function moderation() {
  const reported = [
    item({}),
    item({ kind: 'reply', id: 'b'.repeat(24), userId: 4, content: 'Rude words.', openReports: 1, reasons: ['unkind'] }),
  ];
  const recent = [
    item({
      id: 'c'.repeat(24),
      content: 'A calm morning.',
      openReports: 0,
      reasons: [],
      lastReportedAt: null,
      hidden: true,
    }),
  ];
  const calls: string[] = [];
  server.use(
    http.get('/api/admin/community', ({ request }) =>
      HttpResponse.json(new URL(request.url).searchParams.get('view') === 'recent' ? recent : reported),
    ),
    http.patch('/api/admin/community/:kind/:id', async ({ params, request }) => {
      const { hidden } = (await request.json()) as { hidden: boolean };
      calls.push(`${hidden ? 'hide' : 'show'} ${params.kind} ${params.id}`);
      reported.splice(
        reported.findIndex((i) => i.id === params.id),
        1,
      );
      return HttpResponse.json({ ok: true, message: 'done' });
    }),
    http.post('/api/admin/community/:kind/:id/dismiss', ({ params }) => {
      calls.push(`dismiss ${params.kind} ${params.id}`);
      return HttpResponse.json({ ok: true, message: 'Reports dismissed' });
    }),
    http.delete('/api/admin/community/:kind/:id', ({ params }) => {
      calls.push(`delete ${params.kind} ${params.id}`);
      return HttpResponse.json({ ok: true, message: 'Post deleted' });
    }),
  );
  return { calls };
}

describe('Circle moderation', () => {
  it('lists reported posts and replies with their reasons, and hides one', async () => {
    const { calls } = moderation();
    const { user } = renderWithApp(<ModerationTab />);
    const table = await screen.findByRole('table', { name: 'Reported posts and replies' });
    expect(within(table).getByText('Buy my miracle course.')).toBeInTheDocument();
    expect(within(table).getByText('2: Spam or advertising, Harmful or unsafe')).toBeInTheDocument();
    expect(within(table).getByText('1: Unkind or disrespectful')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Hide post by Community Member #9' }));
    expect(await screen.findByText('Hidden from members')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('Buy my miracle course.')).not.toBeInTheDocument());
    await user.click(within(table).getByRole('button', { name: 'Dismiss reports of reply by Community Member #4' }));
    expect(calls).toEqual([`hide post ${'a'.repeat(24)}`, `dismiss reply ${'b'.repeat(24)}`]);
  });

  it('shows recent posts, hidden ones included, and deletes after confirming', async () => {
    const { calls } = moderation();
    const { user } = renderWithApp(<ModerationTab />);
    await screen.findByRole('table', { name: 'Reported posts and replies' });
    await user.click(screen.getByRole('button', { name: 'Recent' }));
    const table = await screen.findByRole('table', { name: 'Recent posts and replies' });
    expect(within(table).getByText('Hidden')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Dismiss/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Show post by Community Member #9' })).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Delete post by Community Member #9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted from the circle')).toBeInTheDocument();
    expect(calls).toEqual([`delete post ${'c'.repeat(24)}`]);
  });
});
