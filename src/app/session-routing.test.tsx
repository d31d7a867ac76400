import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '../domain';
import { SESSION_STORAGE_KEY } from '../api';
import { empty, gatewayError, json, makeSession } from '../../test/fake-gateway';
import { fakeGateway, renderApp } from '../../test/render';

const profile: UserProfile = {
  uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11',
  email: 'ann@example.com',
  telephone: null,
  emailValidated: true,
  phoneValidated: false,
  image: null,
  permissions: [],
  memberships: [],
};

const where = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('signed-in routes', () => {
  it('send a visitor without a session to /login, keeping the path and the loginId', async () => {
    const { router } = renderApp('/organizations?loginId=ann%40example.com');
    await screen.findByRole('button', { name: 'Sign in' });
    const params = new URLSearchParams(router.state.location.search);
    expect(router.state.location.pathname).toBe('/login');
    expect(params.get('redirect')).toBe('/organizations?loginId=ann%40example.com');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ann@example.com');
  });

  // every /organization/* route of spec section 2, and a unit's menu and discounts
  const UNIT = '00000000-0000-4000-8000-000000000002';
  it.each([
    '',
    '/contract',
    '/devices',
    '/pms',
    '/pos',
    '/packages',
    '/ous',
    '/ous/new',
    `/ous/${UNIT}`,
    '/ous/venue/create?name=Patio',
    `/ous/venue/${UNIT}`,
    '/ous/hotel/create?name=Lodge',
    `/ous/hotel/${UNIT}`,
    '/ous/revenueCenter/create',
    `/ous/revenueCenter/${UNIT}`,
    `/ous/${UNIT}/order-items`,
    `/ous/${UNIT}/discounts`,
  ])('send a visitor without a session from /organization/{uuid}%s to /login?redirect= that path, keeping the loginId', async (section) => {
    const path = `/organization/00000000-0000-4000-8000-000000000001${section}${section.includes('?') ? '&' : '?'}loginId=ann%40example.com`;
    const { router } = renderApp(path);
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(path);
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ann@example.com');
  });

  it('send a session that names no user through /logout to /login, clearing it', async () => {
    const { uuid: _uuid, ...withoutUser } = makeSession();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(withoutUser));
    const seen: string[] = [];
    const { router } = renderApp('/organizations');
    router.subscribe((state) => seen.push(`${state.location.pathname}${state.location.search}`));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(where(router)).toBe('/login');
    expect(seen).toContain('/logout?redirect=/login');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("show the user's email in the header, and Log out revokes the session and goes to /login", async () => {
    const session = makeSession();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    const gateway = fakeGateway((call) => {
      if (call.path.startsWith('/user-profile/v1/user-profile')) return json(200, profile);
      if (call.path.endsWith('/tokens/revoke')) return empty(204);
      return json(200, { data: [] });
    });
    const { router } = renderApp('/organizations');
    expect(await screen.findByText('No organizations found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lobby' }).getAttribute('href')).toBe('/organizations');

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu of ann@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(where(router)).toBe('/login'));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(gateway.callsTo('/authentication/v1/users/tokens/revoke')[0]?.body).toEqual({ refreshToken: session.refreshToken });
  });

  it('go to /login with the way back when the session cannot be refreshed', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession(-1000)));
    fakeGateway((call) => (call.path.endsWith('/refresh') ? gatewayError(401, 'auth.invalid_refresh_token', 'Invalid refresh token') : empty(204)));
    const { router } = renderApp('/organization/00000000-0000-4000-8000-000000000001');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/organization/00000000-0000-4000-8000-000000000001');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
