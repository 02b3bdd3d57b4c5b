import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFloatingControlsAside } from './floatingControls.ts';

describe('the floating controls beside a form', () => {
  let field: HTMLTextAreaElement;
  let submit: HTMLButtonElement;

  beforeEach(() => {
    vi.useFakeTimers();
    field = document.body.appendChild(document.createElement('textarea'));
    submit = document.body.appendChild(document.createElement('button'));
  });
  afterEach(() => {
    vi.useRealTimers();
    field.remove();
    submit.remove();
  });

  it('step aside while a field has focus, and stay aside through the press of the form’s button', () => {
    const { result } = renderHook(() => useFloatingControlsAside());
    expect(result.current).toBe(false);

    act(() => field.focus());
    expect(result.current).toBe(true);

    // Pressing Share moves focus to the button: the controls must not come back under the pointer.
    act(() => submit.focus());
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(400));
    expect(result.current).toBe(true);

    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(false);
  });

  it('stay aside when focus moves from one field to the next', () => {
    const next = document.body.appendChild(document.createElement('input'));
    const { result } = renderHook(() => useFloatingControlsAside());
    act(() => field.focus());
    act(() => next.focus());
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(true);
    next.remove();
  });
});
