import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formOutcomeKey } from '@coach/site-rules';
import { site } from '../../shared/config/site.ts';
import { capture } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import ContactPage from './ContactPage.tsx';

// Where no service worker controls the page, the form keeps an offline message itself.
const enqueued = vi.hoisted(() => [] as unknown[]);
const outages = vi.hoisted(() => [] as unknown[]);
const replays = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../shared/pwa/pageOutbox.ts', () => ({
  pageOutbox: () => ({
    enqueue: async (entry: unknown, options: { afterOutage?: boolean }) => {
      enqueued.push(entry);
      outages.push(options.afterOutage);
    },
  }),
  replayOutbox: () => void (replays.count += 1),
}));

function setup() {
  const view = renderWithApp(<ContactPage />);
  const form = screen.getByRole('form', { name: 'Contact form' });
  return {
    ...view,
    form,
    name: within(form).getByRole('textbox', { name: /Your Name/ }),
    email: within(form).getByRole('textbox', { name: /Email Address/ }),
    subject: within(form).getByRole('combobox', { name: /Subject/ }),
    message: within(form).getByRole('textbox', { name: /Your Message/ }),
    submit: within(form).getByRole('button', { name: 'Send Message' }),
  };
}

/** Types into a field by pasting: a real input event, without a key event per character. */
async function fill(v: ReturnType<typeof setup>, field: HTMLElement, text: string) {
  await v.user.click(field);
  await v.user.paste(text);
}

async function fillValid(v: ReturnType<typeof setup>) {
  await fill(v, v.name, 'Asha');
  await fill(v, v.email, 'asha@example.com');
  await v.user.selectOptions(v.subject, 'Retreat Information');
  await fill(v, v.message, 'I would love to join the next retreat.');
}

/** Sends a valid message, answered by `answer` (the server's reply, or a network error). */
async function sendValid(answer: Parameters<typeof http.post>[1]) {
  server.use(http.post('/api/contact', answer));
  const v = setup();
  await fillValid(v);
  await v.user.click(v.submit);
  return v;
}

/** The message is kept for later: the "Saved offline" notice, and the form reset for the next one. */
async function expectSavedOffline(v: ReturnType<typeof setup>) {
  const notice = await screen.findByRole('status');
  expect(notice).toHaveTextContent('Saved offline');
  expect(notice).toHaveTextContent('Your message is saved and will be sent automatically when you are back online.');
  expect(v.message).toHaveValue('');
}

describe('contact page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has the side cards: booking, WhatsApp, e-mail and socials; a contact title; 6-row message', () => {
    const v = setup();
    expect(document.title).toMatch(/Contact/);
    expect(document.title).toMatch(/Clarity Call/);
    expect(screen.getByRole('region', { name: 'Book a Free Clarity Call' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Book a Free Clarity Call' })).getByRole('link')).toHaveAttribute(
      'href',
      site.bookingUrl,
    );
    const wa = within(screen.getByRole('region', { name: 'Quick WhatsApp Message' })).getByRole('link');
    expect(wa.getAttribute('href')).toContain(encodeURIComponent(site.whatsappGreeting));
    expect(wa).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    expect(screen.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', site.instagramUrl);
    expect(screen.getByRole('link', { name: 'YouTube' })).toHaveAttribute('href', site.youtubeUrl);
    expect(v.message).toHaveAttribute('rows', '6');
  });

  it('offers the four subjects with their labels', async () => {
    const v = setup();
    // The browser's own list, after a first entry that asks for a choice and cannot be chosen.
    const [prompt, ...options] = within(v.subject).getAllByRole('option') as HTMLOptionElement[];
    expect(prompt).toBeDisabled();
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['1-on-1-coaching', '1-on-1 Coaching Inquiry'],
      ['group-program', 'Group Program Interest'],
      ['retreat', 'Retreat Information'],
      ['general', 'General Question'],
    ]);
  });

  it('coming back refused from a post sent before the app woke, puts the cursor in the first field to fix', async () => {
    const refused = {
      status: 400,
      answer: {
        message: 'Validation failed',
        issues: [
          { path: 'email', message: 'Please enter a valid email address' },
          { path: 'message', message: 'Message must be at least 10 characters' },
        ],
      },
      values: { name: 'Meera', email: 'meera@', subject: 'general', message: 'Hi' },
    };
    renderWithApp(<ContactPage />, {
      route: '/contact',
      seed: [{ queryKey: formOutcomeKey('/contact'), data: refused }],
    });
    const form = screen.getByRole('form', { name: 'Contact form' });
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText(/Email/)).toHaveFocus());
    expect(within(form).getByLabelText(/Email/)).toHaveValue('meera@');
  });

  it('shows the exact validation messages and sends nothing', async () => {
    const requests = capture('post', '/api/contact', { ok: true, message: 'x' });
    const v = setup();
    await fill(v, v.name, 'A');
    await fill(v, v.email, 'not-an-email');
    await fill(v, v.message, 'short');
    await v.user.click(v.submit);
    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please select a subject')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    expect(v.name).toHaveFocus();
    // errors clear as the visitor fixes the fields
    await fill(v, v.name, 'sha');
    expect(screen.queryByText('Name must be at least 2 characters')).not.toBeInTheDocument();
  });

  it("sends with an Idempotency-Key: 'Sending...' (disabled), then the success notice and a reset form", async () => {
    let release: () => void = () => {};
    const bodies: { body: unknown; key: string | null }[] = [];
    server.use(
      http.post('/api/contact', async ({ request }) => {
        bodies.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ ok: true, message: 'Message received' }, { status: 201 });
      }),
    );
    const v = setup();
    await fillValid(v);
    await v.user.click(v.submit);
    const sending = await within(v.form).findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    release();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Message Sent Successfully!');
    expect(notice).toHaveTextContent("Thank you for reaching out. I'll get back to you within 24 hours.");
    expect(v.name).toHaveValue('');
    expect(v.email).toHaveValue('');
    expect(v.message).toHaveValue('');
    expect(bodies[0]?.body).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      subject: 'retreat',
      message: 'I would love to join the next retreat.',
    });
    expect(bodies[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the message and shows the destructive notice when sending fails (and logs it)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const v = await sendValid(() => HttpResponse.json({ message: 'down' }, { status: 500 }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Error Sending Message');
    expect(notice).toHaveTextContent('Please try again or contact me directly via email.');
    expect(v.message).toHaveValue('I would love to join the next retreat.');
    expect(within(v.form).getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(logged).toHaveBeenCalled();
  });

  it('offline, the service worker keeps the message: "Saved offline" and a reset form', async () => {
    const v = await sendValid(() =>
      HttpResponse.json({ queued: true, id: 'k' }, { status: 202, headers: { 'X-Outbox': 'queued' } }),
    );
    await expectSavedOffline(v);
  });

  it('a 503 (the database away for a moment) is kept like offline: "Saved offline", sent later', async () => {
    enqueued.length = 0;
    outages.length = 0;
    replays.count = 0;
    const v = await sendValid(() =>
      HttpResponse.json(
        { message: 'The service is temporarily unavailable. Please try again in a moment.' },
        { status: 503, headers: { 'Retry-After': '5' } },
      ),
    );
    await expectSavedOffline(v);
    expect(enqueued).toEqual([expect.objectContaining({ kind: 'contact', url: '/api/contact' })]);
    expect(outages).toEqual([true]);
    expect(replays.count).toBe(1); // the next try is scheduled, though no 'online' event will come
  });

  it('offline without a service worker, the page keeps the message under its Idempotency-Key', async () => {
    enqueued.length = 0;
    const v = await sendValid(() => HttpResponse.error());
    await expectSavedOffline(v);
    expect(enqueued).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        kind: 'contact',
        url: '/api/contact',
        body: JSON.stringify({
          name: 'Asha',
          email: 'asha@example.com',
          subject: 'retreat',
          message: 'I would love to join the next retreat.',
        }),
      },
    ]);
  });

  it("the app's 'Book a call' shortcut (/contact#book) focuses the booking button", async () => {
    renderWithApp(<ContactPage />, { route: '/contact#book' });
    const book = screen.getByRole('link', { name: 'Book Your Free Clarity Call' });
    await waitFor(() => expect(book).toHaveFocus());
  });
});
