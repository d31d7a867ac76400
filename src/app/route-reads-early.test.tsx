import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router-dom';
import { readAhead, SESSION_STORAGE_KEY, sessionStore } from '../api';
import { GRANTS_STORAGE_KEY, lastGrants } from '../api/profile';
import { json, makeSession } from '../../test/fake-gateway';
import { fakeGateway } from '../../test/render';
import { createAppRouter, readsAheadAt } from './router';

// the hotel wizard's code never arrives here: what its route reads must not wait for it
vi.mock('../features/pms/pages/hotel-wizard-page', () => new Promise<never>(() => undefined));

const ORG = '00000000-0000-4000-8000-000000000001';
const HOTEL = '00000000-0000-4000-8000-000000000020';
const UNITS = `/organization/${ORG}/ous`;
const PROFILE = '/user-profile/v1/user-profile';
const administrator = { permissions: ['SETUP_ORG', 'SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [], ous: [], omnipresence: true }] };
const profile = { uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11', email: 'ann@example.com', telephone: null, emailValidated: true, phoneValidated: false, image: null, ...administrator };

afterEach(() => localStorage.clear());

describe("the hotel wizard's route", () => {
  it("asks for the organization's units, PMS connections and hotel definitions while the wizard's code is still on its way", async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
    const gateway = fakeGateway((call) => (call.path.startsWith('/user-profile') ? json(200, profile) : json(200, { data: [] })));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createAppRouter(queryClient, (table) => createMemoryRouter(table, { initialEntries: [`/organization/${ORG}/ous/hotel/${HOTEL}`] }));
    await waitFor(() => expect(gateway.callsTo(UNITS)).toHaveLength(1));
    await waitFor(() => expect(gateway.callsTo(`/organization/${ORG}/pms-connection`)).toHaveLength(1));
    await waitFor(() => expect(gateway.callsTo(`/organization/${ORG}/hotel-definition`)).toHaveLength(1));
    // the screen itself is not there: the router still waits for its code
    expect(router.state.initialized).toBe(false);
    router.dispose();
  });

  /** The route's reads while the profile's answer is held back until `answer()`. */
  function heldProfile() {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const gateway = fakeGateway(async (call) => {
      if (!call.path.startsWith('/user-profile')) return json(200, { data: [] });
      await held;
      return json(200, profile);
    });
    return { gateway, answer };
  }
  const openWizard = () => createAppRouter(new QueryClient({ defaultOptions: { queries: { retry: false } } }), (table) => createMemoryRouter(table, { initialEntries: [`/organization/${ORG}/ous/hotel/${HOTEL}`] }));

  it('asks for the PMS connections and hotel definitions beside the profile when the grants this user last had allow them', async () => {
    const session = makeSession();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    localStorage.setItem(GRANTS_STORAGE_KEY, JSON.stringify({ user: session.uuid, ...administrator }));
    const { gateway, answer } = heldProfile();
    const router = openWizard();
    await waitFor(() => expect(gateway.callsTo(`/organization/${ORG}/pms-connection`)).toHaveLength(1));
    await waitFor(() => expect(gateway.callsTo(`/organization/${ORG}/hotel-definition`)).toHaveLength(1));
    // asked for without a profile answered (none has been: its answer is held back)
    answer();
    router.dispose();
  });

  it("waits for the profile when the grants kept are another user's, or never allowed them", async () => {
    for (const kept of [{ user: '00000000-0000-4000-8000-0000000000aa', ...administrator }, { user: makeSession().uuid, permissions: [], memberships: [] }]) {
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
      localStorage.setItem(GRANTS_STORAGE_KEY, JSON.stringify(kept));
      const { gateway, answer } = heldProfile();
      const router = openWizard();
      await waitFor(() => expect(gateway.callsTo(UNITS)).toHaveLength(1));
      await waitFor(() => expect(gateway.callsTo(PROFILE)).toHaveLength(1));
      expect(gateway.callsTo(`/organization/${ORG}/pms-connection`)).toHaveLength(0);
      // the profile answers (it allows them): they are asked for then
      answer();
      await waitFor(() => expect(gateway.callsTo(`/organization/${ORG}/pms-connection`)).toHaveLength(1));
      expect(gateway.callsTo(`/organization/${ORG}/hotel-definition`)).toHaveLength(1);
      router.dispose();
      localStorage.clear();
    }
  });

  it("keeps the grants of each profile read for that user, and a session's end removes them", async () => {
    const session = makeSession();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    const gateway = fakeGateway((call) => (call.path.startsWith('/user-profile') ? json(200, profile) : json(200, { data: [] })));
    const router = openWizard();
    await waitFor(() => expect(lastGrants(session.uuid)).toEqual(administrator));
    expect(gateway.callsTo(PROFILE)).toHaveLength(1);
    expect(lastGrants('00000000-0000-4000-8000-0000000000aa')).toBeNull();
    localStorage.setItem(GRANTS_STORAGE_KEY, '{not json');
    expect(lastGrants(session.uuid)).toBeNull();
    localStorage.setItem(GRANTS_STORAGE_KEY, JSON.stringify({ user: session.uuid, ...administrator }));
    sessionStore.clear();
    expect(localStorage.getItem(GRANTS_STORAGE_KEY)).toBeNull();
    router.dispose();
  });
});

describe('what the first script sends for the address the page opens on', () => {
  const manager = { permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [], ous: [HOTEL], omnipresence: false }] } as const;
  const hotelDefinitions = `/organization/${ORG}/hotel-definition`;
  const connections = `/organization/${ORG}/pms-connection`;
  const effectiveUnits = `/organization/${ORG}/ous?includeDescendants=TRUE&inheritAttributes=TRUE`;
  const detail = `/organization/${ORG}?inheritAttributes=TRUE`;

  it("names each screen's first reads, the PMS setup only for who could read it at the profile's last read", () => {
    const admin = { permissions: [...administrator.permissions], memberships: [...administrator.memberships] } as Parameters<typeof readsAheadAt>[1];
    expect(readsAheadAt(`/organization/${ORG}/ous/hotel/${HOTEL}`, admin)).toEqual([effectiveUnits, connections, hotelDefinitions]);
    expect(readsAheadAt(`/organization/${ORG}/ous/hotel/${HOTEL}`, manager as unknown as Parameters<typeof readsAheadAt>[1])).toEqual([effectiveUnits]);
    expect(readsAheadAt(`/organization/${ORG}/ous/hotel/${HOTEL}`, null)).toEqual([effectiveUnits]);
    expect(readsAheadAt(`/organization/${ORG}/pms`, admin)).toEqual([connections, hotelDefinitions]);
    expect(readsAheadAt(`/organization/${ORG}/pms`, null)).toEqual([]);
    expect(readsAheadAt('/organizations', null)).toEqual(['/organization/v1/organization']);
    expect(readsAheadAt(`/organization/${ORG}`, null)).toEqual(['/organization/v1/organization', detail]);
    expect(readsAheadAt(`/organization/${ORG}/ous`, null)).toEqual([detail, effectiveUnits]);
    expect(readsAheadAt(`/organization/${ORG}/ous/${HOTEL}`, null)).toEqual([detail, effectiveUnits]);
    // a new hotel, other screens and addresses of no screen: nothing
    for (const path of [`/organization/${ORG}/ous/hotel/create`, `/organization/${ORG}/devices`, '/login', '/no/such/page']) expect(readsAheadAt(path, admin)).toEqual([]);
  });

  it("is what the screen's reads take: each asked for once, the wizard's and the unit tree's", async () => {
    for (const [address, paths] of [
      [`/organization/${ORG}/ous/hotel/${HOTEL}`, [UNITS, connections, hotelDefinitions]],
      [`/organization/${ORG}/ous`, [UNITS, `/organization/${ORG}`]],
    ] as const) {
      const session = makeSession();
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
      localStorage.setItem(GRANTS_STORAGE_KEY, JSON.stringify({ user: session.uuid, ...administrator }));
      const gateway = fakeGateway((call) => (call.path.startsWith('/user-profile') ? json(200, profile) : json(200, { data: [] })));
      // as main.tsx does, before the router
      for (const path of readsAheadAt(address, lastGrants(session.uuid))) readAhead(path);
      await waitFor(() => {
        for (const path of paths) expect(gateway.callsTo(path), path).toHaveLength(1);
      });
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const router = createAppRouter(queryClient, (table) => createMemoryRouter(table, { initialEntries: [address] }));
      // the route's own reads are made, and take what was sent: none is sent twice
      await waitFor(() => {
        const reads = queryClient.getQueryCache().findAll({ predicate: (query) => query.queryKey[0] !== 'profile' });
        expect(reads.length).toBeGreaterThanOrEqual(paths.length);
        expect(reads.every((query) => query.state.fetchStatus === 'idle' && query.state.status !== 'pending')).toBe(true);
      });
      for (const path of paths) expect(gateway.callsTo(path), path).toHaveLength(1);
      router.dispose();
      queryClient.clear();
      localStorage.clear();
    }
  });
});
