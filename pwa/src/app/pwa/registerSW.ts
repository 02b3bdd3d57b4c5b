import { useUpdate } from '../../shared/pwa/updateStore.ts';

const UPDATE_CHECK_MS = 3600_000;

/**
 * Registers the service worker and offers each new release: 'New version available' with
 * Reload. Only the visitor's click activates the waiting worker (SKIP_WAITING), and the page
 * reloads once, on the controller change that click caused, so it can never loop.
 * The browser's own API, no library: this runs on every page once it has loaded (workbox-window
 * was 2.4 kB gzipped of the home route for the same few calls).
 */
export function registerServiceWorker(): void {
  const container = navigator.serviceWorker;
  const hadController = Boolean(container.controller);
  let reloadRequested = false;

  const offer = (waiting: ServiceWorker) =>
    useUpdate.setState({
      available: true,
      apply: () => {
        reloadRequested = true;
        waiting.postMessage({ type: 'SKIP_WAITING' });
      },
    });
  // A worker that has installed while another controls the page waits for the visitor's choice.
  // (The first install has no worker to wait for: it takes over the page at once.)
  const offerOnceInstalled = (worker: ServiceWorker) => {
    const installed = () => {
      if (worker.state !== 'installed' || !container.controller) return;
      worker.removeEventListener('statechange', installed);
      offer(worker);
    };
    worker.addEventListener('statechange', installed);
    installed();
  };

  container.addEventListener('controllerchange', () => {
    if (reloadRequested) {
      reloadRequested = false;
      window.location.reload();
    } else if (hadController) {
      // Another tab switched to the new release: this one runs old code, so offer the reload too.
      useUpdate.setState({ available: true, apply: () => window.location.reload() });
    }
  });

  container
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      // A release that was already waiting (installed by another tab, or before a reload).
      if (registration.waiting && container.controller) offer(registration.waiting);
      if (registration.installing) offerOnceInstalled(registration.installing);
      registration.addEventListener('updatefound', () => {
        if (registration.installing) offerOnceInstalled(registration.installing);
      });
      // An installed app may stay open for days: look for a release hourly and when shown again.
      const update = () => void registration.update().catch(() => undefined);
      window.setInterval(update, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') update();
      });
    })
    .catch((error: unknown) => console.warn('The service worker could not be registered', error));
}
