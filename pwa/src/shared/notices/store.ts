import { create } from 'zustand';

/**
 * A notice disappears after 5000 ms of a page in view; at most one is shown at a time. While a
 * page's code loads (a sign-in's notice, shown as it moves on to the Circle) its time does not run:
 * on a slow phone the next page can take longer than that to arrive.
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
  /** How many pages are loading (their fallbacks shown): a notice's time waits for them. */
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

/** Holds the notices' time while the calling component (a page's fallback) is shown. */
export function holdNoticesWhileShown(): () => void {
  useNotices.setState((s) => ({ pagesLoading: s.pagesLoading + 1 }));
  return () => useNotices.setState((s) => ({ pagesLoading: s.pagesLoading - 1 }));
}
