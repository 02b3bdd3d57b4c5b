import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { FREE_GUIDE } from '@coach/contracts';
import { describe, expect, it } from 'vitest';
import { capture } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import GuideConfirmPage from './GuideConfirmPage.tsx';

const TOKEN = 'Zk3_abcdefghijklmnopqrstuvwxyz0123456789-AB';

describe('the guide confirmation page', () => {
  it('sends the link’s token once and offers the PDF, saying when she joined the newsletter too', async () => {
    const requests = capture('post', '/api/guide/confirm', {
      ok: true,
      message: 'Your email address is confirmed. Your guide is ready to download.',
      downloadUrl: FREE_GUIDE.pdfPath,
      newsletter: true,
    });
    renderWithApp(<GuideConfirmPage />, { route: `/guide/confirm?token=${TOKEN}` });
    const download = await screen.findByRole('link', { name: 'Download the Guide (PDF)' });
    expect(download).toHaveAttribute('href', FREE_GUIDE.pdfPath);
    expect(screen.getByRole('heading', { level: 1, name: FREE_GUIDE.title })).toBeInTheDocument();
    expect(screen.getByText(/You are subscribed to the newsletter too/)).toBeInTheDocument();
    expect(requests.map((r) => r.body)).toEqual([{ token: TOKEN }]);
  });

  it('shows the site’s message for a link that no longer works', async () => {
    const message = 'This link is invalid or has expired. Please ask for the guide again on the Coaching page.';
    server.use(http.post('/api/guide/confirm', () => HttpResponse.json({ message }, { status: 404 })));
    renderWithApp(<GuideConfirmPage />, { route: `/guide/confirm?token=${TOKEN}` });
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
  });
});
