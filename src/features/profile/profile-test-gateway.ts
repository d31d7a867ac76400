/**
 * Test helper of the profile screens: a fake gateway that keeps one user's profile and answers the
 * profile routes as the gateway's contract says (issue 10). `on` answers a call first, to refuse or
 * delay it. Used by the *.test.tsx files of this feature only.
 */
import type { UserProfile } from '../../domain';
import { SESSION_STORAGE_KEY } from '../../api';
import { empty, gatewayError, json, makeSession, type RecordedCall } from '../../../test/fake-gateway';
import { fakeGateway } from '../../../test/render';

export const OWN = '/user-profile/v1/user-profile';
export const SMS_CODE = '123456';
export const CURRENT_PASSWORD = 'Current1';
export const EMAIL_TOKEN = 'email-token-1';

/** A header of a recorded call, whatever the case of its name. */
export function headerOf(call: RecordedCall | undefined, name: string): string | undefined {
  return Object.entries(call?.headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
}

export function signedIn() {
  const session = makeSession();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}

export const baseProfile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11',
  email: 'ann@example.com',
  telephone: null,
  emailValidated: true,
  phoneValidated: false,
  image: null,
  permissions: [],
  memberships: [],
  ...overrides,
});

type Answer = Response | Promise<Response> | undefined;

export function profileGateway(start: Partial<UserProfile> = {}, on: (call: RecordedCall) => Answer = () => undefined) {
  const state = { profile: baseProfile(start) };
  const gateway = fakeGateway((call) => {
    const answer = on(call);
    if (answer) return answer;
    const path = call.path.split('?')[0];
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (path === OWN && call.method === 'GET') return json(200, state.profile);
    if (path === OWN && call.method === 'PATCH') {
      state.profile = { ...state.profile, ...body, ...('telephone' in body ? { phoneValidated: false } : {}) };
      return json(200, state.profile);
    }
    if (path === `${OWN}/email`) return json(202, {});
    if (path === `${OWN}/phone`) {
      state.profile = { ...state.profile, telephone: String(body.telephone), phoneValidated: false };
      return json(200, state.profile);
    }
    if (path === `${OWN}/validate/phone`) {
      if (body.phoneToken !== SMS_CODE) return gatewayError(422, 'auth.activation_code_invalid', 'The code is not valid or has expired', 'phoneToken');
      state.profile = { ...state.profile, phoneValidated: true };
      return empty(204);
    }
    if (path === `${OWN}/validate/email`) {
      if (body.emailToken !== EMAIL_TOKEN) return gatewayError(422, 'auth.activation_code_invalid', 'The link is not valid or has expired', 'emailToken');
      return empty(204);
    }
    if (path === `${OWN}/image`) {
      state.profile = { ...state.profile, image: 'https://cdn.example/images/profile-1.png' };
      return json(200, state.profile);
    }
    if (path === `${OWN}/password`) {
      if (body.currentPassword !== CURRENT_PASSWORD) return gatewayError(422, 'validation', 'The current password is not correct', 'currentPassword');
      return empty(204);
    }
    if (path === '/health') return json(200, { status: 'ok' });
    return gatewayError(404, 'not_found', 'Not found');
  });
  return { ...gateway, state, writes: () => gateway.calls.filter((call) => call.method !== 'GET') };
}
