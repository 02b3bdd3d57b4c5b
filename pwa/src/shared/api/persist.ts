import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { PersistQueryClientOptions, Persister } from '@tanstack/query-persist-client-core';
import { createStore, del, get, set } from 'idb-keyval';

/** The public reads a visitor can see again offline; never the current user or member data. */
export const PERSISTED_KEYS: readonly QueryKey[] = [['/api/blog/posts'], ['/api/blog'], ['/api/site-stats']];

/** Persisted answers are kept a week; the cache entries live as long, or they would be dropped. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 3600_000;

export const isPersistedQuery = (query: Pick<Query, 'queryKey'>): boolean =>
  PERSISTED_KEYS.some((key) => query.queryKey[0] === key[0]);

const CLIENT_KEY = 'react-query';
let store: ReturnType<typeof createStore> | undefined;
const db = () => (store ??= createStore('coach-query-cache', 'clients'));

const idbPersister: Persister = {
  persistClient: (client) => set(CLIENT_KEY, client, db()),
  restoreClient: () => get(CLIENT_KEY, db()),
  removeClient: () => del(CLIENT_KEY, db()),
};

/** Logout: nothing the visitor read stays on the device. */
export async function clearPersistedQueries(): Promise<void> {
  try {
    await idbPersister.removeClient();
  } catch {
    // No IndexedDB here (some private modes): nothing was persisted either.
  }
}

/**
 * Options for PersistQueryClientProvider: IndexedDB, a buster tied to the build (an answer of an
 * older release is never restored into a newer one), only successful public reads.
 */
export function persistOptions(queryClient: QueryClient): Omit<PersistQueryClientOptions, 'queryClient'> {
  for (const key of PERSISTED_KEYS) queryClient.setQueryDefaults(key, { gcTime: PERSIST_MAX_AGE_MS });
  return {
    persister: idbPersister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster: __BUILD_ID__,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && isPersistedQuery(query),
      shouldDehydrateMutation: () => false,
    },
  };
}

/**
 * Reads are never stale by default, so restored answers would never be refreshed: once restored,
 * those older than this page (read on an earlier visit) are marked stale and the ones on screen
 * refetched, and so is every public read whenever the connection returns. The answers the page
 * was rendered with are as new as the page: read again at once, their answer would re-render,
 * blocking, parts of the page still hydrating.
 */
export function refreshPersistedWhenOnline(queryClient: QueryClient): void {
  const refresh = (olderThan: number) => {
    if (navigator.onLine)
      void queryClient.invalidateQueries({
        predicate: (query) => isPersistedQuery(query) && query.state.dataUpdatedAt < olderThan,
      });
  };
  refresh(performance.timeOrigin);
  window.addEventListener('online', () => refresh(Number.POSITIVE_INFINITY));
}
