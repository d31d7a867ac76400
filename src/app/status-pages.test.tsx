import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { SESSION_STORAGE_KEY } from '../api';
import { json, makeSession } from '../../test/fake-gateway';
import { fakeGateway, renderApp } from '../../test/render';
import { forbiddenReasonOf } from '../ui';

describe('status pages', () => {
  it("shows 'Page not found.' for an unknown path, with a way to the main page", async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the main page' }).getAttribute('href')).toBe('/organizations');
    await waitFor(() => expect(document.title).toBe('Not found - Lobby'));
  });

  it('shows the forbidden page at /403', async () => {
    renderApp('/403');
    expect(await screen.findByRole('heading', { name: '403 | You do not have permission to access this page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the main page' }).getAttribute('href')).toBe('/organizations');
  });

  it('keeps the header and its menu for a signed-in user, with one main region', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession()));
    fakeGateway((call) =>
      call.path.startsWith('/user-profile')
        ? json(200, { uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11', email: 'ann@example.com', telephone: null, emailValidated: true, phoneValidated: false, image: null, permissions: [], memberships: [] })
        : json(200, { data: [] }),
    );
    const { router } = renderApp('/organizations');
    await router.navigate('/403', { state: { reason: "You don't have permissions to view this organization" } });
    expect(await screen.findByRole('heading', { name: '403 | You do not have permission to access this page' })).toBeTruthy();
    expect(screen.getByText("You don't have permissions to view this organization")).toBeTruthy();
    // the signed-in header: the menu's way to the organizations and the account menu
    expect(await screen.findByRole('banner')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Account menu of/ })).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('says why, in the catalogue\'s words, when the screen that sent the user there told it; a stale or foreign state is ignored', async () => {
    const { router } = renderApp('/organizations');
    await router.navigate('/403', { state: { reason: "You don't have permissions to view this organization" } });
    expect(await screen.findByText("You don't have permissions to view this organization")).toBeTruthy();
    expect(forbiddenReasonOf({ reason: '  ' })).toBeNull();
    expect(forbiddenReasonOf({ reason: 42 })).toBeNull();
    expect(forbiddenReasonOf('reason')).toBeNull();
  });
});
