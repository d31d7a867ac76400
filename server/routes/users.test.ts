import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Membership, Permission } from '../../src/domain/index';
import { grantableSchema, managedUserListSchema, managedUserSchema } from '../../src/domain/index';
import { historyEntries, memberships, organizationalUnits, organizations, users } from '../db/schema';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login, outboxFor } from '../test-helpers';
import { INVITATION_TTL_MS } from './users';

const USERS = '/api/user-profile/v1/user-profile/users';
let t: TestApp;
let adminToken = '';
let orgUuid = '';
let otherOrgUuid = '';
const unit = new Map<string, string>();
const ou = (name: string) => unit.get(name) ?? '';
const mgmt = (ous: string[], orgs: string[] = []): Membership => ({ membershipType: 'MANAGEMENT', omnipresence: false, orgs, ous });
const business = (ous: string[], orgs: string[] = []): Membership => ({ membershipType: 'BUSINESS_DATA', omnipresence: false, orgs, ous });

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.db.select().from(organizationalUnits)) unit.set(row.name, row.uuid);
  orgUuid = (await t.db.select().from(organizations))[0]?.uuid ?? '';
  const [other] = await t.db.insert(organizations).values({ name: 'Other Group', legalCompanyName: 'Other Group' }).returning();
  otherOrgUuid = other?.uuid ?? '';
  const [otherHotel] = await t.db.insert(organizationalUnits).values({ orgUuid: otherOrgUuid, type: 'HOTEL', name: 'Other Hotel' }).returning();
  unit.set('Other Hotel', otherHotel?.uuid ?? '');
  adminToken = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const uniqueEmail = (name: string) => `${name}-${(counter += 1)}@example.com`;

async function userWithToken(name: string, permissions: Permission[], list: Membership[]) {
  const email = uniqueEmail(name);
  const uuid = await createUser(t.db, { email, password: 'Some-Password1', permissions, memberships: list });
  return { uuid, email, token: (await login(t.app, email, 'Some-Password1')).token };
}

const create = (token: string, body: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: USERS, headers: { ...bearer(token), ...headers }, payload: body });
const update = (token: string, uuid: string, body: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: `${USERS}/${uuid}`, headers: { ...bearer(token), ...headers }, payload: body });

async function stored(uuid: string) {
  const [row] = await t.db.select().from(users).where(eq(users.uuid, uuid));
  const rows = await t.db.select().from(memberships).where(eq(memberships.userUuid, uuid));
  return {
    row,
    permissions: row?.permissions ?? [],
    memberships: rows.map((m) => ({ membershipType: m.membershipType, omnipresence: m.omnipresence, orgs: m.orgs, ous: m.ous })).sort((a, b) => a.membershipType.localeCompare(b.membershipType)),
  };
}

const activationLink = (body: string) => /\/users\/([0-9a-f-]{36})\/activate\/([A-Za-z0-9_-]+)/.exec(body);

