import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Membership, Session } from '../../src/domain/index';
import { EMAIL_MESSAGE, PASSWORD_MESSAGES, PERMISSIONS, TELEPHONE_MESSAGE, userProfileSchema } from '../../src/domain/index';
import { activationCodes, images, memberships, users } from '../db/schema';
import { loggerOptions } from '../logging';
import type { TestApp } from '../test-helpers';
import { bearer, createTestApp, createUser, login, outboxFor } from '../test-helpers';
import { EMAIL_CHANGES_PER_HOUR, EMAIL_IN_USE_SUBJECT, emailInUseMailBody } from './profile-writes';

const PROFILE = '/api/user-profile/v1/user-profile';
const MERGE_PATCH = { 'content-type': 'application/merge-patch+json' };
const PASSWORD = 'Profile-Password1';
const codeInvalid = { errors: [{ code: 'auth.activation_code_invalid', message: 'The activation code is not valid' }] };
const IMAGE_FAILED = 'Image upload failed. Please try again.';
/** A valid 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logLines.push(chunk.toString());
    callback();
  },
});

let t: TestApp;
let mailDir = '';
let userCount = 0;

beforeAll(async () => {
  mailDir = join(mkdtempSync(join(tmpdir(), 'lobby-profile-')), 'mail');
  t = await createTestApp({ mailDir, logger: { ...(loggerOptions('info') as object), stream: logStream } });
});
afterAll(async () => {
  await t.close();
  rmSync(join(mailDir, '..'), { recursive: true, force: true });
});

const management: Membership = { membershipType: 'MANAGEMENT', omnipresence: false, orgs: [], ous: [] };

/** A fresh user (with a telephone when given) signed in once. */
async function newUser(fields: { telephone?: string; phoneValidated?: boolean; image?: string } = {}) {
  userCount += 1;
  const email = `profile-${userCount}@example.com`;
  const uuid = await createUser(t.db, {
    email,
    password: PASSWORD,
    permissions: ['SETUP_OU'],
    memberships: [{ ...management, orgs: ['0d3c4b8e-5a7f-4c39-9f0e-1a2b3c4d5e6f'] }],
  });
  if (Object.keys(fields).length > 0) await t.db.update(users).set(fields).where(eq(users.uuid, uuid));
  const session = await login(t.app, email, PASSWORD);
  return { uuid, email, session, token: session.token };
}

async function row(uuid: string) {
  const [found] = await t.db.select().from(users).where(eq(users.uuid, uuid));
  if (!found) throw new Error('no user');
  return found;
}
const membershipRows = (uuid: string) => t.db.select().from(memberships).where(eq(memberships.userUuid, uuid));

