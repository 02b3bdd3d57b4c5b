import {
  DEFAULT_REFLECTION_REMINDER,
  type PushKind,
  type PushPublicKey,
  type PushSubscribeInput,
  type PushUnsubscribeInput,
  type ReflectionReminder,
} from '@coach/contracts';
import { useState, useSyncExternalStore } from 'react';
import { ApiRequestError, apiRequest, serverMessage } from '../../shared/api/client.ts';
import { isIosSafari, isStandalone } from '../../shared/pwa/installPrompt.ts';

/** What this browser was asked to be notified of (the server holds the same; kept here to show it). */
export interface PushChoice {
  kinds: PushKind[];
  reflection: ReflectionReminder;
}
const STORAGE_KEY = 'coach.push';

/** Whether this browser can take notifications: 'ios-install' on iPhone and iPad outside the installed app. */
export function pushSupport(): 'yes' | 'ios-install' | 'no' {
  if (typeof window === 'undefined') return 'no';
  if (isIosSafari() && !isStandalone()) return 'ios-install';
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window ? 'yes' : 'no';
}

const listeners = new Set<() => void>();
function readChoice(): PushChoice | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored ? (JSON.parse(stored) as PushChoice) : null;
  } catch {
    return null;
  }
}
let choice: PushChoice | null | undefined;
const currentChoice = () => (choice === undefined ? (choice = readChoice()) : choice);
function keep(next: PushChoice | null) {
  choice = next;
  if (next) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  else localStorage.removeItem(STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

/** This browser's notification choice, or null when it takes none. */
export function usePushChoice(): PushChoice | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentChoice,
    () => null,
  );
}

export const defaultReflection = (): ReflectionReminder => ({
  ...DEFAULT_REFLECTION_REMINDER,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
});

/**
 * Turns on the given notifications for this browser, replacing its earlier choice. Asks for the
 * permission (only ever called from a click), subscribes with the site's VAPID key and tells the
 * server. Throws with a message to show when the permission is refused or the server refuses.
 */
export async function choosePush(kinds: PushKind[], reflection: ReflectionReminder = defaultReflection()) {
  if (kinds.length === 0) return stopPush();
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new Error('Notifications are blocked for this site: allow them in your browser’s site settings.');
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const { publicKey } = (await (await apiRequest('GET', '/api/push/public-key')).json()) as PushPublicKey;
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64urlBytes(publicKey),
    });
  }
  const body: PushSubscribeInput = {
    subscription: subscription.toJSON() as PushSubscribeInput['subscription'],
    kinds,
    ...(kinds.includes('reflection') ? { reflection } : {}),
  };
  await apiRequest('POST', '/api/push/subscriptions', body);
  keep({ kinds, reflection });
}

/** Turns every notification off for this browser. */
export async function stopPush() {
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  if (subscription) {
    const { endpoint, keys } = subscription.toJSON() as PushSubscribeInput['subscription'];
    const body: PushUnsubscribeInput = { endpoint, auth: keys.auth };
    await apiRequest('DELETE', '/api/push/subscriptions', body);
    await subscription.unsubscribe();
  }
  keep(null);
}

function base64urlBytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The words of a failed choice: the server's, the browser's, or a plain one. */
const pushError = (err: unknown) =>
  serverMessage(err) ??
  (err instanceof Error && !(err instanceof ApiRequestError)
    ? err.message
    : 'Notifications could not be turned on. Please try again.');

/** A change of this browser's notifications from a click: busy while it runs, and its error to show. */
export function usePushChange() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const change = async (kinds: PushKind[], reflection?: ReflectionReminder) => {
    setBusy(true);
    setError(undefined);
    try {
      await choosePush(kinds, reflection);
    } catch (err) {
      setError(pushError(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, change };
}
