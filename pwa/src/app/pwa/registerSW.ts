import { Workbox } from 'workbox-window';
import { useUpdate } from '../../shared/pwa/updateStore.ts';

const UPDATE_CHECK_MS = 3600_000;

/**
 * Registers the service worker and offers each new release: 'New version available' with
 * Reload. Only the visitor's click activates the waiting worker (SKIP_WAITING), and the page
 * reloads once, on the controller change that click caused, so it can never loop.
 */
export function registerServiceWorker(): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloadRequested = false;

  wb.addEventListener('waiting', () => {
    useUpdate.setState({
      available: true,
      apply: () => {
        reloadRequested = true;
        wb.messageSkipWaiting();
      },
    });
  });

  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloadRequested) {
      reloadRequested = false;
      window.location.reload();
    } else if (hadController) {
      // Another tab switched to the new release: this one runs old code, so offer the reload too.
      useUpdate.setState({ available: true, apply: () => window.location.reload() });
    }
  });

  wb.register().catch((error: unknown) => console.warn('The service worker could not be registered', error));
  // An installed app may stay open for days: look for a release hourly and when shown again.
  window.setInterval(() => void wb.update(), UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update();
  });
}
