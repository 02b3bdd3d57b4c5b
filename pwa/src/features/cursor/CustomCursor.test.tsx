import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixedMediaQueryList } from '../../test/media.ts';
import { CustomCursor } from './CustomCursor.tsx';

function mediaMatching(matching: string[]) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fixedMediaQueryList(
      query,
      matching.some((m) => query.includes(m)),
    ),
  );
}

describe('custom cursor', () => {
  afterEach(() => vi.restoreAllMocks());

  it('follows a mouse on a desktop', () => {
    mediaMatching([]);
    render(<CustomCursor />);
    const cursor = screen.getByTestId('custom-cursor');
    expect(cursor.querySelector('img')).not.toBeNull();
  });

  it('is off on touch devices', () => {
    mediaMatching(['pointer: coarse']);
    render(<CustomCursor />);
    expect(screen.queryByTestId('custom-cursor')).not.toBeInTheDocument();
  });

  it('is off for visitors who prefer reduced motion', () => {
    mediaMatching(['prefers-reduced-motion']);
    render(<CustomCursor />);
    expect(screen.queryByTestId('custom-cursor')).not.toBeInTheDocument();
  });
});
