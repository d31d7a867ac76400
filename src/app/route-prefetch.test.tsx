import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router-dom';
import { request, SESSION_STORAGE_KEY, sessionStore, startEarlyReads } from '../api';
import { json, makeSession } from '../../test/fake-gateway';
import { fakeGateway } from '../../test/render';
import { createAppRouter, earlyReadsOf, routes } from './router';

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

describe("the first screen's early reads (asked for as the app starts, src/api/early-reads.ts)", () => {
  const HOTEL = '00000000-0000-4000-8000-000000000030';
  const UNITS = `/organization/${ORG}/ous?includeDescendants=TRUE&inheritAttributes=TRUE`;
  const DETAIL = `/organization/${ORG}?inheritAttributes=TRUE`;

  it('are named by the routes of the screens that read them first, with their parameters', () => {
    const PMS = [`/organization/${ORG}/pms-connection`, `/organization/${ORG}/hotel-definition`];
    const wizard = earlyReadsOf(`/organization/${ORG}/ous/hotel/${HOTEL}`);
    expect(wizard.now).toEqual([UNITS]);
    // the PMS setup, for who may set the organization up (once the profile says so)
    expect(wizard.organizationSetup).toEqual([{ org: ORG, paths: PMS }]);
    expect(earlyReadsOf(`/organization/${ORG}/ous`).now).toEqual([DETAIL, UNITS]);
    expect(earlyReadsOf(`/organization/${ORG}/ous/${HOTEL}`).now).toEqual([DETAIL, UNITS]);
    expect(earlyReadsOf(`/organization/${ORG}`).now).toEqual(['/organization/v1/organization', DETAIL]);
    expect(earlyReadsOf('/organizations').now).toEqual(['/organization/v1/organization']);
    expect(earlyReadsOf(`/organization/${ORG}/pms`)).toEqual({ now: [], organizationSetup: [{ org: ORG, paths: PMS }] });
    // the login page reads nothing
    expect(earlyReadsOf('/login')).toEqual({ now: [], organizationSetup: [] });
  });

  it("are taken by the screen's own reads: the wizard's units are asked for once, before its code is there", async () => {
    const unitsAsked = (gateway: ReturnType<typeof fakeGateway>) => gateway.calls.filter((call) => call.path === UNITS);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
    const url = `/organization/${ORG}/ous/hotel/${HOTEL}`;
    const gateway = fakeGateway((call) => (call.path.startsWith('/user-profile') ? json(200, profileOf(administrator)) : json(200, { data: [] })));
    startEarlyReads(earlyReadsOf(url).now);
    await waitFor(() => expect(unitsAsked(gateway)).toHaveLength(1));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createAppRouter(queryClient, (table) => createMemoryRouter(table, { initialEntries: [url] }));
    await waitFor(() => expect(queryClient.getQueryState(['units', makeSession().uuid, ORG])?.status).toBe('success'));
    expect(unitsAsked(gateway)).toHaveLength(1);
    // taken once: a read of the list later asks the gateway again
    await request(UNITS);
    expect(unitsAsked(gateway)).toHaveLength(2);
    router.dispose();
  });

  it('are not taken after a write, nor by another user: their reads ask the gateway', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
    const gateway = fakeGateway(() => json(200, { data: [] }));
    const asked = () => gateway.calls.filter((call) => call.path === UNITS).length;
    startEarlyReads([UNITS]);
    await waitFor(() => expect(asked()).toBe(1));
    await request(`/organization/${ORG}/ous`, { method: 'POST', body: { name: 'New' } });
    await request(UNITS);
    expect(asked()).toBe(2);

    startEarlyReads([UNITS]);
    await waitFor(() => expect(asked()).toBe(3));
    sessionStore.set(makeSession(15 * 60_000, { uuid: '7a1c1f47-3c55-4b8e-9a36-2f7c9f0e5a12' }));
    await request(UNITS);
    expect(asked()).toBe(4);
  });
});
