import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router-dom';
import { SESSION_STORAGE_KEY, sessionStore } from '../api';
import { GRANTS_STORAGE_KEY, lastGrants } from '../api/profile';
import { json, makeSession } from '../../test/fake-gateway';
import { fakeGateway } from '../../test/render';
import { createAppRouter } from './router';

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
    await waitFor(() => expect(lastGrants(session.uuid)).toEqual({ user: session.uuid, ...administrator }));
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
