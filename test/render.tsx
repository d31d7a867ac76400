import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../src/app/providers';
import { createQueryClient } from '../src/app/query-client';
import { routes } from '../src/app/router';
import { createFakeFetch, type Handler } from './fake-gateway';

/** Renders where the router went, so a test can check a redirect. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function withProviders(router: ReturnType<typeof createMemoryRouter>) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
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
  return { router, ...withProviders(router) };
}

/** The whole app (real route table, lazy screens, guards) at `url`. */
export function renderApp(url: string) {
  const router = createMemoryRouter(routes as RouteObject[], { initialEntries: [url] });
  return { router, ...withProviders(router) };
}
