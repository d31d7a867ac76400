import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router-dom';
import { SESSION_STORAGE_KEY, sessionStore } from '../api';
import { json, makeSession } from '../../test/fake-gateway';
import { fakeGateway } from '../../test/render';
import { createAppRouter, routes } from './router';

const ORG = '00000000-0000-4000-8000-000000000001';
const PMS_CONNECTIONS = `/organization/${ORG}/pms-connection`;

const profileOf = (grants: object) => ({ uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11', email: 'ann@example.com', telephone: null, emailValidated: true, phoneValidated: false, image: null, ...grants });
const administrator = { permissions: ['SETUP_ORG', 'SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [], ous: [], omnipresence: true }] };
// a hotel's manager: the gateway refuses them the organization's PMS connections
const hotelManager = { permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [], ous: ['00000000-0000-4000-8000-000000000020'], omnipresence: false }] };

/** The app's router at `url`, not rendered: matching the URL loads the screen's code and runs its loaders. */
function routerAt(url: string, withReads: boolean, grants: object = administrator) {
  const gateway = fakeGateway((call) => (call.path.startsWith('/user-profile') ? json(200, profileOf(grants)) : json(200, { data: [] })));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = withReads ? createAppRouter(queryClient, (table) => createMemoryRouter(table, { initialEntries: [url] })) : createMemoryRouter(routes, { initialEntries: [url] });
  return { gateway, router, queryClient };
}

describe("a route's first reads", () => {
  it('are asked for as soon as the route matches, before any screen renders', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
    const { gateway, router } = routerAt(`/organization/${ORG}/pms`, true);
    await waitFor(() => expect(router.state.initialized).toBe(true));
    await waitFor(() => expect(gateway.callsTo(PMS_CONNECTIONS)).toHaveLength(1));
    router.dispose();
  });

  it('are not asked for by the route table alone (no cache to read into), nor for who is signed out or may not read them', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
    const plain = routerAt(`/organization/${ORG}/pms`, false);
    await waitFor(() => expect(plain.router.state.initialized).toBe(true));
    plain.router.dispose();
    sessionStore.clear();
    const signedOut = routerAt(`/organization/${ORG}/pms`, true);
    await waitFor(() => expect(signedOut.router.state.initialized).toBe(true));
    signedOut.router.dispose();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
    const manager = routerAt(`/organization/${ORG}/pms`, true, hotelManager);
    await waitFor(() => expect(manager.gateway.callsTo('/user-profile/v1/user-profile')).toHaveLength(1));
    await waitFor(() => expect(manager.queryClient.isFetching()).toBe(0));
    manager.router.dispose();
    expect(plain.gateway.callsTo(PMS_CONNECTIONS)).toHaveLength(0);
    expect(signedOut.gateway.callsTo(PMS_CONNECTIONS)).toHaveLength(0);
    expect(manager.gateway.callsTo(PMS_CONNECTIONS)).toHaveLength(0);
  });
});
