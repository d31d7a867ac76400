import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseResetToken, PASSWORD_MESSAGES } from '../../../src/domain/index';
import { issueCode } from '../../auth/codes';
import { issueSmsCode } from '../../auth/profile-codes';
import { activationCodes, users } from '../../db/schema';
import type { TestApp } from '../../test-helpers';
import { bearer, createTestApp, createUser, login, outboxFor } from '../../test-helpers';

const REQUEST = '/api/authentication/v1/users/request-activation-code';
const LOGIN = '/api/authentication/v1/users/tokens';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Asks for a reset link; the mail is written after the answer, so this waits for it too. */
async function requestCode(email: string, remoteAddress = '10.1.0.1') {
  const response = await t.app.inject({ method: 'POST', url: REQUEST, payload: { email }, remoteAddress });
  await t.app.lobby.settle();
  return response;
}
const setPassword = (uuid: string, code: string, password: string) =>
  t.app.inject({ method: 'POST', url: `/api/authentication/v1/users/${uuid}/password/${code}`, payload: { password } });
const activate = (uuid: string, code: string, password: string) =>
  t.app.inject({ method: 'POST', url: `/api/authentication/v1/users/${uuid}/activate/${code}`, payload: { password } });
const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: LOGIN, payload: { email, password }, remoteAddress: '10.1.9.9' });
const codeInvalid = { errors: [{ code: 'auth.activation_code_invalid', message: 'The activation code is not valid' }] };

async function resetLink(email: string): Promise<{ link: string; userUuid: string; code: string }> {
  const [mail] = await outboxFor(t.db, email);
  const link = /http:\/\/lobby\.test\/password\/reset\/(\S+)/.exec(mail?.body ?? '');
  const parsed = parseResetToken(link?.[1] ?? '');
  if (!link || !parsed) throw new Error(`no reset link in ${mail?.body}`);
  return { link: link[0], ...parsed };
}

