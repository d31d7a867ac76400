import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { EMAIL_TOKEN, headerOf, OWN, profileGateway, signedIn } from '../profile-test-gateway';
import { ValidateEmailPage } from './validate-email-page';

const render = (token: string) =>
  renderWithProviders(
    <StrictMode>
      <ValidateEmailPage />
    </StrictMode>,
    { url: `/validate/email/${token}`, path: '/validate/email/:token' },
  );

describe('ValidateEmailPage', () => {
  it('validates the token once, without the session, and says the email address is validated', async () => {
    signedIn();
    const gateway = profileGateway();
    render(EMAIL_TOKEN);
    expect(await screen.findByText('Your email address has been validated.')).toBeTruthy();
    expect(screen.queryByText('Validating your email address…')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Email validation' })).toBeTruthy();
    expect(document.title).toBe('Email validation - Lobby');
    const sent = gateway.callsTo(`${OWN}/validate/email`);
    // strict mode mounts twice: the single-use token is still sent once
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', body: { emailToken: EMAIL_TOKEN } });
    expect(headerOf(sent[0], 'Authorization')).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Go to the main page' }).getAttribute('href')).toBe('/organizations');
  });

  it('says the activation code is not valid for a spent, expired or unknown token', async () => {
    profileGateway();
    render('spent-token');
    expect((await screen.findByRole('alert')).textContent).toBe('* The activation code is not valid');
    expect(screen.queryByText('Your email address has been validated.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the main page' })).toBeTruthy();
  });
});
