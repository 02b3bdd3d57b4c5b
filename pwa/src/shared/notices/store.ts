import { create } from 'zustand';

/**
 * A notice disappears after 5000 ms of a page in view; at most one is shown at a time. Its time
 * waits while a page's code loads: on a slow phone, the page a sign-in leads to can take longer.
 */
export const NOTICE_DURATION_MS = 5000;
export const NOTICE_SWIPE_THRESHOLD_PX = 50;

export interface Notice {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

interface NoticeState {
  notice: Notice | null;
  /** How many page fallbacks are shown. */
  pagesLoading: number;
  show: (notice: Omit<Notice, 'id' | 'variant'> & { variant?: Notice['variant'] }) => void;
  dismiss: () => void;
}

let nextId = 1;

export const useNotices = create<NoticeState>((set) => ({
  notice: null,
  pagesLoading: 0,
  // A new notice replaces the one on screen, so only one is ever shown.
  show: (notice) => set({ notice: { variant: 'default', ...notice, id: nextId++ } }),
  dismiss: () => set({ notice: null }),
}));

/** Shows a notice from anywhere (event handlers, mutation callbacks). */
export const notify = (notice: Parameters<NoticeState['show']>[0]): void => useNotices.getState().show(notice);

/** An effect for a page's fallback: the notices' time waits until it is gone. */
export function holdNoticesWhileShown(): () => void {
  useNotices.setState((s) => ({ pagesLoading: s.pagesLoading + 1 }));
  return () => useNotices.setState((s) => ({ pagesLoading: s.pagesLoading - 1 }));
}
