import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { FREE_GUIDE, GUIDE_NEWSLETTER_CONSENT } from '@coach/contracts';
import { describe, expect, it } from 'vitest';
import { capture } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import CoachingPage from '../coaching/CoachingPage.tsx';

const SENT =
  'Thank you! Please confirm your email address with the link we sent to your inbox, and your guide is yours.';

describe("the coaching page's free guide", () => {
  it('asks for an address with the newsletter box unticked, and sends what she chose with an Idempotency-Key', async () => {
    const requests = capture('post', '/api/guide', { ok: true, message: SENT }, 202);
    const { user } = renderWithApp(<CoachingPage />);
    await user.click(screen.getByRole('button', { name: 'Download Free Guide' }));
    const dialog = within(await screen.findByRole('dialog', { name: FREE_GUIDE.title }));
    const newsletter = dialog.getByRole('checkbox', { name: GUIDE_NEWSLETTER_CONSENT });
    expect(newsletter).not.toBeChecked();
    await user.type(dialog.getByRole('textbox', { name: /Your email address/ }), 'seeker@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send Me the Guide' }));
    expect(await dialog.findByText('Check your inbox')).toBeInTheDocument();
    expect(dialog.getByText(SENT)).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ email: 'seeker@example.com', newsletter: false });
    expect(requests[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends newsletter: true only when the box is ticked', async () => {
    const requests = capture('post', '/api/guide', { ok: true, message: SENT }, 202);
    const { user } = renderWithApp(<CoachingPage />);
    await user.click(screen.getByRole('button', { name: 'Download Free Guide' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByRole('textbox', { name: /Your email address/ }), 'joiner@example.com');
    await user.click(dialog.getByRole('checkbox', { name: GUIDE_NEWSLETTER_CONSENT }));
    await user.click(dialog.getByRole('button', { name: 'Send Me the Guide' }));
    await dialog.findByText('Check your inbox');
    expect(requests[0]?.body).toEqual({ email: 'joiner@example.com', newsletter: true });
  });

  it("shows the site's message under the field when the address is refused", async () => {
    server.use(
      http.post('/api/guide', () =>
        HttpResponse.json({ message: 'Please enter a valid email address' }, { status: 400 }),
      ),
    );
    const { user } = renderWithApp(<CoachingPage />);
    await user.click(screen.getByRole('button', { name: 'Download Free Guide' }));
    const dialog = within(await screen.findByRole('dialog'));
    const email = dialog.getByRole('textbox', { name: /Your email address/ });
    await user.type(email, 'seeker@example');
    await user.click(dialog.getByRole('button', { name: 'Send Me the Guide' }));
    expect(await dialog.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });
});
