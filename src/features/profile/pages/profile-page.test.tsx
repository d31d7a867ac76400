import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { connectivity } from '../../../api';
import { gatewayError, json } from '../../../../test/fake-gateway';
import { renderWithProviders } from '../../../../test/render';
import { CURRENT_PASSWORD, headerOf, OWN, profileGateway, signedIn, SMS_CODE } from '../profile-test-gateway';
import { ProfilePage } from './profile-page';

const render = () => renderWithProviders(<ProfilePage />, { url: '/profile', path: '/profile' });
const section = (name: string) => screen.findByRole('region', { name });
const button = (root: HTMLElement, name: string) => within(root).getByRole('button', { name }) as HTMLButtonElement;
const fileInput = (root: HTMLElement) => root.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const pdf = () => new File(['%PDF-1.7'], 'menu.pdf', { type: 'application/pdf' });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

afterEach(() => {
  connectivity.reportSuccess();
  notifications.clean();
  notifications.cleanQueue();
});

describe('ProfilePage', () => {
  it('shows the email and telephone with their states, under the page title', async () => {
    signedIn();
    profileGateway({ email: 'ann@example.com', emailValidated: true, telephone: '+41791234567', phoneValidated: false });
    render();
    const email = await section('Email');
    expect(within(email).getByText('ann@example.com')).toBeTruthy();
    expect(within(email).getByText('Validated')).toBeTruthy();
    const telephone = await section('Telephone');
    expect(within(telephone).getByText('+41791234567')).toBeTruthy();
    expect(within(telephone).getByText('Not validated')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(document.title).toBe('Profile - Lobby');
  });

  it("says 'No telephone' without a number, and an unvalidated email", async () => {
    signedIn();
    profileGateway({ emailValidated: false, telephone: null });
    render();
    expect(within(await section('Email')).getByText('Not validated')).toBeTruthy();
    const telephone = await section('Telephone');
    expect(within(telephone).getByText('No telephone')).toBeTruthy();
    expect(within(telephone).queryByRole('button', { name: 'Remove telephone' })).toBeNull();
  });

  it('asks for a confirmation link to the new address, and says the email changes once it is opened', async () => {
    signedIn();
    const gateway = profileGateway();
    render();
    const email = await section('Email');
    const user = userEvent.setup();
    await user.type(within(email).getByRole('textbox', { name: /New email address/ }), ' new@example.com ');
    await user.click(button(email, 'Send confirmation link'));
    expect((await within(email).findByRole('status')).textContent).toBe('We sent a mail to new@example.com. Your email changes when you open the confirmation link in it (an address another account uses gets no link).');
    expect(gateway.writes()).toEqual([expect.objectContaining({ method: 'POST', path: `${OWN}/email`, body: { email: 'new@example.com' } })]);
    // the address shown is still the old one: it changes when the link is opened
    expect(within(email).getByText('ann@example.com')).toBeTruthy();
  });

  it("refuses no address before sending, and shows the gateway's refusal beside the field", async () => {
    signedIn();
    // the gateway answers an address in use like a free one (ADR 0020); it still refuses, e.g., the
    // address the account has meanwhile (changed in another tab)
    const gateway = profileGateway({}, (call) => (call.path === `${OWN}/email` ? gatewayError(400, 'validation', 'This is already your email address', 'email') : undefined));
    render();
    const email = await section('Email');
    const user = userEvent.setup();
    const field = within(email).getByRole('textbox', { name: /New email address/ });
    await user.type(field, 'not-an-address');
    await user.click(button(email, 'Send confirmation link'));
    expect(within(email).getByText('Enter a valid email address')).toBeTruthy();
    expect(gateway.writes()).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'bob@example.com');
    await user.click(button(email, 'Send confirmation link'));
    expect(await within(email).findByText('This is already your email address')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('sets a telephone, takes the 6-digit code and shows the number validated', async () => {
    signedIn();
    const gateway = profileGateway({ telephone: null });
    render();
    const telephone = await section('Telephone');
    const user = userEvent.setup();
    // telephone mode: letters are not typed
    await user.type(within(telephone).getByRole('textbox', { name: /Telephone number/ }), '4179x1234567');
    await user.click(button(telephone, 'Send code'));
    expect((await within(telephone).findByRole('status')).textContent).toBe('We sent a text message with a 6-digit code to 41791234567.');
    expect(gateway.writes()[0]).toMatchObject({ method: 'POST', path: `${OWN}/phone`, body: { telephone: '41791234567' } });
    expect(await within(telephone).findByText('Not validated')).toBeTruthy();

    const code = within(telephone).getByRole('textbox', { name: /SMS code/ }) as HTMLInputElement;
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await user.type(code, SMS_CODE);
    await user.click(button(telephone, 'Validate'));
    expect(await within(telephone).findByText('Validated')).toBeTruthy();
    expect(gateway.writes()[1]).toMatchObject({ method: 'POST', path: `${OWN}/validate/phone`, body: { phoneToken: '123456' } });
    // with the session: the code alone proves nothing
    expect(headerOf(gateway.writes()[1], 'Authorization')).toMatch(/^Bearer /);
    expect(within(telephone).getByText('Your telephone number has been validated.')).toBeTruthy();
    expect(within(telephone).queryByRole('textbox', { name: /SMS code/ })).toBeNull();
  });

  it('takes digits only in the code, six at most, and keeps Validate disabled until all six are there', async () => {
    signedIn();
    const gateway = profileGateway({ telephone: '+41791234567', phoneValidated: false });
    render();
    const telephone = await section('Telephone');
    const user = userEvent.setup();
    const code = within(telephone).getByRole('textbox', { name: /SMS code/ }) as HTMLInputElement;
    expect(button(telephone, 'Validate').disabled).toBe(true);
    await user.type(code, '1a2-b3 4');
    expect(code.value).toBe('1234');
    expect(button(telephone, 'Validate').disabled).toBe(true);
    await user.type(code, '5678');
    expect(code.value).toBe('123456');
    expect(button(telephone, 'Validate').disabled).toBe(false);
    // Enter with fewer than six digits sends nothing
    await user.clear(code);
    await user.type(code, '12345{Enter}');
    expect(gateway.writes()).toHaveLength(0);
  });

  it("shows the gateway's message for a wrong code beside the field, and the number stays not validated", async () => {
    signedIn();
    profileGateway({ telephone: '+41791234567', phoneValidated: false });
    render();
    const telephone = await section('Telephone');
    const user = userEvent.setup();
    const code = within(telephone).getByRole('textbox', { name: /SMS code/ });
    await user.type(code, '654321{Enter}');
    expect(await within(telephone).findByText('The code is not valid or has expired')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(within(telephone).getByText('Not validated')).toBeTruthy();
  });

  it('shows a refused number (400, 429) beside the telephone field', async () => {
    signedIn();
    profileGateway({}, (call) => (call.path === `${OWN}/phone` ? gatewayError(429, 'rate_limited', 'Too many requests: try again in a few minutes') : undefined));
    render();
    const telephone = await section('Telephone');
    const user = userEvent.setup();
    await user.type(within(telephone).getByRole('textbox', { name: /Telephone number/ }), '41791234567{Enter}');
    expect(await within(telephone).findByText('Too many requests: try again in a few minutes')).toBeTruthy();
    expect(within(telephone).queryByRole('textbox', { name: /SMS code/ })).toBeNull();
  });

  it('removes the telephone after a confirmation: a PATCH of telephone null', async () => {
    signedIn();
    const gateway = profileGateway({ telephone: '+41791234567', phoneValidated: true });
    render();
    const telephone = await section('Telephone');
    const user = userEvent.setup();
    await user.click(button(telephone, 'Remove telephone'));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your telephone number?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove telephone' }));
    expect(await within(telephone).findByText('No telephone')).toBeTruthy();
    expect(gateway.writes()).toEqual([expect.objectContaining({ method: 'PATCH', path: OWN, body: { telephone: null } })]);
  });

  it('sends a removal as a merge-patch (Content-Type application/merge-patch+json)', async () => {
    signedIn();
    const gateway = profileGateway({ telephone: '+41791234567', phoneValidated: true });
    render();
    const telephone = await section('Telephone');
    const user = userEvent.setup();
    await user.click(button(telephone, 'Remove telephone'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove telephone' }));
    await within(telephone).findByText('No telephone');
    expect(headerOf(gateway.writes()[0], 'Content-Type')).toBe('application/merge-patch+json');
  });

  it('keeps the telephone when the confirmation is cancelled', async () => {
    signedIn();
    const gateway = profileGateway({ telephone: '+41791234567', phoneValidated: true });
    render();
    const telephone = await section('Telephone');
    const user = userEvent.setup();
    await user.click(button(telephone, 'Remove telephone'));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your telephone number?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(gateway.writes()).toHaveLength(0);
    expect(within(telephone).getByText('+41791234567')).toBeTruthy();
  });

  it('uploads an image file as multipart and shows it; removes it with a PATCH of image null', async () => {
    signedIn();
    const gateway = profileGateway();
    const sent: BodyInit[] = [];
    const fake = globalThis.fetch;
    globalThis.fetch = ((input: string, init?: RequestInit) => {
      if (init?.body) sent.push(init.body);
      return fake(input, init);
    }) as typeof fetch;
    render();
    const image = await section('Image');
    expect(within(image).getByText('No image')).toBeTruthy();
    expect(fileInput(image).accept).toBe('image/*');
    const user = userEvent.setup();
    await user.upload(fileInput(image), png());
    expect((await within(image).findByRole('img', { name: 'Your profile image' })).getAttribute('src')).toBe('https://cdn.example/images/profile-1.png');
    const [upload] = gateway.writes();
    expect(upload).toMatchObject({ method: 'POST', path: `${OWN}/image` });
    // multipart: the browser writes the Content-Type with its boundary
    expect(headerOf(upload, 'Content-Type')).toBeUndefined();
    const form = sent[0] as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('me.png');
    await user.click(button(image, 'Remove image'));
    expect(await within(image).findByText('No image')).toBeTruthy();
    expect(gateway.writes()[1]).toMatchObject({ method: 'PATCH', path: OWN, body: { image: null } });
  });

  it("refuses a file that is no image with the spec's message, and sends nothing", async () => {
    signedIn();
    const gateway = profileGateway();
    render();
    const image = await section('Image');
    // past the picker's filter (a drop, another browser)
    fireEvent.change(fileInput(image), { target: { files: [pdf()] } });
    expect((await within(image).findByRole('alert')).textContent).toBe('Image upload failed. Please try again.');
    expect(gateway.writes()).toHaveLength(0);
  });

  it("says 'Image upload failed. Please try again.' when the gateway refuses the upload", async () => {
    signedIn();
    profileGateway({}, (call) => (call.path === `${OWN}/image` ? gatewayError(500, 'internal', 'Internal error') : undefined));
    render();
    const image = await section('Image');
    await userEvent.setup().upload(fileInput(image), png());
    expect((await within(image).findByRole('alert')).textContent).toBe('Image upload failed. Please try again.');
    expect(within(image).getByText('No image')).toBeTruthy();
  });

  it("checks the new password with the spec's rules before anything is sent", async () => {
    signedIn();
    const gateway = profileGateway();
    render();
    const password = await section('Password');
    const user = userEvent.setup();
    await user.click(button(password, 'Change password'));
    expect(within(password).getByText('Enter your current password')).toBeTruthy();
    expect(within(password).getByText('* It must contain at least 8 characters')).toBeTruthy();
    await user.type(within(password).getByLabelText(/^Current password/), CURRENT_PASSWORD);
    await user.type(within(password).getByLabelText(/^New password/), 'abcdefgh');
    expect(within(password).getByText('* Password must contain at least one uppercase letter')).toBeTruthy();
    await user.type(within(password).getByLabelText(/^Confirm password/), 'abcdefgX');
    expect(within(password).getByText("* Passwords don't match")).toBeTruthy();
    await user.click(button(password, 'Change password'));
    expect(gateway.writes()).toHaveLength(0);
  });

  it('shows a wrong current password beside its field, then changes the password and says other devices were signed out', async () => {
    signedIn();
    const gateway = profileGateway();
    render();
    const password = await section('Password');
    const user = userEvent.setup();
    const current = within(password).getByLabelText(/^Current password/);
    await user.type(current, 'Wrong-one1');
    await user.type(within(password).getByLabelText(/^New password/), 'Abcdefgh');
    await user.type(within(password).getByLabelText(/^Confirm password/), 'Abcdefgh');
    await user.click(button(password, 'Change password'));
    expect(await within(password).findByText('The current password is not correct')).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');

    await user.clear(current);
    await user.type(current, CURRENT_PASSWORD);
    expect(within(password).queryByText('The current password is not correct')).toBeNull();
    await user.click(button(password, 'Change password'));
    expect((await within(password).findByRole('status')).textContent).toBe('Your password has been changed. Other devices were signed out.');
    expect(gateway.writes()[1]).toMatchObject({ method: 'POST', path: `${OWN}/password`, body: { currentPassword: CURRENT_PASSWORD, password: 'Abcdefgh' } });
    expect((current as HTMLInputElement).value).toBe('');
  });

  it('shows the gateway refusing the new password beside the new password fields', async () => {
    signedIn();
    profileGateway({}, (call) => (call.path === `${OWN}/password` ? gatewayError(400, 'validation', 'Password is too common', 'password') : undefined));
    render();
    const password = await section('Password');
    const user = userEvent.setup();
    await user.type(within(password).getByLabelText(/^Current password/), CURRENT_PASSWORD);
    await user.type(within(password).getByLabelText(/^New password/), 'Password1');
    await user.type(within(password).getByLabelText(/^Confirm password/), 'Password1{Enter}');
    expect((await within(password).findByRole('alert')).textContent).toBe('Password is too common');
  });

  it('offline: says changes need the gateway and disables every submit button', async () => {
    signedIn();
    const gateway = profileGateway({ telephone: '+41791234567', image: 'https://cdn.example/images/profile-1.png' }, (call) =>
      call.path === '/health' ? Promise.reject(new TypeError('Failed to fetch')) : undefined,
    );
    render();
    await section('Password');
    connectivity.reportFailure();
    expect(await screen.findByText('You are offline. Changing your profile needs the gateway: connect and try again.')).toBeTruthy();
    // a complete code too: Validate waits for the gateway
    await userEvent.setup().type(screen.getByRole('textbox', { name: /SMS code/ }), SMS_CODE);
    for (const name of ['Send confirmation link', 'Send code', 'Validate', 'Remove telephone', 'Upload image', 'Remove image', 'Change password']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(true);
    }
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /New email address/ }), 'new@example.com{Enter}');
    expect(gateway.writes()).toHaveLength(0);
  });

  it('reaches every action with the keyboard, in reading order', async () => {
    signedIn();
    profileGateway({ telephone: '+41791234567', phoneValidated: false, image: 'https://cdn.example/images/profile-1.png' });
    render();
    await section('Password');
    const user = userEvent.setup();
    const reached: string[] = [];
    for (let step = 0; step < 30; step += 1) {
      await user.tab();
      const focused = document.activeElement as HTMLElement;
      if (focused === document.body) break;
      const name = focused.tagName === 'BUTTON' ? focused.textContent?.trim() : (focused.getAttribute('aria-label') ?? (focused as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s*\*$/, ''));
      if (name && !reached.includes(name)) reached.push(name);
    }
    const expected = ['New email address', 'Send confirmation link', 'Remove telephone', 'Telephone number', 'Send code', 'SMS code', 'Upload image', 'Remove image', 'Current password', 'New password', 'Confirm password', 'Change password'];
    expect(reached.filter((name) => expected.includes(name))).toEqual(expected);
  });

  it('sends the code from the keyboard: typed, then Enter', async () => {
    signedIn();
    const gateway = profileGateway({ telephone: '+41791234567', phoneValidated: false });
    render();
    const telephone = await section('Telephone');
    const user = userEvent.setup();
    within(telephone).getByRole('textbox', { name: /SMS code/ }).focus();
    await user.keyboard(`${SMS_CODE}{Enter}`);
    expect(await within(telephone).findByText('Validated')).toBeTruthy();
    expect(gateway.callsTo(`${OWN}/validate/phone`)).toHaveLength(1);
  });

  it('says when the profile cannot be loaded', async () => {
    signedIn();
    profileGateway({}, (call) => (call.method === 'GET' && call.path.startsWith(OWN) ? json(500, { errors: [{ code: 'internal', message: 'Internal error' }] }) : undefined));
    render();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your profile could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('Internal error')).toBeTruthy();
  });
});
