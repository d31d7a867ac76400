import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { FeedbackProviders } from '../src/app/feedback-providers';
import { AppProviders } from '../src/app/providers';
import { refetchOnMount } from '../src/api/prefetch';
import { createQueryClient } from '../src/app/query-client';
import { createAppRouter, routes } from '../src/app/router';
import { verdictWaits } from '../src/offline/outbox';
import { createFakeFetch, type Handler } from './fake-gateway';

/** Renders where the router went, so a test can check a redirect. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function testQueryClient() {
  const queryClient = createQueryClient();
  // no retries; a read answered a moment ago is not asked again by the screen mounting over it, as in the app
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnMount }, mutations: { retry: false } });
  return queryClient;
}

function withProviders(router: ReturnType<typeof createMemoryRouter>, feedback: boolean, queryClient = testQueryClient()) {
  const app = <RouterProvider router={router} />;
  const rendered = render(
    <AppProviders queryClient={queryClient} env="test">
      {feedback ? <FeedbackProviders>{app}</FeedbackProviders> : app}
    </AppProviders>,
  );
  // the screen's cache: a test reads again what the app would after a change reached the gateway
  return { ...rendered, queryClient };
}

/**
 * For a test of the notice a screen gives when the gateway's verdict is late ("… has not confirmed
 * it yet"): the screen waits its own 1.5 s, not the long wait of component tests (test/setup-dom.ts).
 * The test's fake gateway must hold its answer back (or never give one), so the notice cannot race it.
 */
export function verdictWithoutWaiting(): void {
  verdictWaits.atLeastMs = 0;
}

/** Replace the browser's fetch with a fake gateway for this test (restored by setup-dom). */
export function fakeGateway(handler: Handler) {
  const gateway = createFakeFetch(handler);
  globalThis.fetch = gateway.fetch as typeof fetch;
  return gateway;
}

/**
 * One screen with the app's providers, mounted at `url` on the route pattern `path`; every other
 * path shows a location probe (data-testid 'location').
 */
export function renderWithProviders(ui: ReactElement, { url = '/', path = '/' }: { url?: string; path?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  // a screen alone gets the modals and notifications the signed-in frame gives it in the app
  return { router, ...withProviders(router, true) };
}

/**
 * The whole app (real route table, lazy screens, guards) at `url`; with `prefetch`, its routes
 * start their screens' first reads as the app's router does (createAppRouter).
 */
export function renderApp(url: string, { prefetch = false }: { prefetch?: boolean } = {}) {
  const queryClient = testQueryClient();
  const router = prefetch
    ? createAppRouter(queryClient, (table) => createMemoryRouter(table, { initialEntries: [url] }))
    : createMemoryRouter(routes as RouteObject[], { initialEntries: [url] });
  return { router, ...withProviders(router, false, queryClient) };
}
