import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Organization } from '../../../domain';
import { SESSION_STORAGE_KEY } from '../../../api';
import { gatewayError, json, makeSession } from '../../../../test/fake-gateway';
import { fakeGateway, renderWithProviders } from '../../../../test/render';
import { OrganizationsPage } from './organizations-page';

const organizations: Organization[] = Array.from({ length: 23 }, (_, index) => ({
  uuid: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
  name: `Hotel ${String(index + 1).padStart(2, '0')}`,
  legalCompanyName: `Legal Hotel ${String(index + 1).padStart(2, '0')} Ltd`,
  status: index % 2 === 0 ? 'ACTIVE' : 'INACTIVE',
  version: 1,
}));

function signedIn() {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
}

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Organizations' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('OrganizationsPage', () => {
  it('shows 10 organizations per page, each a link to its page, and pages through the rest', async () => {
    signedIn();
    fakeGateway(() => json(200, { data: organizations }));
    renderWithProviders(<OrganizationsPage />, { url: '/organizations', path: '/organizations' });
    expect(screen.getByText('Loading organizations…')).toBeTruthy();
    await screen.findByRole('table', { name: 'Organizations' });
    expect(rowNames()).toEqual(organizations.slice(0, 10).map((o) => o.name));
    expect(screen.getByRole('link', { name: 'Hotel 01' }).getAttribute('href')).toBe(`/organization/${organizations[0]?.uuid}`);
    expect(screen.getAllByText('Active').length).toBeGreaterThan(0);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(rowNames()).toEqual(['Hotel 21', 'Hotel 22', 'Hotel 23']);
  });

  it('searches the list, back on the first page, and says when nothing matches', async () => {
    signedIn();
    fakeGateway(() => json(200, { data: organizations }));
    renderWithProviders(<OrganizationsPage />, { url: '/organizations', path: '/organizations' });
    await screen.findByRole('table', { name: 'Organizations' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.type(screen.getByPlaceholderText('Search'), 'hotel 2');
    expect(rowNames()).toEqual(['Hotel 20', 'Hotel 21', 'Hotel 22', 'Hotel 23']);
    await user.clear(screen.getByPlaceholderText('Search'));
    await user.type(screen.getByPlaceholderText('Search'), 'nowhere');
    expect(screen.getByText('No results match "nowhere"')).toBeTruthy();
  });

  it('says the user may not view organizations when the gateway answers 403', async () => {
    signedIn();
    fakeGateway((call) => (call.path.includes('/refresh') ? json(200, makeSession()) : gatewayError(403, 'forbidden', 'Forbidden')));
    renderWithProviders(<OrganizationsPage />, { url: '/organizations', path: '/organizations' });
    expect((await screen.findByRole('alert')).textContent).toBe("You don't have permissions to view organizations");
  });
});
