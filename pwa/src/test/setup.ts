import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { useNotices } from '../shared/notices/store.ts';
import { fixedMediaQueryList } from './media.ts';
import { server } from './server.ts';

// The whole suite runs files in parallel on two cores: give async queries room beyond the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// The mock server answers a fetch at the connection the fetch opens, some time after it is called:
// every fetch a test started is settled before the test's handlers go (a late one would meet the
// next test's handlers, or, once the server has closed, the real network).
const inFlight = new Set<Promise<Response>>();
let mockedFetch: typeof fetch;

// Relative fetch URLs and handler paths resolve against jsdom's page URL, as the browser's do against the site.
beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  mockedFetch = globalThis.fetch;
  globalThis.fetch = (...args) => {
    const response = mockedFetch(...args);
    const settle = () => inFlight.delete(response);
    inFlight.add(response);
    response.then(settle, settle);
    return response;
  };
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  while (inFlight.size > 0) await Promise.allSettled(inFlight);
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  useNotices.setState({ notice: null });
});
afterAll(() => {
  globalThis.fetch = mockedFetch;
  server.close();
});

// jsdom lacks these browser APIs that MUI and the widgets use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => fixedMediaQueryList(query, false);
}
if (!('IntersectionObserver' in window)) {
  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.assign(window, { IntersectionObserver: NoopObserver });
}
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};
// jsdom loads no web fonts: they are all in from the start.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { ready: Promise.resolve(), status: 'loaded' } });
if (!('PointerEvent' in window)) {
  class PointerEventShim extends MouseEvent {
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.assign(window, { PointerEvent: PointerEventShim });
}

// Testing Library advances fake timers (while it waits) only through a `jest` global: give it
// vitest's, so waitFor and user-event keep working under vi.useFakeTimers().
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });
