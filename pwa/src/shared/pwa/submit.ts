import { ApiRequestError, apiRequest, idempotencyHeader } from '../api/client.ts';
import { isPassingOutage, outboxKind, QUEUED_HEADER, type OutboxKind } from './outbox.ts';
import { pageOutbox, replayOutbox } from './pageOutbox.ts';

/** What a visitor is told when a write is kept for later. */
export const SAVED_OFFLINE: Record<OutboxKind, { title: string; description: string }> = {
  contact: {
    title: 'Saved offline',
    description: 'Your message is saved and will be sent automatically when you are back online.',
  },
  newsletter: {
    title: 'Saved offline',
    description: 'Your subscription is saved and will be sent automatically when you are back online.',
  },
  guide: {
    title: 'Saved offline',
    description: 'Your request for the guide is saved and will be sent automatically when you are back online.',
  },
  like: {
    title: 'Saved offline',
    description: 'Your like is saved and will be sent automatically when you are back online.',
  },
  homework: {
    title: 'Saved offline',
    description: 'Your answer is saved on this device and will be sent to your coach when you are back online.',
  },
};

/** The answer of a write that may have been kept for later: `queued` when it waits offline. */
export type Submitted<T> = { queued: false; data: T } | { queued: true };

/** fetch rejects with a TypeError when the request never reached a server. */
export const isNetworkError = (error: unknown): boolean => error instanceof TypeError;

/**
 * POSTs a write of the outbox (contact, newsletter, the free guide, like) with a fresh Idempotency-Key. Without
 * a connection, or when the server answers 503 (its database or queue away for a moment), it is
 * kept: by the service worker, which answers 202 "queued", or, where no worker controls the page,
 * by the page itself. Each submission is stored by exactly one of them, under its key, and
 * replayed later. Other non-OK answers throw as usual.
 */
export async function postOrQueue<T>(url: string, data?: unknown): Promise<Submitted<T>> {
  const kind = outboxKind(url);
  if (!kind) throw new Error(`${url} is not a write the outbox keeps`);
  const headers = idempotencyHeader();
  let res: Response;
  try {
    res = await apiRequest('POST', url, data, headers);
  } catch (error) {
    const afterOutage = error instanceof ApiRequestError && isPassingOutage(error.status);
    if (!afterOutage && !isNetworkError(error)) throw error;
    // The outbox's code is in the page already: a chunk fetched now would fail offline.
    await pageOutbox().enqueue(
      { id: headers['Idempotency-Key'], kind, url, body: data === undefined ? null : JSON.stringify(data) },
      { afterOutage },
    );
    replayOutbox();
    return { queued: true };
  }
  if (res.headers.get(QUEUED_HEADER)) {
    // Kept by the service worker: the page schedules the next try (after a 503, online all along).
    replayOutbox();
    return { queued: true };
  }
  return { queued: false, data: (await res.json()) as T };
}
