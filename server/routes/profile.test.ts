import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserProfile } from '../../src/domain/index';
import { PERMISSIONS, userListResponseSchema, userProfileSchema } from '../../src/domain/index';
import { organizationalUnits, organizations } from '../db/schema';
import type { NewUser, TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login, MANAGER_EMAIL, MANAGER_PASSWORD } from '../test-helpers';

const PROFILE = '/api/user-profile/v1/user-profile';
let t: TestApp;
const unit = new Map<string, string>();
let orgUuid = '';
let adminToken = '';
let managerToken = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.db.select().from(organizationalUnits)) unit.set(row.name, row.uuid);
  orgUuid = (await t.db.select().from(organizations))[0]?.uuid ?? '';
  adminToken = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  managerToken = (await login(t.app, MANAGER_EMAIL, MANAGER_PASSWORD)).token;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const ou = (name: string) => unit.get(name) ?? '';
const management = (ous: string[], orgs: string[] = []) => ({ membershipType: 'MANAGEMENT' as const, omnipresence: false, orgs, ous });

async function userWithToken(email: string, user: Omit<NewUser, 'email' | 'password'>) {
  const uuid = await createUser(t.db, { email, password: 'Some-Password1', ...user });
  const session = await login(t.app, email, 'Some-Password1');
  return { uuid, token: session.token };
}

describe('GET /user-profile/v1/user-profile', () => {
  it('answers the caller in the shared profile shape', async () => {
    const response = await get(`${PROFILE}?includeOuDescendants=true&includeOrgDescendants=true`, adminToken);
    expect(response.statusCode).toBe(200);
    const profile = userProfileSchema.parse(response.json());
    expect(profile).toMatchObject({ email: ADMIN_EMAIL, telephone: null, emailValidated: true, phoneValidated: false, image: null });
    expect([...profile.permissions].sort()).toEqual([...PERMISSIONS].sort());
    expect(profile.memberships).toEqual(
      expect.arrayContaining([
        { membershipType: 'MANAGEMENT', omnipresence: true, orgs: [], ous: [] },
        { membershipType: 'BUSINESS_DATA', omnipresence: true, orgs: [], ous: [] },
      ]),
    );
  });

  it('answers the demo manager with one hotel', async () => {
    const profile = userProfileSchema.parse((await get(PROFILE, managerToken)).json());
    expect(profile.permissions).toEqual(['SETUP_OU', 'SETUP_ORG']);
    expect(profile.memberships).toEqual([management([ou('Harbour View Hotel')])]);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: PROFILE });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('auth.unauthenticated');
  });
});

describe('GET /user-profile/v1/user-profile/users', () => {
  it('lets omnipresent management see everyone, refuses a user without MANAGE_USER', async () => {
    const all = userListResponseSchema.parse((await get(`${PROFILE}/users`, adminToken)).json());
    expect(all.data.map((u) => u.email)).toEqual(expect.arrayContaining([ADMIN_EMAIL, MANAGER_EMAIL]));

    const denied = await get(`${PROFILE}/users`, managerToken);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].code).toBe('forbidden');
  });

  it('lets MANAGE_USER see users within what the caller manages, plus self', async () => {
    const hotelAdmin = await userWithToken('hotel-admin@example.com', { permissions: ['MANAGE_USER'], memberships: [management([ou('Harbour View Hotel')])] });
    await createUser(t.db, { email: 'bar-staff@example.com', memberships: [management([ou('Rooftop Bar')])] });
    await createUser(t.db, { email: 'resort-staff@example.com', memberships: [management([ou('Sunset Bay Resort')])] });
    await createUser(t.db, { email: 'org-wide@example.com', memberships: [management([], [orgUuid])] });
    await createUser(t.db, { email: 'loner@example.com' });

    const seen = userListResponseSchema.parse((await get(`${PROFILE}/users`, hotelAdmin.token)).json()).data.map((u: UserProfile) => u.email);
    expect(seen.sort()).toEqual(['bar-staff@example.com', 'hotel-admin@example.com', MANAGER_EMAIL].sort());

    const orgAdmin = await userWithToken('org-admin@example.com', { permissions: ['MANAGE_USER'], memberships: [management([], [orgUuid])] });
    const seenByOrg = userListResponseSchema.parse((await get(`${PROFILE}/users`, orgAdmin.token)).json()).data.map((u) => u.email);
    expect(seenByOrg).toEqual(expect.arrayContaining(['bar-staff@example.com', 'resort-staff@example.com', 'org-wide@example.com', MANAGER_EMAIL, 'org-admin@example.com']));
    expect(seenByOrg).not.toContain(ADMIN_EMAIL);
    expect(seenByOrg).not.toContain('loner@example.com');
  });
});

describe('GET /user-profile/v1/user-profile/{uuid}', () => {
  it('answers self, a visible user, 403 for others and 404 for unknown', async () => {
    const me = await userWithToken('plain@example.com', {});
    expect((await get(`${PROFILE}/${me.uuid}`, me.token)).json().email).toBe('plain@example.com');

    const managerUuid = (await get(PROFILE, managerToken)).json<UserProfile>().uuid;
    expect((await get(`${PROFILE}/${managerUuid}`, me.token)).statusCode).toBe(403);
    expect((await get(`${PROFILE}/${managerUuid}`, adminToken)).json().email).toBe(MANAGER_EMAIL);

    const unknown = await get(`${PROFILE}/${randomUUID()}`, adminToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: [{ code: 'user.not_found', message: 'User not found' }] });

    const hotelAdmin = await userWithToken('hotel-admin-2@example.com', { permissions: ['MANAGE_USER'], memberships: [management([ou('Harbour View Hotel')])] });
    const resortUuid = await createUser(t.db, { email: 'resort-2@example.com', memberships: [management([ou('Beach Club')])] });
    expect((await get(`${PROFILE}/${managerUuid}`, hotelAdmin.token)).statusCode).toBe(200);
    expect((await get(`${PROFILE}/${resortUuid}`, hotelAdmin.token)).statusCode).toBe(403);
  });
});
