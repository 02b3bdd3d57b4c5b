import '@fontsource/cormorant-garamond/latin-500.css';
import '@fontsource/cormorant-garamond/latin-600.css';
import '@fontsource/cormorant-garamond/latin-700.css';
import { ON_DEMAND_ATTRIBUTE, preloadStartModules } from './app/start/startModules.ts';

// This entry stays tiny. Public pages arrive prerendered (src/prerender): the browser paints them
// first, and only then are the scripts fetched and the page hydrated. The shell (other routes, and
// every page the service worker serves) starts at once.
const container = document.getElementById('root')!;
const prerendered = container.firstElementChild !== null;

/** Resolves after the next frame is painted. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
/** Lets the browser run what waits (input, paint) between two start-up steps. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve));

try {
  if (prerendered) {
    await afterPaint();
    // A page that needs no app until a visitor asks for it (/signup) starts it then.
    if (container.hasAttribute(ON_DEMAND_ATTRIBUTE))
      await (await import('./app/start/onDemand.ts')).untilAppWanted(container);
    preloadStartModules();
  }
  // Each step runs in a task of its own, so no single start-up task blocks input for long: React,
  // MUI's style system, the theme, the router, the query cache and the app are evaluated in turn
  // (a chunk is evaluated whole when first imported), and then the app starts. Each step names one
  // export the app uses: a library's whole namespace imported would keep every export of it in
  // the bundle (react-router's server and data routers: 62 of its chunk's 65 kB gzipped were unused).
  await import('react-dom/client').then(({ hydrateRoot }) => hydrateRoot);
  await yieldToBrowser();
  await import('@emotion/react').then(({ CacheProvider }) => CacheProvider); // evaluates the style system's chunk
  await yieldToBrowser();
  await import('./shared/theme.ts').then(({ theme }) => theme);
  await yieldToBrowser();
  await import('react-router').then(({ BrowserRouter }) => BrowserRouter);
  await yieldToBrowser();
  await import('@tanstack/react-query').then(({ QueryClient }) => QueryClient);
  await yieldToBrowser();
  const { startApp } = await import('./app/start/startApp.tsx');
  await yieldToBrowser();
  startApp(container, prerendered);
} catch (error) {
  // A script that could not be fetched (the connection lost mid-load) leaves the page as its HTML
  // is, which works without the app: its taps are no longer held for an app that will not come.
  container.style.removeProperty('pointer-events');
  throw error;
}