const patch = (token: string | null, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url: PROFILE, headers: { ...MERGE_PATCH, ...(token === null ? {} : bearer(token)), ...headers }, payload: JSON.stringify(payload) });
const post = (path: string, token: string | null, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${PROFILE}${path}`, headers: { ...(token === null ? {} : bearer(token)), ...headers }, payload: payload as object });
const getProfile = (token: string) => t.app.inject({ method: 'GET', url: PROFILE, headers: bearer(token) });

describe('PATCH /user-profile/v1/user-profile', () => {
  it('removes the telephone (and its validation) and the profile image, bumping the version', async () => {
    const me = await newUser({ telephone: '+4915112345678', phoneValidated: true });
    const key = randomBytes(32).toString('base64url');
    await t.db.insert(images).values({ key, orgUuid: null, userUuid: me.uuid, contentType: 'image/png', fileName: 'me.png', size: PNG.length, bytes: PNG });
    await t.db.update(users).set({ image: `http://lobby.test/api/images/${key}` }).where(eq(users.uuid, me.uuid));
    const before = await row(me.uuid);

    const phoneGone = await patch(me.token, { telephone: null });
    expect(phoneGone.statusCode).toBe(200);
    expect(userProfileSchema.parse(phoneGone.json())).toMatchObject({ uuid: me.uuid, telephone: null, phoneValidated: false, image: `http://lobby.test/api/images/${key}` });
    expect(phoneGone.headers.etag).toBe(`"${before.version + 1}"`);

    // plain JSON is accepted as well
    const imageGone = await t.app.inject({ method: 'PATCH', url: PROFILE, headers: bearer(me.token), payload: { image: null } });
    expect(imageGone.statusCode).toBe(200);
    expect(imageGone.json()).toMatchObject({ telephone: null, image: null });
    const after = await row(me.uuid);
    expect(after).toMatchObject({ telephone: null, phoneValidated: false, image: null, version: before.version + 2 });
    expect(await t.db.select().from(images).where(eq(images.key, key))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${key}` })).statusCode).toBe(404);
  });

  it('refuses any change of the own permissions, memberships, active flag or status with 403, changing nothing', async () => {
    const me = await newUser({ telephone: '+4915100000001' });
    const before = await row(me.uuid);
    const grantsBefore = await membershipRows(me.uuid);
    const bodies = [
      { permissions: [...PERMISSIONS] },
      { memberships: [{ membershipType: 'MANAGEMENT', omnipresence: true, orgs: [], ous: [] }] },
      { active: true },
      { status: 'ACTIVE' },
      // a grant key spoils the whole body: the telephone stays too
      { telephone: null, permissions: ['SETUP_OU'] },
    ];
    for (const body of bodies) {
      const refused = await patch(me.token, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ errors: [{ code: 'forbidden', message: 'You cannot change your own permissions or memberships' }] });
    }
    expect(await row(me.uuid)).toEqual(before);
    expect(await membershipRows(me.uuid)).toEqual(grantsBefore);
    expect(userProfileSchema.parse((await getProfile(me.token)).json())).toMatchObject({ permissions: ['SETUP_OU'], telephone: '+4915100000001' });
  });

  it('sends the email to its own route and refuses other keys and values with 400, changing nothing', async () => {
    const me = await newUser({ telephone: '+4915100000002' });
    const before = await row(me.uuid);

    const email = await patch(me.token, { email: 'new@example.com' });
    expect(email.statusCode).toBe(400);
    expect(email.json().errors).toEqual([{ code: 'validation', field: 'email', message: expect.stringContaining('POST /user-profile/v1/user-profile/email') }]);

    const unknown = await patch(me.token, { nickname: 'Bob', telephone: null });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ code: 'validation', field: 'nickname', message: 'nickname cannot be changed here' }]);

    const telephone = await patch(me.token, { telephone: '+4915199999999' });
    expect(telephone.statusCode).toBe(400);
    expect(telephone.json().errors[0]).toMatchObject({ field: 'telephone', message: expect.stringContaining('/phone') });

    const notAnObject = await patch(me.token, ['telephone']);
    expect(notAnObject.statusCode).toBe(400);

    expect(await row(me.uuid)).toEqual(before);
  });

  it('answers 401 without a bearer', async () => {
    expect((await patch(null, { telephone: null })).statusCode).toBe(401);
  });

  it('honours If-Match on the user version', async () => {
    const me = await newUser({ telephone: '+4915100000003' });
    const { version } = await row(me.uuid);
    const stale = await patch(me.token, { telephone: null }, { 'if-match': `"${version - 1}"` });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ errors: [{ code: 'version_mismatch' }], current: { uuid: me.uuid, telephone: '+4915100000003', version } });
    expect((await row(me.uuid)).telephone).toBe('+4915100000003');

    const current = await patch(me.token, { telephone: null }, { 'if-match': `"${version}"` });
    expect(current.statusCode).toBe(200);
    expect((await row(me.uuid)).version).toBe(version + 1);
  });

  it('replays the stored answer of an Idempotency-Key without running the change again', async () => {
    const me = await newUser({ telephone: '+4915100000004', phoneValidated: true });
    const first = await patch(me.token, { telephone: null }, { 'idempotency-key': 'profile-patch-1' });
    expect(first.statusCode).toBe(200);
    const afterFirst = await row(me.uuid);

    // the number is set again meanwhile: a replay must not remove it a second time
    await t.db.update(users).set({ telephone: '+4915100000005' }).where(eq(users.uuid, me.uuid));
    const replay = await patch(me.token, { telephone: null }, { 'idempotency-key': 'profile-patch-1' });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await row(me.uuid)).toMatchObject({ telephone: '+4915100000005', version: afterFirst.version });

    const otherBody = await patch(me.token, { image: null }, { 'idempotency-key': 'profile-patch-1' });
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().errors[0].code).toBe('idempotency.key_reused');
  });
});

/** The email change link of the newest mail to `address`. */
async function emailToken(address: string): Promise<string> {
  const [mail] = await outboxFor(t.db, address);
  const token = /http:\/\/lobby\.test\/validate\/email\/(\S+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no email link in ${mail?.body}`);
  return token;
}
const validateEmail = (emailToken: string) => post('/validate/email', null, { emailToken });