describe('creating a user', () => {
  it('creates an invited user with the grants given, and mails an activation link that works once', async () => {
    const email = uniqueEmail('ana');
    const response = await create(adminToken, {
      email: email.toUpperCase(),
      permissions: ['VIEW_TRANSACTIONS', 'SETUP_OU'],
      memberships: [mgmt([ou('Rooftop Bar')]), business([ou('Harbour View Hotel')])],
    });
    expect(response.statusCode).toBe(201);
    const created = managedUserSchema.parse(response.json());
    expect(created).toMatchObject({ email, status: 'INVITED', version: 1, permissions: ['SETUP_OU', 'VIEW_TRANSACTIONS'] });
    expect((await stored(created.uuid)).memberships).toEqual([business([ou('Harbour View Hotel')]), mgmt([ou('Rooftop Bar')])]);

    const [mail] = await outboxFor(t.db, email);
    expect(mail?.subject).toBe('You are invited to Lobby');
    const link = activationLink(mail?.body ?? '');
    expect(link?.[1]).toBe(created.uuid);
    // an invited user cannot sign in yet
    const early = await t.app.inject({ method: 'POST', url: '/api/authentication/v1/users/tokens', payload: { email, password: 'Chosen-Password1' } });
    expect(early.statusCode).toBe(401);

    const activate = (password: string) =>
      t.app.inject({ method: 'POST', url: `/api/authentication/v1/users/${link?.[1]}/activate/${link?.[2]}`, payload: { password } });
    expect((await activate('Chosen-Password1')).statusCode).toBe(204);
    expect((await activate('Another-Password1')).statusCode).toBe(422);
    const session = await login(t.app, email, 'Chosen-Password1');
    const listed = managedUserListSchema.parse((await t.app.inject({ method: 'GET', url: USERS, headers: bearer(adminToken) })).json());
    expect(listed.data.find((u) => u.uuid === session.uuid)?.status).toBe('ACTIVE');
  });

  it('refuses an activation link once it expired', async () => {
    const email = uniqueEmail('late');
    const created = managedUserSchema.parse((await create(adminToken, { email, permissions: [], memberships: [] })).json());
    const link = activationLink((await outboxFor(t.db, email))[0]?.body ?? '');
    t.clock.advance(INVITATION_TTL_MS + 60_000);
    try {
      const response = await t.app.inject({ method: 'POST', url: `/api/authentication/v1/users/${created.uuid}/activate/${link?.[2]}`, payload: { password: 'Chosen-Password1' } });
      expect(response.statusCode).toBe(422);
      expect((await stored(created.uuid)).row?.active).toBe(false);
    } finally {
      t.clock.advance(-(INVITATION_TTL_MS + 60_000));
    }
  });

  it('keeps a client uuid, answers 409 for an email in use, and replays an Idempotency-Key', async () => {
    const uuid = randomUUID();
    const email = uniqueEmail('keyed');
    const body = { uuid, email, permissions: [], memberships: [] };
    const first = await create(adminToken, body, { 'idempotency-key': 'create-keyed' });
    const replay = await create(adminToken, body, { 'idempotency-key': 'create-keyed' });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(managedUserSchema.parse(first.json()).uuid).toBe(uuid);
    expect(await outboxFor(t.db, email)).toHaveLength(1);
    const again = await create(adminToken, { email: email.toUpperCase(), permissions: [], memberships: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ field: 'email', message: 'A user with this email address already exists' });
  });

  it('refuses bad input with a clear message and creates nothing', async () => {
    const before = (await t.db.select().from(users)).length;
    for (const body of [
      { email: 'not an address', permissions: [], memberships: [] },
      { email: uniqueEmail('x'), permissions: ['ROOT'], memberships: [] },
      { email: uniqueEmail('x'), telephone: 'call me', permissions: [], memberships: [] },
    ]) {
      expect((await create(adminToken, body)).statusCode).toBe(400);
    }
    const unknown = await create(adminToken, { email: uniqueEmail('x'), permissions: [], memberships: [mgmt([randomUUID()])] });
    expect(unknown.statusCode).toBe(422);
    expect((await t.db.select().from(users)).length).toBe(before);
  });
});

