import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PageFallback } from '../ui/PageFallback.tsx';
import { Notices } from './Notices.tsx';
import { notify } from './store.ts';

describe('notices', () => {
  it('disappears by itself after 5000 ms', () => {
    vi.useFakeTimers();
    render(<Notices />);
    act(() =>
      notify({
        title: 'Daily post generated!',
        description: 'A new spiritual insight has been created and published.',
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Daily post generated!');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Daily post generated!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Daily post generated!')).not.toBeInTheDocument();
  });

  it('shows at most one at a time: a new notice replaces the current one', () => {
    render(<Notices />);
    act(() => notify({ title: 'First' }));
    act(() => notify({ title: 'Second', variant: 'destructive' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Second');
  });

  it('closes on Escape', () => {
    render(<Notices />);
    act(() => notify({ title: 'Escapable' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByText('Escapable')).not.toBeInTheDocument();
  });

  it('closes on a swipe of 50 px, not on a shorter one', () => {
    render(<Notices />);
    act(() => notify({ title: 'Swipe me' }));
    const notice = screen.getByRole('status');
    fireEvent.pointerDown(notice, { clientX: 100 });
    fireEvent.pointerMove(notice, { clientX: 140 });
    fireEvent.pointerUp(notice, { clientX: 140 });
    expect(screen.getByText('Swipe me')).toBeInTheDocument();
    fireEvent.pointerDown(notice, { clientX: 100 });
    fireEvent.pointerMove(notice, { clientX: 150 });
    fireEvent.pointerUp(notice, { clientX: 150 });
    expect(screen.queryByText('Swipe me')).not.toBeInTheDocument();
  });

  it('F8 moves keyboard focus to the notification area', () => {
    render(<Notices />);
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveFocus();
  });

  it('can be dismissed with its close button', () => {
    render(<Notices />);
    act(() => notify({ title: 'Closable' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Closable')).not.toBeInTheDocument();
  });

  it('counts its 5000 ms once the page it leads to is in view, not while that page loads', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <>
        <Notices />
        <PageFallback />
      </>,
    );
    act(() => notify({ title: 'Welcome back!' }));
    act(() => vi.advanceTimersByTime(8000));
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    rerender(<Notices />);
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Welcome back!')).not.toBeInTheDocument();
  });
});
