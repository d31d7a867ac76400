import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PosInstallation } from '../../src/domain/index';
import { posInstallationListResponseSchema, posInstallationSchema } from '../../src/domain/index';
import { organizationalUnits, organizations, posInstallations } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login } from '../test-helpers';

let t: TestApp;
let admin = '';
let hotelManager = '';
let outsider = '';
let demoOrg = '';
let otherOrg = '';
let otherInstallation = '';
const unit: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  demoOrg = demo?.uuid ?? '';
  for (const row of await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, demoOrg))) unit[row.name] = row.uuid;
  const [other] = await t.db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG' }).returning();
  otherOrg = other?.uuid ?? '';
  const [alpine] = await t.db.insert(organizationalUnits).values({ orgUuid: otherOrg, type: 'VENUE', name: 'Alpine Bar' }).returning();
  const [installation] = await t.db.insert(posInstallations).values({ orgUuid: otherOrg, ouUuid: alpine?.uuid ?? '', name: 'Alpine POS' }).returning();
  otherInstallation = installation?.uuid ?? '';
  await createUser(t.db, { email: 'harbour@example.com', password: 'Harbour-Password-1', permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [], ous: [unit['Harbour View Hotel'] ?? ''] }] });
  hotelManager = (await login(t.app, 'harbour@example.com', 'Harbour-Password-1')).token;
  await createUser(t.db, { email: 'alpine@example.com', password: 'Alpine-Password-1', permissions: ['SETUP_ORG', 'SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [otherOrg], ous: [] }] });
  outsider = (await login(t.app, 'alpine@example.com', 'Alpine-Password-1')).token;
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const listOrg = (org = demoOrg, token = admin) => t.app.inject({ method: 'GET', url: `/api/ordering/v1/pos-installations/${org}`, headers: bearer(token) });
const listUnit = (ou: string, org = demoOrg, token = admin) => t.app.inject({ method: 'GET', url: `/api/ordering/v1/pos-installations/${org}/ou/${ou}`, headers: bearer(token) });
const reset = (id: string, token = admin, headers: Headers = {}, org = demoOrg) =>
  t.app.inject({ method: 'POST', url: `/api/pos-collector/v1/org/${org}/installations/${id}/catalog/reset`, headers: { ...bearer(token), ...headers } });
const synced = (id: string, catalogVersion: number, token = admin, headers: Headers = {}, org = demoOrg) =>
  t.app.inject({ method: 'POST', url: `/api/pos-collector/v1/org/${org}/installations/${id}/catalog/synced`, headers: { ...bearer(token), ...headers }, payload: { catalogVersion } });

async function installations(org = demoOrg, token = admin): Promise<PosInstallation[]> {
  const response = await listOrg(org, token);
  expect(response.statusCode).toBe(200);
  return posInstallationListResponseSchema.parse(response.json()).data;
}
const installationOf = async (name: string) => (await installations()).find((installation) => installation.name === name) as PosInstallation;

describe('GET /ordering/v1/pos-installations', () => {
  it("lists an installation per venue with its unit's device aliases and whether a reset waits for a sync", async () => {
    const all = await installations();
    expect(all.map(({ name, ouUuid, pending }) => ({ name, ouUuid, pending }))).toEqual([
      { name: 'Beach Club POS', ouUuid: unit['Beach Club'], pending: true },
      { name: 'Harbour Restaurant POS', ouUuid: unit['Harbour Restaurant'], pending: false },
      { name: 'Rooftop Bar POS', ouUuid: unit['Rooftop Bar'], pending: false },
    ]);
    for (const installation of all) expect(installation.deviceAliases).toHaveLength(3);
    const rooftop = await listUnit(unit['Rooftop Bar'] ?? '');
    expect(rooftop.statusCode).toBe(200);
    expect(rooftop.json().data).toEqual([all[2]]);
  });

  it("shows a manager of one hotel only that hotel's installations; refuses another organization", async () => {
    expect((await installations(demoOrg, hotelManager)).map((installation) => installation.name)).toEqual(['Harbour Restaurant POS', 'Rooftop Bar POS']);
    expect((await listUnit(unit['Beach Club'] ?? '', demoOrg, hotelManager)).statusCode).toBe(403);
    expect((await listOrg(demoOrg, outsider)).statusCode).toBe(403);
    expect((await listUnit(unit['Rooftop Bar'] ?? '', otherOrg)).statusCode).toBe(404);
    expect((await listOrg('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await installations(otherOrg)).map((installation) => installation.uuid)).toEqual([otherInstallation]);
  });
});

describe('catalogue reset and sync', () => {
  it('a reset raises the catalogue version and shows pending until the installation reports that version synced', async () => {
    const before = await installationOf('Rooftop Bar POS');
    const response = await reset(before.uuid);
    expect(response.statusCode).toBe(200);
    const after = posInstallationSchema.parse(response.json());
    expect(after).toMatchObject({ catalogVersion: before.catalogVersion + 1, syncedCatalogVersion: before.syncedCatalogVersion, pending: true, version: before.version + 1 });
    expect((await installationOf('Rooftop Bar POS')).pending).toBe(true);

    const ahead = await synced(before.uuid, after.catalogVersion + 1);
    expect(ahead.statusCode).toBe(422);
    expect(ahead.json().errors[0].field).toBe('catalogVersion');
    const done = await synced(before.uuid, after.catalogVersion);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ syncedCatalogVersion: after.catalogVersion, pending: false });
    expect(Date.parse(done.json().lastSync)).toBeGreaterThan(Date.parse(before.lastSync ?? '1970-01-01'));
    // a late report of an older version never moves it back
    expect((await synced(before.uuid, before.catalogVersion)).json()).toMatchObject({ syncedCatalogVersion: after.catalogVersion, pending: false });
  });

  it('replays a reset per Idempotency-Key (the version rises once) and honours If-Match', async () => {
    const before = await installationOf('Harbour Restaurant POS');
    const first = await reset(before.uuid, admin, { 'idempotency-key': 'reset-1' });
    const replay = await reset(before.uuid, admin, { 'idempotency-key': 'reset-1' });
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await installationOf('Harbour Restaurant POS')).catalogVersion).toBe(before.catalogVersion + 1);
    const stale = await reset(before.uuid, admin, { 'if-match': `"${before.version}"` });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ uuid: before.uuid, version: before.version + 1 });
    expect((await reset(before.uuid, admin, { 'if-match': `"${before.version + 1}"` })).statusCode).toBe(200);
  });

  it("needs organization setup or the unit's: a manager of one hotel resets its venue, not the other hotel's; other organizations get 403/404", async () => {
    const rooftop = await installationOf('Rooftop Bar POS');
    expect((await reset(rooftop.uuid, hotelManager)).statusCode).toBe(200);
    const beach = await installationOf('Beach Club POS');
    expect((await reset(beach.uuid, hotelManager)).statusCode).toBe(403);
    expect((await synced(beach.uuid, 1, hotelManager)).statusCode).toBe(403);
    expect((await reset(beach.uuid, outsider)).statusCode).toBe(403);
    // another organization's installation under the demo organization's path is unknown there
    expect((await reset(otherInstallation)).statusCode).toBe(404);
    expect((await reset(otherInstallation, hotelManager)).statusCode).toBe(404);
    expect((await reset('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await installationOf('Beach Club POS')).catalogVersion).toBe(beach.catalogVersion);
    const [alpine] = await t.db.select().from(posInstallations).where(eq(posInstallations.uuid, otherInstallation));
    expect(alpine).toMatchObject({ catalogVersion: 1, version: 1 });
  });
});

describe('OpenAPI', () => {
  it('documents the issue 17 routes, the installation sync report among them', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const [path, method] of [
      ['/api/device/v1/organizations/{org}/devices', 'get'],
      ['/api/device/v1/organizations/{org}/devices/{device}/assign', 'put'],
      ['/api/device/v1/organizations/{org}/devices/{device}/unassign', 'put'],
      ['/api/device/v1/ous/{ou}/devices', 'get'],
      ['/api/device/v1/ous/{ou}/devices/assign', 'put'],
      ['/api/ordering/v1/pos-installations/{org}', 'get'],
      ['/api/ordering/v1/pos-installations/{org}/ou/{ou}', 'get'],
      ['/api/pos-collector/v1/org/{org}/installations/{id}/catalog/reset', 'post'],
      ['/api/pos-collector/v1/org/{org}/installations/{id}/catalog/synced', 'post'],
      ['/api/order-item/v1/org/{org}/ou/{ou}/categories/{id}', 'put'],
      ['/api/order-item/v1/org/{org}/ou/{ou}/tags', 'post'],
      ['/api/order-item/v1/org/{org}/ou/{ou}/order-item-definitions/{id}', 'delete'],
      ['/api/order-item/v1/org/{org}/ou/{ou}/order-item-definitions/favorites', 'put'],
      ['/api/discount/v1/organizations/{org}/ous/{ou}/discounts', 'post'],
      ['/api/discount/v1/organizations/{org}/ous/{ou}/discount/selected', 'put'],
    ] as const) {
      expect(doc.paths[path], path).toHaveProperty(method);
    }
  });
});
