import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capture } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { ChatWidget } from './ChatWidget.tsx';
import { CHAT_FAILURE, CHAT_WELCOME, resetChat } from './store.ts';

async function openChat() {
  const view = renderWithApp(<ChatWidget />);
  await view.user.click(screen.getByRole('button', { name: 'Open spiritual guidance chat' }));
  const dialog = await screen.findByRole('dialog', { name: 'Spiritual Guidance with the coach' });
  return {
    ...view,
    dialog,
    input: within(dialog).getByRole('textbox'),
    send: within(dialog).getByRole('button', { name: 'Send message' }),
  };
}

describe('chat modal', () => {
  beforeEach(() => resetChat());
  afterEach(() => vi.restoreAllMocks());

  it('opens from the floating button with the welcome message', async () => {
    const { dialog } = await openChat();
    expect(within(dialog).getByText(CHAT_WELCOME)).toBeInTheDocument();
  });

  it('sends with Enter: the message is appended, the input cleared, typing shown, then the reply', async () => {
    let release: () => void = () => {};
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/ai/chat', async ({ request }) => {
        bodies.push(await request.json());
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ response: 'Breathe, dear one. You are held.' });
      }),
    );
    const { user, dialog, input, send } = await openChat();
    await user.type(input, '  I feel lost  {Enter}');
    expect(within(dialog).getByText('I feel lost')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(within(dialog).getByRole('status', { name: 'The guide is typing' })).toBeInTheDocument();
    await user.type(input, 'again');
    expect(send).toBeDisabled();
    release();
    expect(await within(dialog).findByText('Breathe, dear one. You are held.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('status', { name: 'The guide is typing' })).not.toBeInTheDocument();
    expect(bodies).toEqual([{ message: 'I feel lost', context: 'spiritual', tone: 'compassionate' }]);
    expect(send).toBeEnabled();
  });

  it('ignores empty or whitespace-only text and keeps Send disabled', async () => {
    const requests = capture('post', '/api/ai/chat', { response: 'x' });
    const { user, dialog, input, send } = await openChat();
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(requests).toHaveLength(0);
    expect(within(dialog).queryAllByTestId('user-message')).toHaveLength(0);
  });

  it('Shift+Enter adds a new line instead of sending', async () => {
    const requests = capture('post', '/api/ai/chat', { response: 'x' });
    const { user, input } = await openChat();
    await user.type(input, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input).toHaveValue('line one\nline two');
    expect(requests).toHaveLength(0);
  });

  it('allows only one request in flight', async () => {
    let calls = 0;
    let release: () => void = () => {};
    server.use(
      http.post('/api/ai/chat', async () => {
        calls += 1;
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ response: 'ok' });
      }),
    );
    const { user, input } = await openChat();
    await user.type(input, 'first{Enter}');
    await user.type(input, 'second{Enter}');
    expect(calls).toBe(1);
    expect(input).toHaveValue('second');
    act(() => release());
  });

  it('answers with the connection message when the call fails, and ends the pending state', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('/api/ai/chat', () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    const { user, dialog, input } = await openChat();
    await user.type(input, 'hello{Enter}');
    expect(await within(dialog).findByText(CHAT_FAILURE)).toBeInTheDocument();
    expect(within(dialog).queryByRole('status', { name: 'The guide is typing' })).not.toBeInTheDocument();
    await user.type(input, 'x');
    expect(within(dialog).getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('answers with the connection message when the network fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('/api/ai/chat', () => HttpResponse.error()));
    const { user, dialog, input } = await openChat();
    await user.type(input, 'hello{Enter}');
    expect(await within(dialog).findByText(CHAT_FAILURE)).toBeInTheDocument();
  });

  it('closes with the X and with a backdrop click', async () => {
    const { user, dialog } = await openChat();
    await user.click(within(dialog).getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open spiritual guidance chat' }));
    await screen.findByRole('dialog');
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await user.click(backdrop as Element);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
