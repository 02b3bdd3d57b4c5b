import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from '../App.tsx';
import { AppProviders } from '../AppProviders.tsx';
import { currentUserQuery } from '../../shared/api/auth.ts';
import { createQueryClient } from '../../shared/api/client.ts';
import { afterLoad } from '../../shared/hooks/useAfterLoad.ts';
import { captureInstallPrompt } from '../../shared/pwa/installPrompt.ts';
import { startOutboxSync } from '../../shared/pwa/pageOutbox.ts';
import { browserStyleCache } from '../../shared/styleCache.ts';
import { announceOutboxEvent } from '../pwa/outboxNotices.ts';
import { seedFromPageData } from './pageData.ts';

/**
 * Renders the app into the container, or hydrates the page the build prerendered there. Both at
 * transition priority, so React yields to the browser between components instead of blocking it.
 */
export function startApp(container: HTMLElement, prerendered: boolean): void {
  captureInstallPrompt();
  const queryClient = createQueryClient();
  if (prerendered) seedFromPageData(queryClient);
  // A page the app draws itself (a member's page among them) asks who is signed in at once, beside
  // its code, instead of once its route's code has loaded and its gate is drawn. Not on a page the
  // build wrote: the header it hydrates was written signed out, and must be hydrated as it is.
  else void queryClient.prefetchQuery(currentUserQuery);
  const app = (
    <StrictMode>
      <CacheProvider value={browserStyleCache()}>
        <AppProviders client={queryClient} persist>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </CacheProvider>
    </StrictMode>
  );
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });

  // The worker and the outbox replay are not needed for the first paint: they start after it, once
  // idle. The replay's code is part of the page, not a chunk fetched then: the connection may be
  // gone by that time, and a page without a worker still keeps and replays what is sent offline.
  afterLoad(() => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      void import('../pwa/registerSW.ts').then((m) => m.registerServiceWorker());
    }
    startOutboxSync((event) => announceOutboxEvent(event, queryClient));
  });
}
