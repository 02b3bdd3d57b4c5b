import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { useNotices } from '../shared/notices/store.ts';
import { server } from './server.ts';

// The whole suite runs files in parallel on two cores: give async queries room beyond the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// jsdom resolves relative fetch URLs against this origin, as the browser does against the site.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  useNotices.setState({ notice: null });
  vi.useRealTimers();
});
afterAll(() => server.close());

// jsdom lacks these browser APIs that MUI and the widgets use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
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
