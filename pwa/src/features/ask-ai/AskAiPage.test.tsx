import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capture } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import AskAiPage from './AskAiPage.tsx';
import { DEFAULT_SUGGESTIONS, POPULAR_QUESTIONS, suggestionsFor } from './suggestions.ts';

/** Lets the mocked network answer (real I/O) while timers stay frozen. */
async function flushNetwork() {
  for (let i = 0; i < 20; i += 1) {
    await act(() => new Promise<void>((r) => setImmediate(r)));
  }
}
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const log = () => screen.getByRole('log', { name: 'Messages' });

describe('suggestion sets', () => {
  it('picks a set by keywords in the assistant text, else the default three', () => {
    expect(suggestionsFor('Try this breathing PRACTICE tonight')).toContain(
      'Guide me through a short breathing practice',
    );
    expect(suggestionsFor('Take a moment to journal about it')).toContain('Give me a journaling prompt for today');
    expect(suggestionsFor("Let's explore what lies underneath")).toContain('What might be underneath this feeling?');
    expect(suggestionsFor('Be gentle with yourself')).toContain('How can I be gentler with myself?');
    expect(suggestionsFor('Your soul is calling')).toContain('What is my soul calling me toward?');
    expect(suggestionsFor('Thank you for sharing.')).toEqual(DEFAULT_SUGGESTIONS);
    expect(DEFAULT_SUGGESTIONS).toHaveLength(3);
  });
});

describe('Ask AI page', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.restoreAllMocks());

  it('starts with one welcome message, six popular questions, a disclaimer and Book Personal Session', () => {
    renderWithApp(<AskAiPage />, { fakeTimers: true });
    expect(within(log()).getAllByTestId('assistant-message')).toHaveLength(1);
    const aside = screen.getByRole('complementary', { name: 'Popular Questions' });
    for (const q of POPULAR_QUESTIONS) expect(within(aside).getByRole('button', { name: q })).toBeInTheDocument();
    expect(screen.getByText(/an AI guide, not a person/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book Personal Session' })).toHaveAttribute('target', '_blank');
    expect(document.title).toContain('Ask AI');
  });

  it('adds the question, clears the input, shows typing, and shows the reply 800 ms after it arrives', async () => {
    const requests = capture('post', '/api/ask-ai', { answer: 'Stillness holds your answer.' });
    const { user } = renderWithApp(<AskAiPage />, { fakeTimers: true });
    const input = screen.getByRole('textbox', { name: "Ask your heart's question" });
    await user.type(input, 'Why do I feel lost?{Enter}');
    expect(within(log()).getByText('Why do I feel lost?')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(screen.getByRole('status', { name: 'Soul Companion is typing' })).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ question: 'Why do I feel lost?' });
    await flushNetwork();
    advance(799);
    expect(screen.queryByText('Stillness holds your answer.')).not.toBeInTheDocument();
    advance(1);
    expect(within(log()).getByText('Stillness holds your answer.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Soul Companion is typing' })).not.toBeInTheDocument();
  });

  it('shows quick replies under the assistant message 1.2 s later, chosen by its keywords; a reply sends it', async () => {
    const requests = capture('post', '/api/ask-ai', { answer: 'Let us begin a gentle breathing practice.' });
    const { user } = renderWithApp(<AskAiPage />, { fakeTimers: true });
    await user.click(screen.getByRole('button', { name: POPULAR_QUESTIONS[2] }));
    await waitFor(() => expect(requests).toHaveLength(1));
    await flushNetwork();
    advance(800);
    expect(screen.queryByRole('group', { name: 'Suggested replies' })).not.toBeInTheDocument();
    advance(1199);
    expect(screen.queryByRole('group', { name: 'Suggested replies' })).not.toBeInTheDocument();
    advance(1);
    const group = screen.getByRole('group', { name: 'Suggested replies' });
    const pick = within(group).getByRole('button', { name: 'Guide me through a short breathing practice' });
    await user.click(pick);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.body).toEqual({ question: 'Guide me through a short breathing practice' });
  });

  it('ignores an empty question and keeps Send disabled', async () => {
    const requests = capture('post', '/api/ask-ai', { answer: 'x' });
    const { user } = renderWithApp(<AskAiPage />, { fakeTimers: true });
    const send = screen.getByRole('button', { name: 'Send question' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox'), '   {Enter}');
    expect(send).toBeDisabled();
    expect(requests).toHaveLength(0);
    expect(within(log()).queryAllByTestId('user-message')).toHaveLength(0);
  });

  it('on failure shows the "Unable to connect" notice, stops typing and logs the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('/api/ask-ai', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    const { user } = renderWithApp(<AskAiPage />, { fakeTimers: true });
    await user.type(screen.getByRole('textbox'), 'Hello?{Enter}');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Unable to connect');
    expect(notice).toHaveTextContent('Please try again or reach out to the coach directly for personal guidance.');
    expect(screen.queryByRole('status', { name: 'Soul Companion is typing' })).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it('pre-fills and sends the question from the prompt query parameter, once', async () => {
    const requests = capture('post', '/api/ask-ai', { answer: 'A retreat opens space.' });
    renderWithApp(<AskAiPage />, {
      route: `/ask-ai?prompt=${encodeURIComponent('What can a retreat give me?')}`,
      fakeTimers: true,
    });
    expect(await within(log()).findByText('What can a retreat give me?')).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ question: 'What can a retreat give me?' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/ask-ai$/);
    await flushNetwork();
    advance(800);
    expect(within(log()).getByText('A retreat opens space.')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('marks a popular question once it has been asked', async () => {
    capture('post', '/api/ask-ai', { answer: 'ok' });
    const { user } = renderWithApp(<AskAiPage />, { fakeTimers: true });
    const q = screen.getByRole('button', { name: POPULAR_QUESTIONS[0] });
    expect(within(q).queryByRole('img', { name: 'Asked' })).not.toBeInTheDocument();
    await user.click(q);
    expect(
      within(screen.getByRole('button', { name: `Asked ${POPULAR_QUESTIONS[0]}` })).getByRole('img', { name: 'Asked' }),
    ).toBeInTheDocument();
  });
});
