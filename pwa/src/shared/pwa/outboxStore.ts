import { createStore, del, set, values } from 'idb-keyval';
import { createOutbox, type OutboxDeps, type OutboxEntry, type OutboxStore } from './outbox.ts';

/** One IndexedDB store shared by the service worker and the page, keyed by Idempotency-Key. */
export function idbOutboxStore(): OutboxStore {
  const db = createStore('coach-outbox', 'entries');
  return {
    all: () => values<OutboxEntry>(db),
    put: (entry) => set(entry.id, entry, db),
    remove: (id) => del(id, db),
  };
}

const LOCK_NAME = 'coach-outbox';

/**
 * Web Locks make a replay exclusive between the page and the service worker (and between two
 * tabs); where the API is missing, the Idempotency-Key still makes a double send store once.
 */
async function webLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? await locks.request(LOCK_NAME, task) : await task();
}

/** The outbox on IndexedDB with the context's own fetch: what the worker and the page use. */
export const browserOutbox = (onEvent?: OutboxDeps['onEvent']) =>
  createOutbox({ store: idbOutboxStore(), fetch: (...args) => fetch(...args), lock: webLock, onEvent });
