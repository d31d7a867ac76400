// IndexedDB for the offline core (drafts, outbox) in component tests
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy and waitFor wait for what the operator would see; on a loaded two-core machine a screen can
// take seconds to get there, so the bound is generous (a hung test still fails, at the test timeout)
configure({ asyncUtilTimeout: 10_000 });

// Mantine reads these browser APIs; happy-dom lacks some of them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: typeof NoopResizeObserver }).ResizeObserver = NoopResizeObserver;
}

// Component tests replace fetch with a fake gateway (test/render.tsx); each test starts clean.
const browserFetch = globalThis.fetch;

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  globalThis.fetch = browserFetch;
});
