import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '../../../api';
import { listDrafts } from '../../../offline';
import { json, makeSession, type RecordedCall } from '../../../../test/fake-gateway';
import { QueryClient } from '@tanstack/react-query';
import { fakeGateway, renderApp, renderWithProviders } from '../../../../test/render';
import { OrganizationPage, prefetchOrganization, SECTIONS } from './organization-page';

const ORG = '00000000-0000-4000-8000-000000000001';
const HOTEL = '00000000-0000-4000-8000-000000000020';
const organization = { uuid: ORG, name: 'Demo Hospitality Group', legalCompanyName: 'Demo Hospitality Group Ltd', status: 'ACTIVE', version: 1 };
const hotel = { uuid: HOTEL, orgUuid: ORG, parentUuid: null, type: 'HOTEL', name: 'Harbour View Hotel', attributes: { NAME: 'Harbour View Hotel' }, version: 1, children: [] };
const profileOf = (grants: object) => ({ uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11', email: 'ann@example.com', telephone: null, emailValidated: true, phoneValidated: false, image: null, ...grants });
const administrator = { permissions: ['SETUP_ORG', 'SETUP_OU', 'VIEW_TRANSACTIONS'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [], ous: [], omnipresence: true }, { membershipType: 'BUSINESS_DATA', orgs: [], ous: [], omnipresence: true }] };
// the demo manager: unit and organization setup, a MANAGEMENT membership of one hotel
const hotelManager = { permissions: ['SETUP_OU', 'SETUP_ORG'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [], ous: [HOTEL], omnipresence: false }] };

/** The gateway as it answers `grants`: the PMS connections only to who sets up the organization. */
function gatewayFor(grants: typeof administrator | typeof hotelManager, attributes: Record<string, string> = {}) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
  return fakeGateway((call: RecordedCall) => {
    const path = call.path.split('?')[0] ?? '';
    if (path.startsWith('/user-profile')) return json(200, profileOf(grants));
    if (path === '/organization/v1/organization') return json(200, { data: [organization] });
    if (path === `/organization/${ORG}`) return json(200, { ...organization, attributes, ous: [hotel] });
    if (path === `/organization/${ORG}/pms-connection`) {
      return grants === administrator ? json(200, { data: [] }) : json(403, { errors: [{ code: 'forbidden', message: "You don't have permissions to view this organization" }] });
    }
    return json(200, { data: [] });
  });
}

function open(grants: typeof administrator | typeof hotelManager) {
  const gateway = gatewayFor(grants);
  renderWithProviders(<OrganizationPage />, { url: `/organization/${ORG}`, path: '/organization/:uuid' });
  return gateway;
}

/** The section cards' links (the list after the 'Configuration' heading), as [name, href]. */
const sectionLinks = async () => {
  await screen.findByRole('heading', { name: 'Configuration', level: 2 });
  return screen
    .getAllByRole('listitem')
    .flatMap((item) => within(item).queryAllByRole('link'))
    .map((link) => [link.textContent, link.getAttribute('href')]);
};

afterEach(() => cleanup());

describe('OrganizationPage: the sections', () => {
  it('links every section (each a screen of the router: src/app/organization-sections.test.ts), none marked as not built', async () => {
    open(administrator);
    await screen.findByRole('heading', { name: 'Demo Hospitality Group', level: 1 });
    await waitFor(async () => expect(await sectionLinks()).toHaveLength(SECTIONS.length));
    expect((await sectionLinks()).map(([, href]) => href)).toEqual(SECTIONS.map((section) => `/organization/${ORG}/${section.path}`));
    expect(await sectionLinks()).toContainEqual(['Room packages', `/organization/${ORG}/packages`]);
    expect(screen.queryByText(/Not available in this version yet/i)).toBeNull();
  });

  it('offers the hotel manager only what they may open, and never asks for the PMS connections', async () => {
    const gateway = open(hotelManager);
    await screen.findByRole('heading', { name: 'Demo Hospitality Group', level: 1 });
    await waitFor(async () => expect((await sectionLinks()).map(([name]) => name)).toEqual(['Unit list and detail', 'Devices', 'Room packages', 'POS configuration']));
    expect(gateway.callsTo(`/organization/${ORG}/pms-connection`)).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Settings', level: 2 })).toBeNull();
  });
});

describe('OrganizationPage: the settings', () => {
  it("makes only the open sections' fields, and a refused save opens the section that holds the problem and focuses it", async () => {
    const user = userEvent.setup();
    // a value stored before today's rules: the tipping section (closed) holds a problem
    gatewayFor(administrator, { POI_TIP_PERCENTAGES: 'ten percent' });
    renderWithProviders(<OrganizationPage />, { url: `/organization/${ORG}`, path: '/organization/:uuid' });
    const name = await screen.findByRole('textbox', { name: /Legal company name/ });
    await waitFor(() => expect((name as HTMLInputElement).disabled).toBe(false));
    const tipping = screen.getByRole('button', { name: 'Tipping' });
    expect(tipping.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: /Tip percentages/ })).toBeNull();

    await user.type(name, ' Holdings');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(tipping.getAttribute('aria-expanded')).toBe('true'));
    const tips = await screen.findByRole('textbox', { name: /Tip percentages/ });
    await waitFor(() => expect(document.activeElement).toBe(tips));
    expect(tips.getAttribute('aria-invalid')).toBe('true');
    // the sections without a problem stay as they were
    expect(screen.getByRole('button', { name: 'Branding' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'General' }).getAttribute('aria-expanded')).toBe('true');

    // the draft typed here goes, as an operator's Discard takes it: no other test finds it
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(async () => expect(await listDrafts(makeSession().uuid)).toEqual([]));
  });
});

describe("OrganizationPage: its route's first reads", () => {
  const reads = (gateway: ReturnType<typeof gatewayFor>) => ['/organization/v1/organization', `/organization/${ORG}`].map((path) => gateway.callsTo(path).length);

  it('asks for the organizations and the organization before the page shows', async () => {
    const gateway = gatewayFor(administrator);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchOrganization(queryClient, makeSession().uuid, { uuid: ORG });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(reads(gateway)).toEqual([1, 1]);
  });

  it('opened through the app, the page reads each of them once', async () => {
    const gateway = gatewayFor(administrator);
    renderApp(`/organization/${ORG}`, { prefetch: true });
    await screen.findByRole('heading', { name: 'Demo Hospitality Group', level: 1 });
    await sectionLinks();
    expect(reads(gateway)).toEqual([1, 1]);
  });
});