describe('password reset', () => {
  it('answers the same 202 for an unknown address and writes no mail', async () => {
    const response = await requestCode('nobody@example.com');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({});
    expect(await outboxFor(t.db, 'nobody@example.com')).toHaveLength(0);
  });

  it('answers a known address before any of its work is done, so it answers as fast as an unknown one', async () => {
    await createUser(t.db, { email: 'known@example.com', password: 'Known-Password1' });
    const response = await t.app.inject({ method: 'POST', url: REQUEST, payload: { email: 'known@example.com' }, remoteAddress: '10.1.0.7' });
    expect(response.statusCode).toBe(202);
    expect(await outboxFor(t.db, 'known@example.com')).toHaveLength(0);
    await t.app.lobby.settle();
    expect(await outboxFor(t.db, 'known@example.com')).toHaveLength(1);
  });

  it('runs end to end through the outbox', async () => {
    const uuid = await createUser(t.db, { email: 'forgetful@example.com', password: 'Old-Password1' });
    const before = await login(t.app, 'forgetful@example.com', 'Old-Password1');

    const response = await requestCode('Forgetful@Example.com');
    expect(response.statusCode).toBe(202);
    expect(response.body).toBe((await requestCode('stranger@example.com')).body);
    const [mail] = await outboxFor(t.db, 'forgetful@example.com');
    expect(mail).toMatchObject({ channel: 'mail', subject: 'Reset your Lobby password', sentAt: null });
    const { userUuid, code } = await resetLink('forgetful@example.com');
    expect(userUuid).toBe(uuid);

    const weak = await setPassword(userUuid, code, 'weak');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      errors: [
        { code: 'validation', field: 'password', message: PASSWORD_MESSAGES.tooShort },
        { code: 'validation', field: 'password', message: PASSWORD_MESSAGES.noUppercase },
      ],
    });
    expect((await setPassword(userUuid, code, 'longbutlowercase')).json().errors).toEqual([
      { code: 'validation', field: 'password', message: PASSWORD_MESSAGES.noUppercase },
    ]);

    const ok = await setPassword(userUuid, code, 'New-Password1');
    expect(ok.statusCode).toBe(204);
    expect((await signIn('forgetful@example.com', 'Old-Password1')).statusCode).toBe(401);
    expect((await signIn('forgetful@example.com', 'New-Password1')).statusCode).toBe(200);
    // sessions from before the change were signed out
    expect((await t.app.inject({ method: 'GET', url: '/api/user-profile/v1/user-profile', headers: bearer(before.token) })).statusCode).toBe(401);

    const reuse = await setPassword(userUuid, code, 'Another-Password1');
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json()).toEqual(codeInvalid);
  });

  it('answers an unknown user, a wrong code, a code of another user and an expired code alike', async () => {
    const uuid = await createUser(t.db, { email: 'late@example.com', password: 'Late-Password1' });
    await requestCode('late@example.com');
    const { code } = await resetLink('late@example.com');
    const other = await createUser(t.db, { email: 'other@example.com' });

    const answers = [
      await setPassword(randomUUID(), 'whatever', 'New-Password1'),
      await setPassword('not-a-uuid', 'whatever', 'New-Password1'),
      await setPassword(randomUUID(), code, 'New-Password1'),
      await setPassword(uuid, 'wrong-code', 'New-Password1'),
      await setPassword(other, code, 'New-Password1'),
    ];
    t.clock.advance(61 * 60_000);
    answers.push(await setPassword(uuid, code, 'New-Password1'));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual(codeInvalid);
      expect(answer.headers['content-type']).toBe(answers[0]?.headers['content-type']);
    }
    expect((await signIn('late@example.com', 'Late-Password1')).statusCode).toBe(200);
  });

  it('only the newest code of a user works', async () => {
    await createUser(t.db, { email: 'twice@example.com', password: 'Twice-Password1' });
    await requestCode('twice@example.com');
    const first = await resetLink('twice@example.com');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await requestCode('twice@example.com');
    const mails = await outboxFor(t.db, 'twice@example.com');
    expect(mails).toHaveLength(2);
    const codes = mails.map((mail) => parseResetToken(/password\/reset\/(\S+)/.exec(mail.body)?.[1] ?? '')?.code);
    const newest = codes.find((code) => code !== first.code);
    expect((await setPassword(first.userUuid, first.code, 'New-Password1')).statusCode).toBe(422);
    expect((await setPassword(first.userUuid, newest ?? '', 'New-Password1')).statusCode).toBe(204);
  });

  it('gives a deactivated user no mail and no code, answering exactly as for an unknown address', async () => {
    await createUser(t.db, { email: 'gone@example.com', password: 'Gone-Password1', active: false });
    const deactivated = await requestCode('gone@example.com');
    const unknown = await requestCode('never@example.com');
    expect(deactivated.statusCode).toBe(unknown.statusCode);
    expect(deactivated.body).toBe(unknown.body);
    expect(await outboxFor(t.db, 'gone@example.com')).toHaveLength(0);
    const [row] = await t.db.select({ uuid: users.uuid }).from(users).where(eq(users.email, 'gone@example.com'));
    expect(await t.db.select().from(activationCodes).where(eq(activationCodes.userUuid, row?.uuid ?? ''))).toEqual([]);
  });

  it('refuses a code issued before the user was deactivated, like any invalid code, and changes nothing', async () => {
    const uuid = await createUser(t.db, { email: 'leaver@example.com', password: 'Leaver-Password1' });
    await requestCode('leaver@example.com');
    const { code } = await resetLink('leaver@example.com');
    await t.db.update(users).set({ active: false }).where(eq(users.uuid, uuid));
    const answer = await setPassword(uuid, code, 'Comeback-Password1');
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual(codeInvalid);
    const [row] = await t.db.select().from(users).where(eq(users.uuid, uuid));
    expect(row?.version).toBe(1);
    // reactivated, the account still has its old password: the code did not set one
    await t.db.update(users).set({ active: true }).where(eq(users.uuid, uuid));
    expect((await signIn('leaver@example.com', 'Comeback-Password1')).statusCode).toBe(401);
    expect((await signIn('leaver@example.com', 'Leaver-Password1')).statusCode).toBe(200);
  });

  it('does the same database work after the answer for a known address as for an unknown one; only the known one gets a mail', async () => {
    // the time it takes is measured by `npm run bench -- gateway` (never a timed test); here, the work itself
    const record = vi.spyOn(t.app.lobby.mailer, 'record');
    const deliver = vi.spyOn(t.app.lobby.mailer, 'deliver');
    try {
      await createUser(t.db, { email: 'timed@example.com', password: 'Timed-Password1' });
      const ask = (email: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: REQUEST, payload: { email }, remoteAddress });
      expect((await ask('timed@example.com', '10.3.0.1')).statusCode).toBe(202);
      await t.app.lobby.settle();
      expect(record).toHaveBeenCalledTimes(1);
      expect(deliver).toHaveBeenCalledTimes(1);
      expect((await ask('nobody@example.com', '10.3.0.2')).statusCode).toBe(202);
      await t.app.lobby.settle();
      // the code and the mail are written for the unknown address too, then rolled back: nothing stays, nothing is sent
      expect(record).toHaveBeenCalledTimes(2);
      expect(record.mock.calls[1]?.[1]).toMatchObject({ to: 'nobody@example.com' });
      expect(deliver).toHaveBeenCalledTimes(1);
      expect(await outboxFor(t.db, 'timed@example.com')).toHaveLength(1);
      expect(await outboxFor(t.db, 'nobody@example.com')).toHaveLength(0);
    } finally {
      record.mockRestore();
      deliver.mockRestore();
    }
  });

  it('throttles code requests per address', async () => {
    const strict = await createTestApp({ limits: { codeRequestsPerAddress: 2 } });
    try {
      const ask = () => strict.app.inject({ method: 'POST', url: REQUEST, payload: { email: 'x@example.com' }, remoteAddress: '198.51.100.1' });
      expect((await ask()).statusCode).toBe(202);
      expect((await ask()).statusCode).toBe(202);
      const blocked = await ask();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ errors: [{ code: 'auth.throttled', message: 'Too many requests. Try again in 15 minutes.' }] });
      const elsewhere = await strict.app.inject({ method: 'POST', url: REQUEST, payload: { email: 'x@example.com' }, remoteAddress: '198.51.100.2' });
      expect(elsewhere.statusCode).toBe(202);
    } finally {
      await strict.close();
    }
  });
});

