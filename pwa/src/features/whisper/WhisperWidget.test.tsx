import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WHISPERS_CLOSED_KEY, WHISPER_DISABLED_KEY } from '../../shared/config/site.ts';
import { renderWithApp } from '../../test/render.tsx';
import { resetChat, useChat } from '../chat/store.ts';
import { WhisperWidget } from './WhisperWidget.tsx';
import { WHISPERS, createWhisperItems } from './whispers.ts';

const bubble = () => screen.queryByRole('status');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function renderWidget() {
  return renderWithApp(
    <>
      <WhisperWidget />
      <div data-whisper-section="about">About section</div>
      <button type="button" data-whisper-hover="coaching">
        Book a call
      </button>
    </>,
    { fakeTimers: true },
  );
}

describe('whisper items', () => {
  it('has about 100 comforting quotes and one item per trigger slot', () => {
    expect(WHISPERS.length).toBeGreaterThanOrEqual(95);
    const items = createWhisperItems(() => 0.5);
    expect(items.filter((i) => i.trigger === 'time').map((i) => i.delay)).toEqual(
      [15, 45, 120, 180, 300, 420, 600].map((s) => s * 1000),
    );
    expect(items.filter((i) => i.trigger === 'scroll').map((i) => i.condition)).toEqual(['about', 'coaching', '50%']);
    expect(items.find((i) => i.trigger === 'idle')?.delay).toBe(60_000);
    expect(items.some((i) => i.trigger === 'hover')).toBe(true);
    expect(items.every((i) => !i.shown)).toBe(true);
  });
});