describe('email change', () => {
  it('mails a link to the new address only; the link sets the email once', async () => {
    const me = await newUser();
    const before = await row(me.uuid);
    const response = await post('/email', me.token, { email: '  Renamed-1@Example.com ' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({});

    const [mail, ...others] = await outboxFor(t.db, 'renamed-1@example.com');
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ channel: 'mail', subject: 'Confirm your new Lobby email address' });
    expect(await outboxFor(t.db, me.email)).toEqual([]);
    // nothing changes until the link is used
    expect(await row(me.uuid)).toEqual(before);
    const token = await emailToken('renamed-1@example.com');
    await t.app.lobby.settle();
    const log = logLines.join('');
    expect(log).toContain('links=http://lobby.test/validate/email/[redacted]');
    expect(log).not.toContain(token);

    expect((await validateEmail(token)).statusCode).toBe(204);
    expect(await row(me.uuid)).toMatchObject({ email: 'renamed-1@example.com', emailValidated: true, version: before.version + 1 });
    expect((await getProfile(me.token)).json()).toMatchObject({ email: 'renamed-1@example.com', emailValidated: true });
    await login(t.app, 'renamed-1@example.com', PASSWORD);

    const again = await validateEmail(token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(codeInvalid);
  });

  it('refuses an invalid address and the current one, changing nothing and sending nothing', async () => {
    const me = await newUser();
    const before = await row(me.uuid);

    const invalid = await post('/email', me.token, { email: 'not-an-address' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ errors: [{ code: 'validation', field: 'email', message: EMAIL_MESSAGE }] });

    const same = await post('/email', me.token, { email: me.email.toUpperCase() });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ code: 'validation', field: 'email', message: 'This is already your email address' }]);

    expect(await row(me.uuid)).toEqual(before);
    expect(await t.db.select().from(activationCodes).where(eq(activationCodes.userUuid, me.uuid))).toEqual([]);
    expect(await outboxFor(t.db, me.email)).toEqual([]);
    expect((await post('/email', null, { email: 'x@example.com' })).statusCode).toBe(401);
  });

  it('answers an address another user has exactly like a free one: the owner is told, no link goes anywhere, nothing changes', async () => {
    const me = await newUser();
    const other = await newUser();
    const free = await post('/email', me.token, { email: 'never-used-1@example.com' }, { 'idempotency-key': 'free-1' });
    const taken = await post('/email', me.token, { email: other.email.toUpperCase() }, { 'idempotency-key': 'taken-1' });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.statusCode).toBe(202);
    expect(taken.json()).toEqual(free.json());
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(free.headers).sort());

    const [notice, ...more] = await outboxFor(t.db, other.email);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ subject: EMAIL_IN_USE_SUBJECT, body: emailInUseMailBody() });
    expect(notice?.body).not.toMatch(/https?:\/\//);
    // the link sent to the free address before stopped working, as any newer request makes it
    expect((await validateEmail(await emailToken('never-used-1@example.com'))).statusCode).toBe(422);
    expect((await row(me.uuid)).email).toBe(me.email);
    expect((await row(other.uuid)).email).toBe(other.email);
  });

  it(`counts every request, free or taken address, before anything else: after ${EMAIL_CHANGES_PER_HOUR} both answer 429`, async () => {
    const me = await newUser();
    const other = await newUser();
    for (let i = 0; i < EMAIL_CHANGES_PER_HOUR; i += 1) {
      const address = i % 2 === 0 ? other.email : `free-${userCount}-${i}@example.com`;
      expect((await post('/email', me.token, { email: address })).statusCode).toBe(202);
    }
    const taken = await post('/email', me.token, { email: other.email });
    const free = await post('/email', me.token, { email: `free-${userCount}-late@example.com` });
    expect([taken.statusCode, free.statusCode]).toEqual([429, 429]);
    expect(taken.json()).toEqual(free.json());
  });

  it('refuses an unknown or expired link, and an address another user took meanwhile', async () => {
    const me = await newUser();
    await post('/email', me.token, { email: 'late-1@example.com' });
    const late = await emailToken('late-1@example.com');
    expect((await validateEmail('no-such-token')).json()).toEqual(codeInvalid);

    t.clock.advance(24 * 3600_000 + 60_000);
    const expired = await validateEmail(late);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual(codeInvalid);
    expect((await row(me.uuid)).email).toBe(me.email);

    const fresh = (await login(t.app, me.email, PASSWORD)).token;
    expect((await post('/email', fresh, { email: 'contested@example.com' })).statusCode).toBe(202);
    const contested = await emailToken('contested@example.com');
    await createUser(t.db, { email: 'contested@example.com' });
    const conflict = await validateEmail(contested);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().errors[0]).toMatchObject({ code: 'conflict', field: 'email' });
    expect(await row(me.uuid)).toMatchObject({ email: me.email });
  });

  it('only the newest link works', async () => {
    const me = await newUser();
    await post('/email', me.token, { email: 'first-choice@example.com' });
    const first = await emailToken('first-choice@example.com');
    await post('/email', me.token, { email: 'second-choice@example.com' });
    const second = await emailToken('second-choice@example.com');
    expect((await validateEmail(first)).statusCode).toBe(422);
    expect((await validateEmail(second)).statusCode).toBe(204);
    expect((await row(me.uuid)).email).toBe('second-choice@example.com');
  });
});