describe('activation', () => {
  it('activates an invited user, sets the password and validates the email', async () => {
    const uuid = await createUser(t.db, { email: 'invited@example.com', active: false });
    const code = await issueCode(t.db, uuid, 'activate', 3600_000, t.clock.now());
    expect((await signIn('invited@example.com', 'Invited-Password1')).statusCode).toBe(401);

    expect((await activate(uuid, code, 'short')).statusCode).toBe(400);
    expect((await activate(uuid, code, 'Invited-Password1')).statusCode).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.uuid, uuid));
    expect(row).toMatchObject({ active: true, emailValidated: true });
    expect((await signIn('invited@example.com', 'Invited-Password1')).statusCode).toBe(200);
    expect((await activate(uuid, code, 'Invited-Password1')).json()).toEqual(codeInvalid);
  });

  it('does not accept a reset code as an activation code, and answers an unknown user alike', async () => {
    const uuid = await createUser(t.db, { email: 'mixed@example.com', active: false });
    const code = await issueCode(t.db, uuid, 'reset', 3600_000, t.clock.now());
    expect((await activate(uuid, code, 'Mixed-Password1')).json()).toEqual(codeInvalid);
    const unknown = await activate(randomUUID(), code, 'Mixed-Password1');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(codeInvalid);
  });
});

describe('phone validation', () => {
  it('validates the phone with a phone token once', async () => {
    const uuid = await createUser(t.db, { email: 'phone@example.com', password: 'Phone-Password1' });
    const token = await issueCode(t.db, uuid, 'phone', 3600_000, t.clock.now());
    const validate = (phoneToken: string) => t.app.inject({ method: 'POST', url: '/api/user-profile/v1/user-profile/validate/phone', payload: { phoneToken } });
    expect((await validate('garbage')).json()).toEqual(codeInvalid);
    expect((await validate(token)).statusCode).toBe(204);
    const session = await login(t.app, 'phone@example.com', 'Phone-Password1', '10.1.8.8');
    const profile = await t.app.inject({ method: 'GET', url: '/api/user-profile/v1/user-profile', headers: bearer(session.token) });
    expect(profile.json().phoneValidated).toBe(true);
    expect((await validate(token)).statusCode).toBe(422);
  });
});

describe('phone validation of a number sent by SMS', () => {
  const validate = (phoneToken: string, token?: string) =>
    t.app.inject({ method: 'POST', url: '/api/user-profile/v1/user-profile/validate/phone', headers: token === undefined ? {} : bearer(token), payload: { phoneToken } });

  it('checks a 6-digit code only for its signed-in owner: 401 without a bearer, the code stays usable', async () => {
    const uuid = await createUser(t.db, { email: 'sms-code@example.com', password: 'Sms-Password1' });
    await t.db.update(users).set({ telephone: '+4915100000100' }).where(eq(users.uuid, uuid));
    const code = await issueSmsCode(t.db, uuid, '+4915100000100', t.clock.now());
    const anonymous = await validate(code);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errors[0].code).toBe('auth.unauthenticated');
    const session = await login(t.app, 'sms-code@example.com', 'Sms-Password1', '10.1.8.9');
    expect((await validate(code, session.token)).statusCode).toBe(204);
    const [row] = await t.db.select().from(users).where(eq(users.uuid, uuid));
    expect(row?.phoneValidated).toBe(true);
  });

  it('refuses a link sent to another number than the one the user has now', async () => {
    const uuid = await createUser(t.db, { email: 'sms-link@example.com' });
    await t.db.update(users).set({ telephone: '+4915100000101' }).where(eq(users.uuid, uuid));
    const stale = await issueCode(t.db, uuid, 'phone', 3600_000, t.clock.now(), '+4915100000199');
    expect((await validate(stale)).json()).toEqual(codeInvalid);
    const current = await issueCode(t.db, uuid, 'phone', 3600_000, t.clock.now(), '+4915100000101');
    expect((await validate(current)).statusCode).toBe(204);
  });
});
