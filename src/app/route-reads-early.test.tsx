import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router-dom';
import { SESSION_STORAGE_KEY } from '../api';
import { json, makeSession } from '../../test/fake-gateway';
import { fakeGateway } from '../../test/render';
import { createAppRouter } from './router';

// the hotel wizard's code never arrives here: what its route reads must not wait for it
vi.mock('../features/pms/pages/hotel-wizard-page', () => new Promise<never>(() => undefined));

const ORG = '00000000-0000-4000-8000-000000000001';
const HOTEL = '00000000-0000-4000-8000-000000000020';
const UNITS = `/organization/${ORG}/ous`;
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
});
