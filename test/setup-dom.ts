// IndexedDB for the offline core (drafts, outbox) in component tests
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { connectivity } from '../src/api';
import { verdictWaits } from '../src/offline/outbox';

// findBy and waitFor wait for what the operator would see; on a loaded two-core machine a screen can
// take seconds to get there, so the bound is generous (a hung test still fails, at the test timeout)
configure({ asyncUtilTimeout: 15_000 });

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

// After Save, a screen waits 1.5 s for the gateway's verdict, then says the change is still on its
// way. A fake gateway's answer can take longer than that on a loaded machine, so here a screen waits
// for it (20 s at most); a test of the "not confirmed yet" notice holds the answer back and calls
// verdictWithoutWaiting() (test/render.tsx).
const VERDICT_WAIT_IN_TESTS_MS = 20_000;
verdictWaits.atLeastMs = VERDICT_WAIT_IN_TESTS_MS;

// Component tests replace fetch with a fake gateway (test/render.tsx); each test starts clean.
const browserFetch = globalThis.fetch;

afterEach(() => {
  // a wait for a verdict left running never shows its notice in the next test
  verdictWaits.round += 1;
  verdictWaits.atLeastMs = VERDICT_WAIT_IN_TESTS_MS;
  cleanup();
  // the files of a worker share one document and one module graph (vitest.config.ts): a notice
  // still queued in Mantine's store, or a portal left in the body (a closing modal's), is not the
  // next test's
  notifications.clean();
  document.body.replaceChildren();
  localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  globalThis.fetch = browserFetch;
});
