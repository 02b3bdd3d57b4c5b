import '@fontsource/cormorant-garamond/latin-500.css';
import '@fontsource/cormorant-garamond/latin-600.css';
import '@fontsource/cormorant-garamond/latin-700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './shared/AppProviders.tsx';
import { afterLoad } from './shared/hooks/useAfterLoad.ts';
import { createQueryClient } from './shared/api/client.ts';
import { captureInstallPrompt } from './shared/pwa/installPrompt.ts';
import { AppRoutes } from './App.tsx';

captureInstallPrompt();
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders client={queryClient} persist>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

// The worker and the outbox replay are not needed for the first paint: they load after it, once idle.
afterLoad(() => {
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    void import('./shared/pwa/registerSW.ts').then((m) => m.registerServiceWorker());
  }
  void Promise.all([import('./shared/pwa/pageOutbox.ts'), import('./shared/pwa/outboxNotices.ts')]).then(
    ([{ startOutboxSync }, { announceOutboxEvent }]) =>
      startOutboxSync((event) => announceOutboxEvent(event, queryClient)),
  );
});