describe('every escalation is refused and changes nothing', () => {
  it('a hotel manager cannot give a permission it lacks, a unit it lacks, or omnipresence', async () => {
    const manager = await userWithToken('hotel-manager', ['MANAGE_USER', 'SETUP_OU'], [mgmt([ou('Harbour View Hotel')])]);
    const before = (await t.db.select().from(users)).length;
    const attempts = [
      { permissions: ['SETUP_ORG'], memberships: [mgmt([ou('Harbour View Hotel')])] },
      { permissions: ['SETUP_OU'], memberships: [mgmt([ou('Sunset Bay Resort')])] },
      { permissions: ['SETUP_OU'], memberships: [mgmt([], [orgUuid])] },
      { permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: true, orgs: [], ous: [] }] },
      { permissions: ['MANAGE_USER'], memberships: [mgmt([ou('Harbour View Hotel')])] },
      { permissions: ['VIEW_TRANSACTIONS'], memberships: [business([ou('Harbour View Hotel')])] },
      { permissions: ['CREATE_ORG'], memberships: [] },
      { permissions: [], memberships: [mgmt([ou('Other Hotel')])] },
    ];
    for (const attempt of attempts) {
      const response = await create(manager.token, { email: uniqueEmail('escalated'), ...attempt });
      expect(response.statusCode, JSON.stringify(attempt)).toBe(403);
      expect(response.json().errors[0].code).toBe('forbidden');
    }
    expect((await t.db.select().from(users)).length).toBe(before);
    // what it holds, it gives
    const allowed = await create(manager.token, { email: uniqueEmail('allowed'), permissions: ['SETUP_OU'], memberships: [mgmt([ou('Rooftop Bar')])] });
    expect(allowed.statusCode).toBe(201);
  });

  it('names what is refused, by name only where the caller may see it', async () => {
    // sees Sunset Bay Resort (a business-data member there) without managing it
    const manager = await userWithToken('namer', ['MANAGE_USER', 'SETUP_OU'], [mgmt([ou('Harbour View Hotel')]), business([ou('Sunset Bay Resort')])]);
    const response = await create(manager.token, { email: uniqueEmail('named'), permissions: ['SETUP_OU'], memberships: [mgmt([ou('Sunset Bay Resort')])] });
    expect(response.statusCode).toBe(403);
    const messages = response.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toContain('You cannot give or take SETUP_OU on Sunset Bay Resort: you do not hold it there');

    // another organization and its units, and a unit of its own organization it cannot see: named by the uuid sent
    const blind = await userWithToken('blind', ['MANAGE_USER', 'SETUP_OU'], [mgmt([ou('Harbour View Hotel')])]);
    const refused = await create(blind.token, { email: uniqueEmail('named'), permissions: [], memberships: [mgmt([ou('Other Hotel'), ou('Sunset Bay Resort')], [otherOrgUuid])] });
    expect(refused.statusCode).toBe(403);
    const text = JSON.stringify(refused.json());
    expect(text).not.toContain('Other Hotel');
    expect(text).not.toContain('Other Group');
    expect(text).not.toContain('Sunset Bay Resort');
    expect(refused.json().errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([
        `You cannot give or take MANAGEMENT membership on ${otherOrgUuid}: you do not hold it there`,
        `You cannot give or take MANAGEMENT membership on ${ou('Other Hotel')}: you do not hold it there`,
        `You cannot give or take MANAGEMENT membership on ${ou('Sunset Bay Resort')}: you do not hold it there`,
      ]),
    );
  });

  it('a user without MANAGE_USER cannot list, read or create users', async () => {
    const plain = await userWithToken('plain', ['SETUP_OU'], [mgmt([ou('Harbour View Hotel')])]);
    expect((await t.app.inject({ method: 'GET', url: USERS, headers: bearer(plain.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${USERS}/grantable`, headers: bearer(plain.token) })).statusCode).toBe(403);
    expect((await create(plain.token, { email: uniqueEmail('x'), permissions: [], memberships: [] })).statusCode).toBe(403);
  });

  it("nobody changes their own grants, through user management or the profile", async () => {
    const manager = await userWithToken('self', ['MANAGE_USER', 'SETUP_OU'], [mgmt([ou('Harbour View Hotel')])]);
    const response = await update(manager.token, manager.uuid, { permissions: ['MANAGE_USER', 'SETUP_OU', 'SETUP_ORG'], memberships: [mgmt([], [orgUuid])], active: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].message).toBe('You cannot change your own permissions or memberships');
    const admin = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const adminSelf = await update(adminToken, admin[0]?.uuid ?? '', { permissions: [], memberships: [], active: true });
    expect(adminSelf.statusCode).toBe(403);
    expect(await stored(manager.uuid)).toMatchObject({ permissions: ['MANAGE_USER', 'SETUP_OU'], memberships: [mgmt([ou('Harbour View Hotel')])] });
  });

  it('cannot edit or read a user of another organization', async () => {
    const manager = await userWithToken('org-manager', ['MANAGE_USER', 'SETUP_OU', 'SETUP_ORG'], [mgmt([], [orgUuid])]);
    const stranger = await userWithToken('stranger', ['SETUP_OU'], [mgmt([ou('Other Hotel')])]);
    const read = await t.app.inject({ method: 'GET', url: `${USERS}/${stranger.uuid}`, headers: bearer(manager.token) });
    expect(read.statusCode).toBe(403);
    const profileRead = await t.app.inject({ method: 'GET', url: `/api/user-profile/v1/user-profile/${stranger.uuid}`, headers: bearer(manager.token) });
    expect(profileRead.statusCode).toBe(403);
    const listed = managedUserListSchema.parse((await t.app.inject({ method: 'GET', url: USERS, headers: bearer(manager.token) })).json());
    expect(listed.data.map((u) => u.email)).not.toContain(stranger.email);
    const edit = await update(manager.token, stranger.uuid, { permissions: ['SETUP_OU'], memberships: [mgmt([ou('Other Hotel'), ou('Rooftop Bar')])], active: true });
    expect(edit.statusCode).toBe(403);
    const deactivate = await update(manager.token, stranger.uuid, { permissions: ['SETUP_OU'], memberships: [mgmt([ou('Other Hotel')])], active: false });
    expect(deactivate.statusCode).toBe(403);
    expect(await stored(stranger.uuid)).toMatchObject({ permissions: ['SETUP_OU'], memberships: [mgmt([ou('Other Hotel')])] });
    expect((await stored(stranger.uuid)).row?.active).toBe(true);
  });

  it('cannot take away what a user holds outside the grantor, nor deactivate them', async () => {
    const manager = await userWithToken('partial', ['MANAGE_USER', 'SETUP_OU'], [mgmt([ou('Harbour View Hotel')])]);
    const shared = await userWithToken('shared', ['SETUP_OU'], [mgmt([ou('Rooftop Bar'), ou('Sunset Bay Resort')])]);
    const narrowed = await update(manager.token, shared.uuid, { permissions: ['SETUP_OU'], memberships: [mgmt([ou('Rooftop Bar')])], active: true });
    expect(narrowed.statusCode).toBe(403);
    const off = await update(manager.token, shared.uuid, { permissions: ['SETUP_OU'], memberships: [mgmt([ou('Rooftop Bar'), ou('Sunset Bay Resort')])], active: false });
    expect(off.statusCode).toBe(403);
    expect(off.json().errors[0].message).toMatch(/outside what you manage/);
    // within its reach it may change things, keeping what is outside
    const widened = await update(manager.token, shared.uuid, {
      permissions: ['SETUP_OU'],
      memberships: [mgmt([ou('Rooftop Bar'), ou('Sunset Bay Resort'), ou('Harbour Restaurant')])],
      active: true,
    });
    expect(widened.statusCode).toBe(200);
  });
});

describe('changing grants, deactivating and reactivating', () => {
  it('applies a change of grants from the next request, with If-Match and a 412 on a stale version', async () => {
    const target = await userWithToken('target', ['SETUP_OU'], [mgmt([ou('Rooftop Bar')])]);
    const units = (token: string) => t.app.inject({ method: 'GET', url: `/api/organization/${orgUuid}`, headers: bearer(token) });
    expect((await units(target.token)).statusCode).toBe(200);
    const changed = await update(adminToken, target.uuid, { permissions: ['SETUP_OU'], memberships: [], active: true }, { 'if-match': '"1"' });
    expect(changed.statusCode).toBe(200);
    expect(managedUserSchema.parse(changed.json())).toMatchObject({ version: 2, memberships: [] });
    expect((await units(target.token)).statusCode).toBe(403);
    const stale = await update(adminToken, target.uuid, { permissions: [], memberships: [], active: true }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ uuid: target.uuid, version: 2 });
    expect((await stored(target.uuid)).permissions).toEqual(['SETUP_OU']);
  });

  it("deactivating stops the user's tokens at once; reactivating lets them sign in again", async () => {
    const target = await userWithToken('leaver', ['SETUP_OU'], [mgmt([ou('Rooftop Bar')])]);
    const session = await login(t.app, target.email, 'Some-Password1');
    const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/user-profile/v1/user-profile', headers: bearer(token) });
    expect((await profile(target.token)).statusCode).toBe(200);
    const off = await update(adminToken, target.uuid, { permissions: ['SETUP_OU'], memberships: [mgmt([ou('Rooftop Bar')])], active: false });
    expect(managedUserSchema.parse(off.json()).status).toBe('DEACTIVATED');
    expect((await profile(target.token)).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/authentication/v1/users/tokens/refresh', payload: { token: session.token, refreshToken: session.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/authentication/v1/users/tokens', payload: { email: target.email, password: 'Some-Password1' } });
    expect(again.statusCode).not.toBe(200);

    const on = await update(adminToken, target.uuid, { permissions: ['SETUP_OU'], memberships: [mgmt([ou('Rooftop Bar')])], active: true });
    expect(managedUserSchema.parse(on.json()).status).toBe('ACTIVE');
    expect((await login(t.app, target.email, 'Some-Password1')).uuid).toBe(target.uuid);
    // the sessions deactivation ended stay ended
    expect((await profile(target.token)).statusCode).toBe(401);
    expect((await profile(session.token)).statusCode).toBe(401);
  });

  it('a manager who may not deactivate a user may not reactivate them either: their rights elsewhere stay off', async () => {
    const manager = await userWithToken('hotel-reactivator', ['MANAGE_USER', 'SETUP_OU'], [mgmt([ou('Harbour View Hotel')])]);
    const grants = { permissions: ['SETUP_ORG', 'SETUP_OU'], memberships: [mgmt([ou('Harbour View Hotel')], [orgUuid])] };
    const target = await userWithToken('org-wide', ['SETUP_ORG', 'SETUP_OU'], grants.memberships);
    expect((await update(adminToken, target.uuid, { ...grants, active: false })).statusCode).toBe(200);

    const on = await update(manager.token, target.uuid, { ...grants, active: true });
    expect(on.statusCode).toBe(403);
    expect(on.json().errors[0].message).toBe('This user also has access outside what you manage: only a user manager over all of it can reactivate them');
    expect(managedUserSchema.parse((await t.app.inject({ method: 'GET', url: `${USERS}/${target.uuid}`, headers: bearer(adminToken) })).json()).status).toBe('DEACTIVATED');
    const signIn = await t.app.inject({ method: 'POST', url: '/api/authentication/v1/users/tokens', payload: { email: target.email, password: 'Some-Password1' } });
    expect(signIn.statusCode).toBe(401);

    // a user wholly within the manager's reach is turned back on by that manager
    const local = await userWithToken('hotel-only', ['SETUP_OU'], [mgmt([ou('Rooftop Bar')])]);
    expect((await update(manager.token, local.uuid, { permissions: ['SETUP_OU'], memberships: [mgmt([ou('Rooftop Bar')])], active: false })).statusCode).toBe(200);
    const back = await update(manager.token, local.uuid, { permissions: ['SETUP_OU'], memberships: [mgmt([ou('Rooftop Bar')])], active: true });
    expect(managedUserSchema.parse(back.json()).status).toBe('ACTIVE');
  });

  it('a deactivated invited user cannot use the invitation; reactivation sends a new one', async () => {
    const email = uniqueEmail('invitee');
    const created = managedUserSchema.parse((await create(adminToken, { email, permissions: [], memberships: [mgmt([ou('Rooftop Bar')])] })).json());
    const first = activationLink((await outboxFor(t.db, email))[0]?.body ?? '');
    await update(adminToken, created.uuid, { permissions: [], memberships: [mgmt([ou('Rooftop Bar')])], active: false });
    const used = await t.app.inject({ method: 'POST', url: `/api/authentication/v1/users/${created.uuid}/activate/${first?.[2]}`, payload: { password: 'Chosen-Password1' } });
    expect(used.statusCode).toBe(422);
    const on = await update(adminToken, created.uuid, { permissions: [], memberships: [mgmt([ou('Rooftop Bar')])], active: true });
    expect(managedUserSchema.parse(on.json()).status).toBe('INVITED');
    const mails = await outboxFor(t.db, email);
    expect(mails).toHaveLength(2);
    const second = activationLink(mails[0]?.body ?? '');
    const activated = await t.app.inject({ method: 'POST', url: `/api/authentication/v1/users/${created.uuid}/activate/${second?.[2]}`, payload: { password: 'Chosen-Password1' } });
    expect(activated.statusCode).toBe(204);
  });
});

describe('a user of two organizations, managed from one', () => {
  // the routes read the organizations a decision needs (the caller's, the grants'), not every tenant's
  it("keeps the other organization's grant, records the change in both organizations, and reads both organizations' units", async () => {
    const manager = await userWithToken('one-org', ['MANAGE_USER', 'SETUP_OU'], [mgmt([ou('Harbour View Hotel')])]);
    const both = await userWithToken('two-orgs', ['SETUP_OU'], [mgmt([ou('Rooftop Bar'), ou('Other Hotel')])]);
    // the grant in the other organization is not the manager's to give, nor unknown: it stays as it is
    const widened = await update(manager.token, both.uuid, { permissions: ['SETUP_OU'], memberships: [mgmt([ou('Rooftop Bar'), ou('Harbour Restaurant'), ou('Other Hotel')])], active: true });
    expect(widened.statusCode).toBe(200);
    expect((await stored(both.uuid)).memberships).toEqual([mgmt([ou('Harbour Restaurant'), ou('Other Hotel'), ou('Rooftop Bar')].sort())]);
    const entries = await t.db.select().from(historyEntries).where(eq(historyEntries.recordUuid, both.uuid));
    expect(entries.map((entry) => entry.orgUuid).sort()).toEqual([orgUuid, otherOrgUuid].sort());
    // giving a place of the other organization is refused as not held, and a place that does not exist as unknown
    const refused = await update(manager.token, both.uuid, { permissions: ['SETUP_OU'], memberships: [mgmt([ou('Rooftop Bar'), ou('Harbour Restaurant')])], active: true });
    expect(refused.statusCode).toBe(403);
    const unknown = await update(manager.token, both.uuid, { permissions: ['SETUP_OU'], memberships: [mgmt([ou('Rooftop Bar'), ou('Harbour Restaurant'), ou('Other Hotel'), randomUUID()])], active: true });
    expect(unknown.statusCode).toBe(403);
    const nowhere = randomUUID();
    const created = await create(adminToken, { email: uniqueEmail('nowhere'), permissions: [], memberships: [mgmt([ou('Other Hotel'), nowhere])] });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors[0].message).toContain(nowhere);
    // the administrator reads the user's units in both organizations
    const units = await t.app.inject({ method: 'GET', url: `/api/organization/v1/users/${both.uuid}/ous`, headers: bearer(adminToken) });
    expect(units.statusCode).toBe(200);
    expect((units.json() as { data: { uuid: string }[] }).data.map((unit) => unit.uuid).sort()).toEqual([ou('Harbour Restaurant'), ou('Other Hotel'), ou('Rooftop Bar')].sort());
    // the manager sees the user, and may give nothing of the other organization
    expect((await t.app.inject({ method: 'GET', url: `${USERS}/${both.uuid}`, headers: bearer(manager.token) })).statusCode).toBe(200);
    const grantable = grantableSchema.parse((await t.app.inject({ method: 'GET', url: `${USERS}/grantable`, headers: bearer(manager.token) })).json());
    expect(grantable.organizations.map((org) => org.uuid)).toEqual([orgUuid]);
  });
});

describe('what the caller may give', () => {
  it('answers the permissions and the places, by name, a hotel manager may give', async () => {
    const manager = await userWithToken('giver', ['MANAGE_USER', 'SETUP_OU', 'VIEW_TRANSACTIONS'], [mgmt([ou('Harbour View Hotel')]), business([ou('Harbour View Hotel')])]);
    const grantable = grantableSchema.parse((await t.app.inject({ method: 'GET', url: `${USERS}/grantable`, headers: bearer(manager.token) })).json());
    expect(grantable.permissions.sort()).toEqual(['SETUP_OU', 'VIEW_TRANSACTIONS']);
    expect(grantable.omnipresence).toEqual([]);
    expect(grantable.organizations).toHaveLength(1);
    const [org] = grantable.organizations;
    expect(org?.whole).toEqual({ MANAGEMENT: false, BUSINESS_DATA: false });
    const names = Object.fromEntries((org?.ous ?? []).map((u) => [u.name, { MANAGEMENT: u.MANAGEMENT, BUSINESS_DATA: u.BUSINESS_DATA, parent: u.parentUuid }]));
    expect(names['Harbour View Hotel']).toEqual({ MANAGEMENT: true, BUSINESS_DATA: true, parent: null });
    expect(names['Rooftop Bar']).toEqual({ MANAGEMENT: true, BUSINESS_DATA: false, parent: ou('Harbour View Hotel') });
    expect(names['Sunset Bay Resort']).toBeUndefined();
  });

  it('answers everything to the administrator', async () => {
    const grantable = grantableSchema.parse((await t.app.inject({ method: 'GET', url: `${USERS}/grantable`, headers: bearer(adminToken) })).json());
    expect(grantable.permissions).toHaveLength(7);
    expect(grantable.omnipresence.sort()).toEqual(['BUSINESS_DATA', 'MANAGEMENT']);
    expect(grantable.organizations.map((o) => o.name)).toEqual(expect.arrayContaining(['Other Group']));
  });
});

describe('sending an invitation again', () => {
  const resend = (token: string, uuid: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${USERS}/${uuid}/invitation`, headers: { ...bearer(token), ...headers } });

  it('mails a new link to an invited user (the earlier one stops working), once per minute, replaying an Idempotency-Key', async () => {
    const email = uniqueEmail('reinvited');
    const created = managedUserSchema.parse((await create(adminToken, { email, permissions: ['SETUP_OU'], memberships: [mgmt([ou('Rooftop Bar')])] })).json());
    const first = activationLink((await outboxFor(t.db, email))[0]?.body ?? '');

    // just invited: no second mail within the minute, and the answer says when the invitation went
    const soon = await resend(adminToken, created.uuid);
    expect(soon.statusCode).toBe(202);
    expect(soon.json()).toMatchObject({ sent: false });
    expect(await outboxFor(t.db, email)).toHaveLength(1);

    t.clock.advance(61_000);
    const key = { 'idempotency-key': randomUUID() };
    const again = await resend(adminToken, created.uuid, key);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ sent: true });
    // the same request replayed (a queue sent twice): the stored answer, no other mail
    t.clock.advance(61_000);
    const replayed = await resend(adminToken, created.uuid, key);
    expect(replayed.json()).toEqual(again.json());
    const mails = await outboxFor(t.db, email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe('You are invited to Lobby');

    const second = activationLink(mails[0]?.body ?? '');
    expect(second?.[2]).not.toBe(first?.[2]);
    const stale = await t.app.inject({ method: 'POST', url: `/api/authentication/v1/users/${created.uuid}/activate/${first?.[2]}`, payload: { password: 'Chosen-Password1' } });
    expect(stale.statusCode).toBe(422);
    const activated = await t.app.inject({ method: 'POST', url: `/api/authentication/v1/users/${created.uuid}/activate/${second?.[2]}`, payload: { password: 'Chosen-Password1' } });
    expect(activated.statusCode).toBe(204);

    // activated now: there is no invitation to send
    t.clock.advance(61_000);
    const active = await resend(adminToken, created.uuid);
    expect(active.statusCode).toBe(422);
    expect(active.json().errors[0].message).toMatch(/already activated/);
    expect(await outboxFor(t.db, email)).toHaveLength(2);
  });

  it('is authorized as user creation: only a user manager holding all of the user’s grants, never for oneself or a deactivated user', async () => {
    const email = uniqueEmail('spread');
    const created = managedUserSchema.parse((await create(adminToken, { email, permissions: ['SETUP_OU'], memberships: [mgmt([ou('Rooftop Bar'), ou('Sunset Bay Resort')])] })).json());
    t.clock.advance(61_000);
    const partial = await userWithToken('partial-inviter', ['MANAGE_USER', 'SETUP_OU'], [mgmt([ou('Harbour View Hotel')])]);
    const refused = await resend(partial.token, created.uuid);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].message).toMatch(/outside what you manage/);
    const plain = await userWithToken('no-manager', ['SETUP_OU'], [mgmt([ou('Rooftop Bar')])]);
    expect((await resend(plain.token, created.uuid)).statusCode).toBe(403);
    expect((await resend(partial.token, partial.uuid)).statusCode).toBe(403);
    expect((await resend(adminToken, randomUUID())).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${USERS}/${created.uuid}/invitation` })).statusCode).toBe(401);
    expect(await outboxFor(t.db, email)).toHaveLength(1);

    await update(adminToken, created.uuid, { permissions: ['SETUP_OU'], memberships: [mgmt([ou('Rooftop Bar'), ou('Sunset Bay Resort')])], active: false });
    const off = await resend(adminToken, created.uuid);
    expect(off.statusCode).toBe(422);
    expect(off.json().errors[0].message).toMatch(/deactivated/);
  });
});
