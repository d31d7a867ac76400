import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderItem } from '../../src/domain/index';
import { categoryListResponseSchema, minorToDecimal, orderItemListResponseSchema, orderItemSchema, parseMinor, sumMinor, tagListResponseSchema } from '../../src/domain/index';
import { images, orderItemCategories, orderItemDefinitions, orderItemTags, organizationalUnits, organizations } from '../db/schema';
import { DEMO_FAVORITES, DEMO_MENU_ITEMS, DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login } from '../test-helpers';

let t: TestApp;
let admin = '';
let hotelManager = '';
let outsider = '';
let demoOrg = '';
let otherOrg = '';
let otherUnit = '';
let otherCategory = '';
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
  otherUnit = alpine?.uuid ?? '';
  const [category] = await t.db.insert(orderItemCategories).values({ orgUuid: otherOrg, ouUuid: otherUnit, name: 'Fondue', group: 'Food' }).returning();
  otherCategory = category?.uuid ?? '';
  // SETUP_OU on one hotel only: sets up that hotel and what is below it
  await createUser(t.db, { email: 'harbour@example.com', password: 'Harbour-Password-1', permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [], ous: [unit['Harbour View Hotel'] ?? ''] }] });
  hotelManager = (await login(t.app, 'harbour@example.com', 'Harbour-Password-1')).token;
  await createUser(t.db, { email: 'alpine@example.com', password: 'Alpine-Password-1', permissions: ['SETUP_ORG', 'SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [otherOrg], ous: [] }] });
  outsider = (await login(t.app, 'alpine@example.com', 'Alpine-Password-1')).token;
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const base = (ou: string, org = demoOrg) => `/api/order-item/v1/org/${org}/ou/${ou}`;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin, headers: Headers = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const rooftop = () => unit['Rooftop Bar'] ?? '';
const beach = () => unit['Beach Club'] ?? '';
const drink = { name: 'Sangria Pitcher', priceMinor: 1850, categoryUuid: null, tagUuids: [], image: null, slu: 'Drinks', status: 'ACTIVE' };

async function items(ou = rooftop()): Promise<OrderItem[]> {
  const response = await call('GET', `${base(ou)}/order-item-definitions`);
  expect(response.statusCode).toBe(200);
  return orderItemListResponseSchema.parse(response.json()).data;
}

describe('seeded menu', () => {
  it('lists the venue’s 10 categories by group, its tags, 120 items and 12 favourites in order', async () => {
    const categories = categoryListResponseSchema.parse((await call('GET', `${base(rooftop())}/categories`)).json()).data;
    expect(categories).toHaveLength(10);
    expect(categories.map((category) => category.group)).toEqual([...Array(5).fill('Drinks'), ...Array(5).fill('Food')]);
    expect(tagListResponseSchema.parse((await call('GET', `${base(rooftop())}/tags`)).json()).data).toHaveLength(8);
    const all = await items();
    expect(all).toHaveLength(DEMO_MENU_ITEMS);
    expect(all.every((item) => Number.isInteger(item.priceMinor) && item.priceMinor > 0)).toBe(true);
    expect(all.find((item) => item.name === 'Negroni')?.priceMinor).toBe(950);
    const favorites = orderItemListResponseSchema.parse((await call('GET', `${base(rooftop())}/order-item-definitions/favorites`)).json()).data;
    expect(favorites).toHaveLength(DEMO_FAVORITES);
    expect(favorites.map((item) => item.favoriteOrder)).toEqual([...Array(DEMO_FAVORITES).keys()]);
    expect((await items(beach())).length).toBe(0);
  });
});

describe('categories and tags', () => {
  it('creates, reads with ETag, updates with If-Match and removes a category; names are unique in the unit, case ignored', async () => {
    const uuid = randomUUID();
    const created = await call('POST', `${base(rooftop())}/categories`, { uuid, name: 'Brunch', group: 'Food' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ uuid, orgUuid: demoOrg, ouUuid: rooftop(), name: 'Brunch', group: 'Food', version: 1 });
    const taken = await call('POST', `${base(rooftop())}/categories`, { name: ' cocktails ', group: 'Drinks' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors[0]).toMatchObject({ field: 'name', message: 'Another category of this unit already has this name' });
    // the same name in another unit is fine
    expect((await call('POST', `${base(beach())}/categories`, { name: 'Brunch' })).statusCode).toBe(201);
    const read = await call('GET', `${base(rooftop())}/categories/${uuid}`);
    expect(read.headers.etag).toBe('"1"');
    const stale = await call('PUT', `${base(rooftop())}/categories/${uuid}`, { name: 'Late Brunch', group: 'Food' }, admin, { 'if-match': '"7"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ uuid, name: 'Brunch', version: 1 });
    const renamed = await call('PUT', `${base(rooftop())}/categories/${uuid}`, { name: 'Late Brunch', group: 'Food' }, admin, { 'if-match': '"1"' });
    expect(renamed.json()).toMatchObject({ name: 'Late Brunch', version: 2 });
    expect((await call('DELETE', `${base(rooftop())}/categories/${uuid}`, undefined, admin, { 'if-match': '"2"' })).statusCode).toBe(204);
    expect((await call('GET', `${base(rooftop())}/categories/${uuid}`)).statusCode).toBe(404);
  });

  it('creates a tag once per Idempotency-Key, and keeps tag names unique in the unit', async () => {
    const first = await call('POST', `${base(rooftop())}/tags`, { name: 'Seasonal' }, admin, { 'idempotency-key': 'tag-seasonal' });
    const replay = await call('POST', `${base(rooftop())}/tags`, { name: 'Seasonal' }, admin, { 'idempotency-key': 'tag-seasonal' });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await t.db.select().from(orderItemTags).where(and(eq(orderItemTags.ouUuid, rooftop()), eq(orderItemTags.name, 'Seasonal')))).toHaveLength(1);
    expect((await call('POST', `${base(rooftop())}/tags`, { name: 'SEASONAL' })).statusCode).toBe(422);
  });
});

describe('order item definitions', () => {
  it('creates an item with its category, tags and an image of the organization; prices are whole minor units', async () => {
    const categories = categoryListResponseSchema.parse((await call('GET', `${base(rooftop())}/categories`)).json()).data;
    const tags = tagListResponseSchema.parse((await call('GET', `${base(rooftop())}/tags`)).json()).data;
    const key = randomBytes(32).toString('base64url');
    await t.db.insert(images).values({ key, orgUuid: demoOrg, contentType: 'image/png', fileName: 'sangria.png', size: 4, bytes: new Uint8Array([1, 2, 3, 4]) });
    const payload = { ...drink, categoryUuid: categories[0]?.uuid, tagUuids: [tags[1]?.uuid, tags[0]?.uuid], image: key };
    const response = await call('POST', `${base(rooftop())}/order-item-definitions`, payload);
    expect(response.statusCode).toBe(201);
    const item = orderItemSchema.parse(response.json());
    expect(item).toMatchObject({ ...payload, favorite: false, favoriteOrder: null, version: 1, ouUuid: rooftop(), orgUuid: demoOrg });

    for (const priceMinor of [18.5, -1, 100_000_000, '1850']) {
      const refused = await call('POST', `${base(rooftop())}/order-item-definitions`, { ...drink, priceMinor });
      expect(refused.statusCode, String(priceMinor)).toBe(400);
    }
    const foreignCategory = await call('POST', `${base(rooftop())}/order-item-definitions`, { ...drink, categoryUuid: otherCategory });
    expect(foreignCategory.statusCode).toBe(422);
    expect(foreignCategory.json().errors[0].field).toBe('categoryUuid');
    const beachTag = (await call('POST', `${base(beach())}/tags`, { name: 'Beach only' })).json().uuid as string;
    expect((await call('POST', `${base(rooftop())}/order-item-definitions`, { ...drink, tagUuids: [beachTag] })).json().errors[0].field).toBe('tagUuids');
    const otherKey = randomBytes(32).toString('base64url');
    await t.db.insert(images).values({ key: otherKey, orgUuid: otherOrg, contentType: 'image/png', fileName: 'x.png', size: 1, bytes: new Uint8Array([1]) });
    for (const image of [otherKey, 'not-a-key']) {
      const refused = await call('POST', `${base(rooftop())}/order-item-definitions`, { ...drink, image });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors[0].field).toBe('image');
    }
    // a removed tag is left out of the item's answer
    expect((await call('DELETE', `${base(rooftop())}/tags/${tags[0]?.uuid}`)).statusCode).toBe(204);
    expect((await call('GET', `${base(rooftop())}/order-item-definitions/${item.uuid}`)).json().tagUuids).toEqual([tags[1]?.uuid]);
  });

  it('sums 1,000 prices from 0.01 to 999.99 exactly, in minor units end to end', async () => {
    const ou = unit['Harbour Restaurant'] ?? '';
    // prices as decimal text, the way an operator types them
    const texts = Array.from({ length: 1000 }, (_, n) => minorToDecimal(n === 0 ? 1 : n === 999 ? 99_999 : ((n * 7_919) % 99_999) + 1, 'EUR'));
    const expected = texts.reduce((total, text) => total + BigInt(text.replace('.', '')), 0n);
    // 100 through the API, 900 inserted at once to keep the test short
    for (const text of texts.slice(0, 100)) {
      const response = await call('POST', `${base(ou)}/order-item-definitions`, { ...drink, name: `Item ${text}`, priceMinor: parseMinor(text, 'EUR') });
      expect(response.statusCode).toBe(201);
    }
    await t.db.insert(orderItemDefinitions).values(texts.slice(100).map((text) => ({ orgUuid: demoOrg, ouUuid: ou, name: `Item ${text}`, priceMinor: parseMinor(text, 'EUR') ?? -1 })));
    const listed = await items(ou);
    expect(listed).toHaveLength(1000);
    const total = sumMinor(listed.map((item) => item.priceMinor));
    expect(BigInt(total)).toBe(expected);
    expect(minorToDecimal(total, 'EUR')).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
    expect(listed.map((item) => item.priceMinor).sort((a, b) => a - b)[0]).toBe(1);
    expect(Math.max(...listed.map((item) => item.priceMinor))).toBe(99_999);
  });
});

describe('favourites', () => {
  it('replaces the favourites and their order, raising the versions of the items that changed', async () => {
    const all = await items();
    const before = new Map(all.map((item) => [item.uuid, item]));
    const chosen = [all[5], all[2], all[40]].map((item) => item?.uuid ?? '');
    const response = await call('PUT', `${base(rooftop())}/order-item-definitions/favorites`, chosen, admin, { 'idempotency-key': 'favorites-1' });
    expect(response.statusCode).toBe(200);
    const favorites = orderItemListResponseSchema.parse(response.json()).data;
    expect(favorites.map((item) => item.uuid)).toEqual(chosen);
    expect(favorites.map((item) => item.favoriteOrder)).toEqual([0, 1, 2]);
    const replay = await call('PUT', `${base(rooftop())}/order-item-definitions/favorites`, chosen, admin, { 'idempotency-key': 'favorites-1' });
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(response.json());
    const after = await items();
    for (const item of after) {
      const was = before.get(item.uuid);
      if (!was) continue;
      const changed = was.favorite !== item.favorite || was.favoriteOrder !== item.favoriteOrder;
      expect(item.version).toBe(was.version + (changed ? 1 : 0));
    }
    expect(after.filter((item) => item.favorite)).toHaveLength(3);
  });

  it('refuses an unknown or foreign item (422) and a duplicate (400), changing nothing', async () => {
    const before = await t.db.select().from(orderItemDefinitions).where(eq(orderItemDefinitions.ouUuid, rooftop())).orderBy(orderItemDefinitions.uuid);
    const [first] = await items();
    const foreign = (await items(unit['Harbour Restaurant'] ?? ''))[0]?.uuid ?? '';
    const unknown = await call('PUT', `${base(rooftop())}/order-item-definitions/favorites`, [first?.uuid, foreign]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].message).toBe(`Not an item of this unit: ${foreign}`);
    expect((await call('PUT', `${base(rooftop())}/order-item-definitions/favorites`, [first?.uuid, first?.uuid])).statusCode).toBe(400);
    expect(await t.db.select().from(orderItemDefinitions).where(eq(orderItemDefinitions.ouUuid, rooftop())).orderBy(orderItemDefinitions.uuid)).toEqual(before);
  });
});

describe('authorization', () => {
  it("lets a manager with SETUP_OU on one hotel set up that hotel's venues, not a venue of the other hotel", async () => {
    const mine = await call('POST', `${base(rooftop())}/categories`, { name: 'Manager picks' }, hotelManager);
    expect(mine.statusCode).toBe(201);
    expect((await call('GET', `${base(rooftop())}/order-item-definitions/favorites`, undefined, hotelManager)).statusCode).toBe(200);
    const before = await t.db.select().from(orderItemCategories).orderBy(orderItemCategories.uuid);
    for (const [method, path, payload] of [
      ['GET', `${base(beach())}/categories`, undefined],
      ['POST', `${base(beach())}/categories`, { name: 'Not mine' }],
      ['POST', `${base(beach())}/order-item-definitions`, drink],
      ['PUT', `${base(beach())}/order-item-definitions/favorites`, []],
    ] as const) {
      const response = await call(method, path, payload, hotelManager);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await t.db.select().from(orderItemCategories).orderBy(orderItemCategories.uuid)).toEqual(before);
  });

  it("refuses another organization's user, and answers 404 for a unit or record of another organization", async () => {
    expect((await call('GET', `${base(rooftop())}/categories`, undefined, outsider)).statusCode).toBe(403);
    expect((await call('POST', `${base(rooftop())}/tags`, { name: 'Intruder' }, outsider)).statusCode).toBe(403);
    expect((await call('PUT', `${base(rooftop())}/order-item-definitions/favorites`, [], outsider)).statusCode).toBe(403);
    // the other organization's unit under the demo organization's path is unknown there
    expect((await call('GET', `${base(otherUnit)}/categories`)).statusCode).toBe(404);
    expect((await call('GET', `${base(otherUnit)}/order-item-definitions/favorites`)).statusCode).toBe(404);
    expect((await call('GET', `${base(rooftop())}/categories/${otherCategory}`)).statusCode).toBe(404);
    expect((await call('PUT', `${base(rooftop())}/categories/${otherCategory}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await call('DELETE', `${base(rooftop())}/categories/${otherCategory}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(orderItemCategories).where(eq(orderItemCategories.uuid, otherCategory));
    expect(row).toMatchObject({ name: 'Fondue', version: 1, ouUuid: otherUnit });
  });
});
