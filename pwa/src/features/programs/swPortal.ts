/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { createPartialResponse } from 'workbox-range-requests';
import { NetworkFirst } from 'workbox-strategies';
import { PORTAL_DATA_CACHE, PORTAL_FILES_CACHE } from './offlineFiles.ts';
import { PORTAL_KEY } from './queries.ts';

const isPortalFile = (url: URL) => /^\/api\/portal\/resources\/[a-f0-9]{24}$/.test(url.pathname);

/** An answer that says she may no longer read her space drops what was kept of it. */
const forgetWhenRefused = {
  fetchDidSucceed: async ({ response }: { response: Response }) => {
    if (response.status === 401 || response.status === 403) await caches.delete(PORTAL_DATA_CACHE);
    return response;
  },
};

/**
 * The client's space in the service worker: her programs read from the network first and from
 * the last answer offline; a file she keeps offline answered from Cache Storage, a Range request
 * with exactly its bytes (206), so kept audio plays and seeks without a connection; any other
 * file from the network. Signing out empties both caches.
 */
export function registerPortalRoutes(self: ServiceWorkerGlobalScope): void {
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && request.method === 'GET' && url.pathname === PORTAL_KEY[0],
    new NetworkFirst({ cacheName: PORTAL_DATA_CACHE, networkTimeoutSeconds: 4, plugins: [forgetWhenRefused] }),
  );
  registerRoute(
    ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && isPortalFile(url),
    async ({ request }) => {
      const kept = await (await caches.open(PORTAL_FILES_CACHE)).match(request.url);
      if (!kept) return fetch(request);
      return request.headers.has('range') ? createPartialResponse(request, kept) : kept;
    },
  );
  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (event.request.method === 'POST' && url.pathname === '/api/auth/logout')
      event.waitUntil(Promise.all([caches.delete(PORTAL_DATA_CACHE), caches.delete(PORTAL_FILES_CACHE)]));
  });
}
