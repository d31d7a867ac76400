import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lobbyDb } from '../../../offline';
import { renderApp } from '../../../../test/render';
import { EMAIL_TOKEN, profileGateway, signedIn } from '../profile-test-gateway';

afterEach(async () => {
  await Promise.all([lobbyDb().outbox.clear(), lobbyDb().drafts.clear()]);
});

describe('profile routes', () => {
  it('/join and /profile are signed-in screens, and the account menu leads to the profile', async () => {
    signedIn();
    profileGateway({ telephone: '+41791234567', phoneValidated: true });
    const { router } = renderApp('/join');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu of ann@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
  });

  it('/profile without a session goes to sign in, and comes back', async () => {
    profileGateway();
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/profile');
  });

  it('/validate/email/:token is public', async () => {
    profileGateway();
    renderApp(`/validate/email/${EMAIL_TOKEN}`);
    expect(await screen.findByText('Your email address has been validated.')).toBeTruthy();
  });
});
