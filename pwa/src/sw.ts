/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { OUTBOX_SYNC_TAG, QUEUED_HEADER, isPassingOutage, outboxKind, type OutboxEvent } from './shared/pwa/outbox.ts';
import { browserOutbox } from './shared/pwa/outboxStore.ts';
import { NAVIGATION_DENYLIST, isBlogRead, isPostRead, isStaticAsset } from './shared/pwa/swRoutes.ts';
import type { WorkerRequest } from './shared/pwa/messages.ts';
import { registerPortalRoutes } from './features/programs/swPortal.ts';
import { notificationOfPush, openNotificationPage } from './features/push/swPush.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  registration: ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
};

// The app shell, every page's chunk, fonts, local images and offline.html (see vite.config.ts).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes over the open page at once, so the first visit already works offline.
// An update waits instead, until the visitor chooses Reload (SKIP_WAITING below).
clientsClaim();

// A client's program space: read offline from her last visit, kept files answered from the cache.
registerPortalRoutes(self);

const DAY_S = 24 * 3600;

const BLOG_CACHE = 'blog-api';
const blogExpiration = () =>
  new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true });
/** A post the server no longer has is dropped from the cache too. */
const forgetRemovedPost = {
  fetchDidSucceed: async ({ request, response }: { request: Request; response: Response }) => {
    if (response.status === 404) await (await caches.open(BLOG_CACHE)).delete(request);
    return response;
  },
};

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && isPostRead(url),
  new NetworkFirst({ cacheName: BLOG_CACHE, networkTimeoutSeconds: 3, plugins: [blogExpiration(), forgetRemovedPost] }),
);

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && isBlogRead(url),
  new StaleWhileRevalidate({ cacheName: BLOG_CACHE, plugins: [blogExpiration()] }),
);

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && isStaticAsset(url, request.destination),
  new CacheFirst({
    cacheName: 'static-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true })],
  }),
);

// Every page is the SPA shell from the precache; if the shell were ever missing, the network,
// and without network the static offline page. The precached shell is /index.html, which the
// server answers with 200; a navigation's own answer (404 for a path that is no page) is never
// stored, so it cannot stand in for the shell.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      const shell = await matchPrecache('/index.html');
      if (shell) return shell;
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/offline.html')) ?? Response.error();
      }
    },
    { denylist: NAVIGATION_DENYLIST },
  ),
);

async function broadcast(event: OutboxEvent): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage({ type: 'outbox', event });
}

const outbox = browserOutbox((event) => void broadcast(event));

/**
 * Tries the POST; without a connection, or when the server answers 503 (its database or queue
 * away for a moment), keeps it in the outbox and answers 202 "queued".
 */
async function sendOrQueue(request: Request, kind: NonNullable<ReturnType<typeof outboxKind>>): Promise<Response> {
  const copy = request.clone();
  let afterOutage = false;
  try {
    const res = await fetch(request);
    if (!isPassingOutage(res.status)) return res;
    afterOutage = true;
  } catch {
    // offline: kept like a 503
  }
  const body = await copy.text();
  const entry = await outbox.enqueue(
    {
      id: copy.headers.get('Idempotency-Key') ?? crypto.randomUUID(),
      kind,
      url: new URL(copy.url).pathname,
      body: body === '' ? null : body,
    },
    { afterOutage },
  );
  // Background Sync replays it even with the site closed, where the browser has it.
  await self.registration.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
  return Response.json({ queued: true, id: entry.id }, { status: 202, headers: { [QUEUED_HEADER]: 'queued' } });
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const kind =
    event.request.method === 'POST' && url.origin === self.location.origin ? outboxKind(url.pathname) : undefined;
  if (kind) event.respondWith(sendOrQueue(event.request, kind));
});

self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    outbox.replay().then((report) => {
      // Rejecting asks the browser to fire the sync again later, with its own backoff.
      if (report.remaining > 0) throw new Error(`${report.remaining} outbox entries still waiting`);
    }),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data as WorkerRequest | undefined;
  const port = event.ports[0];
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  else if (data?.type === 'GET_VERSION') port?.postMessage(__BUILD_ID__);
  else if (data?.type === 'OUTBOX_REPLAY') {
    event.waitUntil(
      outbox.replay().then(
        (report) => port?.postMessage(report),
        () => port?.postMessage(null),
      ),
    );
  }
});

// A push message of the site (Declarative Web Push JSON) is shown as the notification it
// describes; a browser that reads that form itself (Safari 18.4+) shows the same one.
self.addEventListener('push', (event) => {
  let message: unknown;
  try {
    message = event.data?.json();
  } catch {
    return;
  }
  const shown = notificationOfPush(message, self.location.origin);
  if (shown) event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

// A click opens the notification's page: in a window of the site already open, else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const page = (event.notification.data as { navigate?: string } | null)?.navigate ?? '/';
  event.waitUntil(openNotificationPage(self.clients, page, self.location.origin));
});
