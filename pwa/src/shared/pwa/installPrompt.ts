import { useSyncExternalStore } from 'react';
import { useHydrated } from '../hooks/useHydrated.ts';

/** Chrome's install prompt event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/**
 * Captures `beforeinstallprompt` from the first moment (imported by main.tsx), so the install
 * button can show the browser's prompt later; Chrome's own mini-infobar is held back.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    emit();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Safari on iPhone and iPad (iPadOS reports itself as a Mac with touch) has no install event. */
export function isIosSafari(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  const ios = /iPhone|iPad|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1);
  return ios && /Safari/.test(nav.userAgent) && !/CriOS|FxiOS|EdgiOS/.test(nav.userAgent);
}

export const isStandalone = (): boolean =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

export type InstallMode = 'prompt' | 'ios' | null;

/** How this browser installs the app: its own prompt, the iOS Share menu, or not at all. */
export function useInstallMode(): InstallMode {
  // Only the browser knows whether it is iOS Safari: the prerendered footer offers nothing.
  const hydrated = useHydrated();
  const canPrompt = useSyncExternalStore(
    subscribe,
    () => deferred !== null,
    () => false,
  );
  if (canPrompt) return 'prompt';
  return hydrated && isIosSafari() && !isStandalone() ? 'ios' : null;
}

/** Shows the browser's install prompt; it can be used once. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  emit();
  await event.prompt();
}
