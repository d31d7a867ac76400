// IndexedDB for the offline core (drafts, outbox) in component tests
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { connectivity } from '../src/api';

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

// The app's connectivity watch sends a heartbeat (GET /api/health) every 4 s while the gateway is
// reachable: on a loaded machine a test outlives that, and the heartbeat would land in its fake
// gateway at a random moment (a recorded call, or an answer the test gave the import read as
// "unreachable"). Component tests have no gateway to watch; the probes after a failure still run.
connectivity.stop();

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
