import { create } from 'zustand';

interface UpdateState {
  /** A new release is installed and waits for the visitor's Reload. */
  available: boolean;
  /** Switches to it (set by the service worker registration). */
  apply: () => void;
  dismiss: () => void;
}

export const useUpdate = create<UpdateState>((set) => ({
  available: false,
  apply: () => {},
  dismiss: () => set({ available: false }),
}));
