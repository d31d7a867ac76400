import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connectivity } from '../../../api';
import { renderWithProviders } from '../../../../test/render';
import { OWN, profileGateway, signedIn, SMS_CODE } from '../profile-test-gateway';
import { JoinPage } from './join-page';

const render = () => renderWithProviders(<JoinPage />, { url: '/join', path: '/join' });

afterEach(() => connectivity.reportSuccess());

describe('JoinPage', () => {
  it('adds the telephone, confirms it with the SMS code, then continues to the organizations — all from the keyboard', async () => {
    signedIn();
    const gateway = profileGateway({ telephone: null, phoneValidated: false });
    const { router } = render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Join' })).toBeTruthy();
    expect(document.title).toBe('Join - Lobby');
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();
    const user = userEvent.setup();

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Telephone number/ }));
    await user.keyboard('41791234567{Enter}');
    expect(await screen.findByText('We sent a text message with a 6-digit code to 41791234567.')).toBeTruthy();
    expect(gateway.callsTo(`${OWN}/phone`)[0]?.body).toEqual({ telephone: '41791234567' });

    await user.tab(); // past Send code
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /SMS code/ }));
    await user.keyboard(`${SMS_CODE}{Enter}`);
    expect(await screen.findByText('Your telephone number has been validated.')).toBeTruthy();
    expect(gateway.callsTo(`${OWN}/validate/phone`)[0]?.body).toEqual({ phoneToken: SMS_CODE });

    const next = screen.getByRole('link', { name: 'Continue' });
    next.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/organizations');
  });

  it('a wrong code keeps the user on the code, with the gateway message', async () => {
    signedIn();
    profileGateway({ telephone: '+41791234567', phoneValidated: false });
    render();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /SMS code/ }), '000000{Enter}');
    expect(await screen.findByText('The code is not valid or has expired')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();
  });

  it('says a validated telephone is already done, and offers Continue', async () => {
    signedIn();
    const gateway = profileGateway({ telephone: '+41791234567', phoneValidated: true });
    render();
    expect(await screen.findByText('Your telephone number +41791234567 is already validated.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/organizations');
    expect(screen.queryByRole('textbox', { name: /Telephone number/ })).toBeNull();
    expect(gateway.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });
});
