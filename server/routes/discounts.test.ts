import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Discount } from '../../src/domain/index';
import { discountListResponseSchema, discountSchema, discountSelectorResponseSchema } from '../../src/domain/index';
import { discounts, organizationalUnits, organizations } from '../db/schema';
import { DEMO_DISCOUNTS_COUNT, DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login } from '../test-helpers';

let t: TestApp;
let admin = '';
let hotelManager = '';
let outsider = '';
let demoOrg = '';
let otherUnit = '';
let otherDiscount = '';
const unit: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  demoOrg = demo?.uuid ?? '';
  for (const row of await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, demoOrg))) unit[row.name] = row.uuid;
  const [other] = await t.db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG' }).returning();
  const [alpine] = await t.db.insert(organizationalUnits).values({ orgUuid: other?.uuid ?? '', type: 'VENUE', name: 'Alpine Bar' }).returning();
  otherUnit = alpine?.uuid ?? '';
  const [discount] = await t.db.insert(discounts).values({ orgUuid: other?.uuid ?? '', ouUuid: otherUnit, name: 'Ski pass', type: 'PERCENTAGE', value: 1000 }).returning();
  otherDiscount = discount?.uuid ?? '';
  await createUser(t.db, { email: 'harbour@example.com', password: 'Harbour-Password-1', permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [], ous: [unit['Harbour View Hotel'] ?? ''] }] });
  hotelManager = (await login(t.app, 'harbour@example.com', 'Harbour-Password-1')).token;
  await createUser(t.db, { email: 'alpine@example.com', password: 'Alpine-Password-1', permissions: ['SETUP_ORG', 'SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [other?.uuid ?? ''], ous: [] }] });
  outsider = (await login(t.app, 'alpine@example.com', 'Alpine-Password-1')).token;
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const base = (ou: string, org = demoOrg) => `/api/discount/v1/organizations/${org}/ous/${ou}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin, headers: Headers = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const rooftop = () => unit['Rooftop Bar'] ?? '';
const beach = () => unit['Beach Club'] ?? '';
const fifteen = { name: 'Fifteen off', label: '15OFF', type: 'PERCENTAGE', value: 1500, status: 'ACTIVE' };

async function list(ou = rooftop()): Promise<Discount[]> {
  const response = await call('GET', `${base(ou)}/discounts`);
  expect(response.statusCode).toBe(200);
  return discountListResponseSchema.parse(response.json()).data;
}
async function selector(ou = rooftop(), token = admin) {
  const response = await call('GET', `${base(ou)}/discount/selected`, undefined, token);
  expect(response.statusCode).toBe(200);
  return discountSelectorResponseSchema.parse(response.json()).data;
}

describe('discounts', () => {
  it('lists the 8 seeded discounts (2 DEACTIVATED) and the selector with the enabled ones', async () => {
    const all = await list();
    expect(all).toHaveLength(DEMO_DISCOUNTS_COUNT);
    expect(all.filter((discount) => discount.status === 'DEACTIVATED')).toHaveLength(2);
    const options = await selector();
    expect(options.map(({ uuid, name, label, value, status, enabled }) => ({ uuid, name, label, value, status, enabled }))).toEqual(
      all.map(({ uuid, name, label, value, status, enabled }) => ({ uuid, name, label, value, status, enabled })),
    );
    expect(options.filter((option) => option.enabled)).toHaveLength(4);
  });

  it('creates a percentage (hundredths of a percent) and an amount (minor units) discount; refuses fractions and out-of-range values', async () => {
    const uuid = randomUUID();
    const created = await call('POST', `${base(rooftop())}/discounts`, { ...fifteen, uuid });
    expect(created.statusCode).toBe(201);
    expect(discountSchema.parse(created.json())).toEqual({ ...fifteen, uuid, orgUuid: demoOrg, ouUuid: rooftop(), enabled: false, version: 1 });
    expect((await call('POST', `${base(rooftop())}/discounts`, { name: 'Five euros', type: 'AMOUNT', value: 500 })).json()).toMatchObject({ value: 500, label: '', status: 'ACTIVE' });
    for (const [type, value] of [['PERCENTAGE', 15.5], ['PERCENTAGE', 0], ['PERCENTAGE', 10_001], ['AMOUNT', 4.99], ['AMOUNT', -100], ['AMOUNT', 100_000_000], ['PERCENT', 10]] as const) {
      const refused = await call('POST', `${base(rooftop())}/discounts`, { name: `Bad ${type} ${value}`, type, value });
      expect(refused.statusCode, `${type} ${value}`).toBe(400);
    }
    const taken = await call('POST', `${base(rooftop())}/discounts`, { ...fifteen, name: 'HAPPY HOUR' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors[0]).toMatchObject({ field: 'name', message: 'Another discount of this unit already has this name' });
  });

  it('updates with If-Match (412 with current) and creates once per Idempotency-Key', async () => {
    const first = await call('POST', `${base(rooftop())}/discounts`, { ...fifteen, name: 'Keyed' }, admin, { 'idempotency-key': 'discount-keyed' });
    const replay = await call('POST', `${base(rooftop())}/discounts`, { ...fifteen, name: 'Keyed' }, admin, { 'idempotency-key': 'discount-keyed' });
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await list()).filter((discount) => discount.name === 'Keyed')).toHaveLength(1);
    const uuid = first.json().uuid as string;
    const stale = await call('PUT', `${base(rooftop())}/discounts/${uuid}`, { ...fifteen, name: 'Keyed', value: 2500 }, admin, { 'if-match': '"3"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ uuid, value: 1500, version: 1 });
    const updated = await call('PUT', `${base(rooftop())}/discounts/${uuid}`, { ...fifteen, name: 'Keyed', value: 2500 }, admin, { 'if-match': '"1"' });
    expect(updated.json()).toMatchObject({ value: 2500, version: 2 });
  });
});

describe('PUT …/discount/selected', () => {
  it("replaces the unit's enabled discounts, raising the versions of those that changed", async () => {
    const all = await list();
    const active = all.filter((discount) => discount.status === 'ACTIVE');
    const wanted = [active[0], active[3], active[5]].map((discount) => discount?.uuid ?? '');
    const response = await call('PUT', `${base(rooftop())}/discount/selected`, wanted, admin, { 'idempotency-key': 'selected-1' });
    expect(response.statusCode).toBe(200);
    const options = discountSelectorResponseSchema.parse(response.json()).data;
    expect(options.filter((option) => option.enabled).map((option) => option.uuid).sort()).toEqual([...wanted].sort());
    const replay = await call('PUT', `${base(rooftop())}/discount/selected`, wanted, admin, { 'idempotency-key': 'selected-1' });
    expect(replay.json()).toEqual(response.json());
    for (const discount of await list()) {
      const was = all.find((candidate) => candidate.uuid === discount.uuid);
      if (was) expect(discount.version).toBe(was.version + (was.enabled !== discount.enabled ? 1 : 0));
    }
  });

  it('refuses an unknown or foreign uuid and a newly enabled DEACTIVATED discount with 422, changing nothing', async () => {
    const all = await list();
    const deactivated = all.find((discount) => discount.status === 'DEACTIVATED' && !discount.enabled);
    const before = await t.db.select().from(discounts).orderBy(discounts.uuid);
    const unknown = randomUUID();
    const refused = await call('PUT', `${base(rooftop())}/discount/selected`, [all[0]?.uuid, unknown, otherDiscount, deactivated?.uuid]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { code: 'validation', message: `${unknown} doesn't exist`, field: `selected.${unknown}` },
      { code: 'validation', message: `${otherDiscount} doesn't exist`, field: `selected.${otherDiscount}` },
      { code: 'validation', message: `${deactivated?.name} is deactivated and cannot be added.`, field: `selected.${deactivated?.uuid}` },
    ]);
    expect(await t.db.select().from(discounts).orderBy(discounts.uuid)).toEqual(before);
  });

  it('keeps an enabled discount that was deactivated since (shown disabled), but cannot enable it again once dropped', async () => {
    const enabled = (await list()).find((discount) => discount.enabled && discount.status === 'ACTIVE') as Discount;
    const { name, label, type, value } = enabled;
    expect((await call('PUT', `${base(rooftop())}/discounts/${enabled.uuid}`, { name, label, type, value, status: 'DEACTIVATED' })).statusCode).toBe(200);
    const still = (await selector()).filter((option) => option.enabled).map((option) => option.uuid);
    expect(still).toContain(enabled.uuid);
    expect((await call('PUT', `${base(rooftop())}/discount/selected`, still)).statusCode).toBe(200);
    expect((await call('PUT', `${base(rooftop())}/discount/selected`, still.filter((uuid) => uuid !== enabled.uuid))).statusCode).toBe(200);
    expect((await call('PUT', `${base(rooftop())}/discount/selected`, [enabled.uuid])).statusCode).toBe(422);
  });
});