describe('whisper widget', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    resetChat();
  });
  /** Elements a test drew on the page beside the widget, removed after it. */
  const drawn: Element[] = [];
  const draw = (el: Element) => {
    drawn.push(el);
    document.body.append(el);
  };
  const nextFrame = () => act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
  const box = (left: number, top: number, width: number, height: number) =>
    ({ left, top, right: left + width, bottom: top + height, width, height }) as DOMRect;
  /** Shows the first whisper, lying from (12, 400) to (312, 500) on the screen. */
  function showWhisper() {
    renderWidget();
    advance(15_000);
    bubble()!.getBoundingClientRect = () => box(12, 400, 300, 100);
  }
  afterEach(() => {
    Object.defineProperty(window, 'innerHeight', { value: 768, configurable: true });
    drawn.splice(0).forEach((el) => el.remove());
  });

  it('shows the first whisper 15 s after load and hides it after 8 s', () => {
    renderWidget();
    advance(14_999);
    expect(bubble()).not.toBeInTheDocument();
    advance(1);
    expect(bubble()).toHaveTextContent(WHISPERS[0]);
    advance(7_999);
    expect(bubble()).toBeInTheDocument();
    advance(1);
    expect(bubble()).not.toBeInTheDocument();
  });

  it('fires the time whispers at 15 s, 45 s, 2, 3, 5, 7 and 10 minutes, each once', () => {
    renderWidget();
    const times = [15, 45, 120, 180, 300, 420, 600].map((s) => s * 1000);
    let now = 0;
    const shown: string[] = [];
    for (const t of times) {
      // Keep the visitor active (a move every 30 s) so the idle whisper does not take a slot.
      while (now < t - 1) {
        const step = Math.min(30_000, t - 1 - now);
        fireEvent.mouseMove(window);
        advance(step);
        now += step;
      }
      expect(bubble()).not.toBeInTheDocument();
      advance(1);
      now = t;
      shown.push(bubble()?.textContent ?? '');
      // Each hides by itself (closing one by hand would end them for the visit).
      advance(8_000);
      now = t + 8_000;
    }
    expect(shown).toHaveLength(7);
    expect(shown.every(Boolean)).toBe(true);
    expect(shown[0]).toContain(WHISPERS[0]);
  });

  it('never shows a whisper over another one', () => {
    renderWidget();
    advance(15_000);
    const first = bubble()?.textContent;
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Book a call' }));
    expect(bubble()?.textContent).toBe(first);
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('fires the idle whisper after 60 s without mouse move, scroll, click or key press', () => {
    renderWidget();
    advance(15_000);
    advance(8_000);
    // activity restarts the idle count
    advance(20_000);
    fireEvent.keyDown(window, { key: 'a' });
    // (the 45 s time whisper comes and goes by itself meanwhile)
    advance(59_999);
    expect(bubble()).not.toBeInTheDocument();
    advance(1);
    expect(bubble()).toBeInTheDocument();
  });

  it('fires the hover whisper when a coaching button is hovered', () => {
    renderWidget();
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Book a call' }));
    expect(bubble()).toHaveTextContent('A free clarity call is a gentle first step.');
  });

  it('fires a scroll whisper when the about section enters the viewport', async () => {
    renderWidget();
    const section = screen.getByText('About section');
    section.getBoundingClientRect = () => ({ top: 2000, bottom: 2400 }) as DOMRect;
    fireEvent.scroll(window);
    await act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    expect(bubble()).not.toBeInTheDocument();
    section.getBoundingClientRect = () => ({ top: 300, bottom: 700 }) as DOMRect;
    fireEvent.scroll(window);
    await nextFrame();
    expect(bubble()).toHaveTextContent('Every journey inward begins with a single honest breath.');
  });

  it('puts a whisper away when the page changes under it: another page drawn, content moved', async () => {
    showWhisper();
    const drawButton = (top: number) => {
      const button = document.createElement('button');
      button.textContent = 'Send Message';
      button.getBoundingClientRect = () => box(20, top, 200, 40);
      draw(button);
    };
    // Content drawn elsewhere on the screen leaves it be.
    drawButton(600);
    await nextFrame();
    expect(bubble()).toBeInTheDocument();
    // A field drawn where it lies (the next page's form) puts it away.
    drawButton(420);
    await nextFrame();
    expect(bubble()).not.toBeInTheDocument();
  });

  it('puts a whisper away when a floating control comes back onto it from aside', async () => {
    showWhisper();
    // 'Ask the coach' stepped aside, below the whisper, as it does by the footer.
    const aside = document.createElement('aside');
    aside.dataset.steppedAside = 'true';
    const control = document.createElement('button');
    control.textContent = 'Ask the coach';
    let top = 600;
    control.getBoundingClientRect = () => box(20, top, 160, 50);
    aside.append(control);
    draw(aside);
    await nextFrame();
    expect(bubble()).toBeInTheDocument();
    // It comes back onto the whisper: an attribute changes, no element is drawn or removed.
    top = 440;
    aside.dataset.steppedAside = 'false';
    await nextFrame();
    expect(bubble()).not.toBeInTheDocument();
  });

  it('closing one by hand keeps the others closed for the rest of the visit', () => {
    renderWidget();
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Book a call' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close whisper' }));
    expect(bubble()).not.toBeInTheDocument();
    expect(sessionStorage.getItem(WHISPERS_CLOSED_KEY)).toBe('true');
    advance(15_000);
    expect(bubble()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask the coach' })).toBeVisible();
  });

  it('shows none on a later page of the same visit once one was closed', () => {
    sessionStorage.setItem(WHISPERS_CLOSED_KEY, 'true');
    renderWidget();
    advance(15_000);
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Book a call' }));
    expect(bubble()).not.toBeInTheDocument();
    expect(localStorage.getItem(WHISPER_DISABLED_KEY)).toBeNull();
  });

  it('Disable hides the widget for good and stores the whisper-disabled key', () => {
    renderWidget();
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Book a call' }));
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(localStorage.getItem(WHISPER_DISABLED_KEY)).toBe('true');
    expect(WHISPER_DISABLED_KEY).toMatch(/^[a-z0-9]+s-whisper-disabled$/);
    expect(screen.queryByRole('button', { name: 'Ask the coach' })).not.toBeInTheDocument();
    advance(15_000);
    expect(bubble()).not.toBeInTheDocument();
  });

  it('stays hidden when the key was stored on an earlier visit', () => {
    localStorage.setItem(WHISPER_DISABLED_KEY, 'true');
    renderWidget();
    expect(screen.queryByRole('button', { name: 'Ask the coach' })).not.toBeInTheDocument();
    advance(15_000);
    expect(bubble()).not.toBeInTheDocument();
  });

  it("'Ask the coach' opens the chat", () => {
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: 'Ask the coach' }));
    expect(useChat.getState().open).toBe(true);
  });
});