/** The code and the link token of the newest SMS to `telephone`. */
async function sms(telephone: string): Promise<{ code: string; token: string; count: number }> {
  const messages = await outboxFor(t.db, telephone);
  const match = /^Your Lobby code is (\d{6})\. Or open http:\/\/lobby\.test\/validate\/phone\/(\S+)$/.exec(messages[0]?.body ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no code in ${messages[0]?.body}`);
  return { code: match[1], token: match[2], count: messages.length };
}
const validatePhone = (phoneToken: string, token: string | null) => post('/validate/phone', token, { phoneToken });

describe('phone change', () => {
  it('sets the number unvalidated and texts a 6-digit code that validates once, with the bearer', async () => {
    const me = await newUser({ telephone: '+4915100000010', phoneValidated: true });
    const before = await row(me.uuid);
    const changed = await post('/phone', me.token, { telephone: ' +49 (151) 123-456 78 ' });
    expect(changed.statusCode).toBe(200);
    expect(userProfileSchema.parse(changed.json())).toMatchObject({ telephone: '+4915112345678', phoneValidated: false });
    expect(await row(me.uuid)).toMatchObject({ telephone: '+4915112345678', phoneValidated: false, version: before.version + 1 });

    const { code, token, count } = await sms('+4915112345678');
    expect(count).toBe(1);
    const [message] = await outboxFor(t.db, '+4915112345678');
    expect(message?.channel).toBe('sms');
    const log = logLines.join('');
    expect(log).toContain('[sms] to=+4915112345678');
    expect(log).not.toContain(code);
    expect(log).not.toContain(token);

    const anonymous = await validatePhone(code, null);
    expect(anonymous.statusCode).toBe(401);
    expect((await row(me.uuid)).phoneValidated).toBe(false);

    const ok = await validatePhone(code, me.token);
    expect(ok.statusCode).toBe(204);
    expect(await row(me.uuid)).toMatchObject({ phoneValidated: true, version: before.version + 2 });
    expect((await validatePhone(code, me.token)).json()).toEqual(codeInvalid);
    // the link of the same SMS is spent with it
    expect((await validatePhone(token, null)).json()).toEqual(codeInvalid);
  });

  it('spends the code after 5 wrong tries, even for the right code', async () => {
    const me = await newUser();
    await post('/phone', me.token, { telephone: '+4915100000011' });
    const { code } = await sms('+4915100000011');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const answer = await validatePhone(wrong, me.token);
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual(codeInvalid);
    }
    expect((await validatePhone(code, me.token)).statusCode).toBe(422);
    const [stored] = await t.db.select().from(activationCodes).where(and(eq(activationCodes.userUuid, me.uuid), eq(activationCodes.purpose, 'phone-code')));
    expect(stored?.attempts).toBe(5);
    expect((await row(me.uuid)).phoneValidated).toBe(false);
  });

  it("checks a code against the caller's own codes only", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    await post('/phone', owner.token, { telephone: '+4915100000012' });
    await post('/phone', stranger.token, { telephone: '+4915100000013' });
    const { code } = await sms('+4915100000012');
    expect((await validatePhone(code, stranger.token)).statusCode).toBe(422);
    expect((await row(stranger.uuid)).phoneValidated).toBe(false);
    expect((await validatePhone(code, owner.token)).statusCode).toBe(204);
  });

  it('a later phone change makes the earlier code and link stop working', async () => {
    const me = await newUser();
    await post('/phone', me.token, { telephone: '+4915100000014' });
    const old = await sms('+4915100000014');
    await post('/phone', me.token, { telephone: '+4915100000015' });
    const fresh = await sms('+4915100000015');
    expect((await validatePhone(old.code, me.token)).statusCode).toBe(422);
    expect((await validatePhone(old.token, null)).statusCode).toBe(422);
    expect((await row(me.uuid)).phoneValidated).toBe(false);
    expect((await validatePhone(fresh.code, me.token)).statusCode).toBe(204);
  });

  it('validates with the link token without a bearer, for the number it was sent to only', async () => {
    const me = await newUser();
    await post('/phone', me.token, { telephone: '+4915100000016' });
    const { token, code } = await sms('+4915100000016');
    const before = await row(me.uuid);
    expect((await validatePhone(token, null)).statusCode).toBe(204);
    expect(await row(me.uuid)).toMatchObject({ phoneValidated: true, version: before.version + 1 });
    expect((await validatePhone(token, null)).json()).toEqual(codeInvalid);
    expect((await validatePhone(code, me.token)).json()).toEqual(codeInvalid);

    // a number changed since (here by someone else, directly) makes an unused link useless
    const other = await newUser();
    await post('/phone', other.token, { telephone: '+4915100000017' });
    const sent = await sms('+4915100000017');
    await t.db.update(users).set({ telephone: '+4915100000018' }).where(eq(users.uuid, other.uuid));
    expect((await validatePhone(sent.token, null)).json()).toEqual(codeInvalid);
    expect((await validatePhone(sent.code, other.token)).json()).toEqual(codeInvalid);
    expect((await row(other.uuid)).phoneValidated).toBe(false);
  });

  it('removing the telephone with PATCH retires its codes', async () => {
    const me = await newUser();
    await post('/phone', me.token, { telephone: '+4915100000019' });
    const { token, code } = await sms('+4915100000019');
    expect((await patch(me.token, { telephone: null })).statusCode).toBe(200);
    expect((await validatePhone(code, me.token)).statusCode).toBe(422);
    expect((await validatePhone(token, null)).statusCode).toBe(422);
    expect(await row(me.uuid)).toMatchObject({ telephone: null, phoneValidated: false });
  });

  it('refuses an invalid number with 400 and more than 5 changes an hour with 429, changing nothing', async () => {
    const me = await newUser({ telephone: '+4915100000020' });
    const before = await row(me.uuid);
    const invalid = await post('/phone', me.token, { telephone: 'call me' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ errors: [{ code: 'validation', field: 'telephone', message: TELEPHONE_MESSAGE }] });
    expect(await row(me.uuid)).toEqual(before);
    expect((await post('/phone', null, { telephone: '+4915100000021' })).statusCode).toBe(401);

    for (let i = 0; i < 5; i += 1) expect((await post('/phone', me.token, { telephone: `+49151000001${i}0` })).statusCode).toBe(200);
    const afterFive = await row(me.uuid);
    const throttled = await post('/phone', me.token, { telephone: '+4915100000099' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().errors[0].code).toBe('auth.throttled');
    expect(throttled.headers['retry-after']).toBeDefined();
    expect(await row(me.uuid)).toEqual(afterFive);
    expect(await outboxFor(t.db, '+4915100000099')).toEqual([]);
  });
});

/** A multipart/form-data body with one part in the field `file`. */
function multipart(data: Buffer | string, filename: string, contentType: string) {
  const boundary = `----lobby${randomBytes(8).toString('hex')}`;
  const head = [`--${boundary}`, `Content-Disposition: form-data; name="file"; filename="${filename}"`, `Content-Type: ${contentType}`, '', ''].join('\r\n');
  const payload = Buffer.concat([Buffer.from(head), Buffer.isBuffer(data) ? data : Buffer.from(data), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const uploadImage = (token: string | null, data: Buffer | string, filename = 'me.png', contentType = 'image/png') => {
  const { payload, headers } = multipart(data, filename, contentType);
  return t.app.inject({ method: 'POST', url: `${PROFILE}/image`, headers: { ...headers, ...(token === null ? {} : bearer(token)) }, payload });
};
const imageRows = (uuid: string) => t.db.select().from(images).where(eq(images.userUuid, uuid));

describe('profile image', () => {
  it('stores a real image as the profile image, replacing the previous one', async () => {
    const me = await newUser();
    const before = await row(me.uuid);
    const first = await uploadImage(me.token, PNG);
    expect(first.statusCode).toBe(200);
    const url = userProfileSchema.parse(first.json()).image ?? '';
    const key = /^http:\/\/lobby\.test\/api\/images\/([A-Za-z0-9_-]{43})$/.exec(url)?.[1];
    expect(key).toBeDefined();
    expect(await row(me.uuid)).toMatchObject({ image: url, version: before.version + 1 });
    expect(await imageRows(me.uuid)).toEqual([expect.objectContaining({ key, orgUuid: null, contentType: 'image/png', fileName: 'me.png', uploadedBy: me.uuid })]);
    const served = await t.app.inject({ method: 'GET', url: `/api/images/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const second = await uploadImage(me.token, PNG, 'again.png');
    const secondUrl = second.json().image as string;
    expect(secondUrl).not.toBe(url);
    expect(await imageRows(me.uuid)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${key}` })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, whatever its name says, changing nothing', async () => {
    const me = await newUser();
    await uploadImage(me.token, PNG);
    const before = await row(me.uuid);
    const rowsBefore = await imageRows(me.uuid);

    const text = await uploadImage(me.token, 'just some text, not an image', 'x.png', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ errors: [{ code: 'validation', field: 'file', message: IMAGE_FAILED }] });
    const lying = await uploadImage(me.token, PNG, 'x.gif', 'image/gif');
    expect(lying.statusCode).toBe(400);
    expect(lying.json().errors[0].message).toBe(IMAGE_FAILED);
    const notMultipart = await t.app.inject({ method: 'POST', url: `${PROFILE}/image`, headers: bearer(me.token), payload: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().errors[0].message).toBe(IMAGE_FAILED);

    expect(await row(me.uuid)).toEqual(before);
    expect(await imageRows(me.uuid)).toEqual(rowsBefore);
    expect((await uploadImage(null, PNG)).statusCode).toBe(401);
  });
});

const changePassword = (token: string, currentPassword: string, password: string) => post('/password', token, { currentPassword, password });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/authentication/v1/users/tokens', payload: { email, password }, remoteAddress: '10.3.0.1' });
const refresh = (session: Session) =>
  t.app.inject({ method: 'POST', url: '/api/authentication/v1/users/tokens/refresh', payload: { token: session.token, refreshToken: session.refreshToken } });

describe('password change', () => {
  it('refuses a wrong current password and a weak new one, changing nothing', async () => {
    const me = await newUser();
    const before = await row(me.uuid);
    const wrong = await changePassword(me.token, 'Not-The-Password1', 'Brand-New-Password1');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: [{ code: 'auth.invalid_credentials', field: 'currentPassword', message: 'The current password is not correct' }] });

    const weak = await changePassword(me.token, PASSWORD, 'weak');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([
      { code: 'validation', field: 'password', message: PASSWORD_MESSAGES.tooShort },
      { code: 'validation', field: 'password', message: PASSWORD_MESSAGES.noUppercase },
    ]);
    expect(await row(me.uuid)).toEqual(before);
    expect((await signIn(me.email, PASSWORD)).statusCode).toBe(200);
  });

  it('sets the new password and signs out every other session, keeping the caller signed in', async () => {
    const me = await newUser();
    const otherDevice = await login(t.app, me.email, PASSWORD);
    const before = await row(me.uuid);

    const changed = await changePassword(me.token, PASSWORD, 'Brand-New-Password1');
    expect(changed.statusCode).toBe(204);
    expect((await row(me.uuid)).version).toBe(before.version + 1);

    expect((await getProfile(otherDevice.token)).statusCode).toBe(401);
    expect((await refresh(otherDevice)).statusCode).toBe(401);
    expect((await getProfile(me.token)).statusCode).toBe(200);
    expect((await refresh(me.session)).statusCode).toBe(200);
    expect((await signIn(me.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(me.email, 'Brand-New-Password1')).statusCode).toBe(200);
  });

  it('after 5 wrong current passwords answers 429, even for the right one', async () => {
    const me = await newUser();
    for (let i = 0; i < 5; i += 1) expect((await changePassword(me.token, `Wrong-Password${i}`, 'Brand-New-Password1')).statusCode).toBe(422);
    const before = await row(me.uuid);
    const throttled = await changePassword(me.token, PASSWORD, 'Brand-New-Password1');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().errors[0].code).toBe('auth.throttled');
    expect(await row(me.uuid)).toEqual(before);

    t.clock.advance(15 * 60_000 + 1000);
    const fresh = (await login(t.app, me.email, PASSWORD)).token;
    expect((await changePassword(fresh, PASSWORD, 'Brand-New-Password1')).statusCode).toBe(204);
  });
});

describe('deactivated users', () => {
  it('cannot change anything: their token no longer authenticates', async () => {
    const me = await newUser({ telephone: '+4915100000030' });
    await t.db.update(users).set({ active: false }).where(eq(users.uuid, me.uuid));
    const before = await row(me.uuid);
    expect((await patch(me.token, { telephone: null })).statusCode).toBe(401);
    expect((await post('/phone', me.token, { telephone: '+4915100000031' })).statusCode).toBe(401);
    expect((await post('/email', me.token, { email: 'gone-away@example.com' })).statusCode).toBe(401);
    expect((await changePassword(me.token, PASSWORD, 'Brand-New-Password1')).statusCode).toBe(401);
    expect((await uploadImage(me.token, PNG)).statusCode).toBe(401);
    expect(await row(me.uuid)).toEqual(before);
  });
});

describe('OpenAPI', () => {
  it('documents every profile write with its body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> }; responses: Record<string, unknown> }>> }>();
    const path = '/api/user-profile/v1/user-profile';
    expect(Object.keys(doc.paths[path]?.patch?.requestBody?.content ?? {})).toEqual(expect.arrayContaining(['application/merge-patch+json']));
    expect(Object.keys(doc.paths[path]?.patch?.responses ?? {})).toEqual(expect.arrayContaining(['200', '403', '412']));
    for (const write of ['email', 'validate/email', 'phone', 'validate/phone', 'password']) {
      expect(doc.paths[`${path}/${write}`]?.post?.requestBody, write).toBeDefined();
    }
    expect(doc.paths[`${path}/image`]?.post?.responses).toBeDefined();
  });
});