describe('authorization', () => {
  it("lets a manager with SETUP_OU on one hotel set up its venue's discounts, not the other hotel's venue", async () => {
    expect((await call('POST', `${base(rooftop())}/discounts`, { ...fifteen, name: 'Manager special' }, hotelManager)).statusCode).toBe(201);
    expect((await selector(rooftop(), hotelManager)).length).toBeGreaterThan(0);
    const before = await t.db.select().from(discounts).orderBy(discounts.uuid);
    expect((await call('GET', `${base(beach())}/discounts`, undefined, hotelManager)).statusCode).toBe(403);
    expect((await call('POST', `${base(beach())}/discounts`, { ...fifteen, name: 'Not mine' }, hotelManager)).statusCode).toBe(403);
    expect((await call('PUT', `${base(beach())}/discount/selected`, [], hotelManager)).statusCode).toBe(403);
    expect((await call('GET', `${base(beach())}/discount/selected`, undefined, hotelManager)).statusCode).toBe(403);
    expect(await t.db.select().from(discounts).orderBy(discounts.uuid)).toEqual(before);
  });

  it("refuses another organization's user, and answers 404 for a unit or discount of another organization", async () => {
    const before = await t.db.select().from(discounts).orderBy(discounts.uuid);
    expect((await call('GET', `${base(rooftop())}/discounts`, undefined, outsider)).statusCode).toBe(403);
    expect((await call('PUT', `${base(rooftop())}/discount/selected`, [], outsider)).statusCode).toBe(403);
    expect((await call('GET', `${base(otherUnit)}/discounts`)).statusCode).toBe(404);
    expect((await call('GET', `${base(otherUnit)}/discount/selected`)).statusCode).toBe(404);
    expect((await call('GET', `${base(rooftop())}/discounts/${otherDiscount}`)).statusCode).toBe(404);
    expect((await call('PUT', `${base(rooftop())}/discounts/${otherDiscount}`, fifteen)).statusCode).toBe(404);
    expect((await call('DELETE', `${base(rooftop())}/discounts/${otherDiscount}`)).statusCode).toBe(404);
    expect(await t.db.select().from(discounts).orderBy(discounts.uuid)).toEqual(before);
  });
});
