/**
 * The resource factory on its own terms: a tiny test-only "note" resource, declared here, with its
 * own contract, rule, hooks and path. It is stored in the pms_connections table (its constant
 * columns filled by toValues) so the schema gains nothing for a test; PMS connections, the first
 * real user, have their own suite (server/routes/pms-connections.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { organizations, pmsConnections } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, login, MANAGER_EMAIL, MANAGER_PASSWORD } from '../test-helpers';
import { assertResourcePath, defineResource, fieldRefusal, pathParams } from './define-resource';
import { organizationScope } from './scopes';

const noteInput = z.object({ label: z.string().trim().min(1).max(40) });
const noteRecord = z.object({ uuid: z.string().uuid(), orgUuid: z.string().uuid(), label: z.string(), version: z.number().int() });
const RESERVED = 'reserved';

const notes = defineResource({
  path: '/organization/:org/test-note',
  kind: 'test-note',
  parent: organizationScope,
  table: pmsConnections,
  parentKey: 'orgUuid',
  // no nil-uuid refinement here: the factory refuses it itself
  schemas: { record: noteRecord, create: noteInput.extend({ uuid: z.string().uuid().optional() }), update: noteInput, list: z.object({ data: z.array(noteRecord) }) },
  // only omnipresent management, unlike PMS connections: the rule is the declaration's
  authorize: (me) => me.memberships.some((m) => m.membershipType === 'MANAGEMENT' && m.omnipresence),
  toRecord: (row) => ({ uuid: row.uuid, orgUuid: row.orgUuid, label: row.name, version: row.version }),
  toValues: (input) => ({ name: input.label, type: 'MOCK_PMS_INTERFACE' as const, host: 'note.test', port: 1 }),
  async validate(_tx, scope, input, target) {
    expect(scope.parent).toMatch(/^[0-9a-f-]{36}$/);
    expect(target.uuid).toMatch(/^[0-9a-f-]{36}$/);
    return input.label === RESERVED ? [{ field: 'label', message: 'This label is reserved' }] : [];
  },
  messages: { notFound: 'Note not found', uuidTaken: 'This uuid cannot be used for a note.' },
  docs: {
    tag: 'test',
    list: { summary: 'Notes' },
    get: { summary: 'One note' },
    create: { summary: 'Create a note' },
    update: { summary: 'Update a note' },
    delete: { summary: 'Delete a note' },
  },
});

let t: TestApp;
let admin = '';
let demoOrg = '';
let otherOrg = '';

beforeAll(async () => {
  t = await createTestApp({ registerExtraRoutes: async (api) => {
      await api.register(notes.routes);
    },
  });
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  const [other] = await t.db.insert(organizations).values({ name: 'Other Org', legalCompanyName: 'Other Org AG' }).returning();
  if (!demo || !other) throw new Error('no organizations');
  demoOrg = demo.uuid;
  otherOrg = other.uuid;
});
afterAll(async () => {
  await t.close();
});

const base = (org: string) => `/api/organization/${org}/test-note`;
type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Headers = {}, token = admin) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
async function created(label: string, org = demoOrg) {
  const response = await call('POST', base(org), { label });
  expect(response.statusCode).toBe(201);
  return noteRecord.parse(response.json());
}

describe('pure parts', () => {
  it('reads the parameters of a path', () => {
    expect(pathParams('/organization/:org/x/:id')).toEqual(['org', 'id']);
    expect(pathParams('/health')).toEqual([]);
  });

  it('refuses a path that does not name exactly its parent parameter', () => {
    expect(() => assertResourcePath('/organization/:org/note', { param: 'org' })).not.toThrow();
    expect(() => assertResourcePath('/organization/:organization/note', { param: 'org' })).toThrow(/:org/);
    expect(() => assertResourcePath('/organization/:org/note/:id', { param: 'org' })).toThrow();
    expect(() => assertResourcePath('/organization/:org/note/', { param: 'org' })).toThrow();
  });

  it('turns field errors into one 422 validation answer, and none into nothing', () => {
    expect(fieldRefusal([])).toBeNull();
    const refusal = fieldRefusal([{ field: 'label', message: 'Taken' }]);
    expect(refusal?.statusCode).toBe(422);
    expect(refusal?.body()).toEqual({ errors: [{ code: 'validation', field: 'label', message: 'Taken' }] });
  });
});

describe('a declared resource', () => {
  it('lists the parent’s records through toRecord, in the default uuid order, and only its own', async () => {
    const a = await created('Alpha');
    const b = await created('Beta');
    const elsewhere = await created('Elsewhere', otherOrg);
    const response = await call('GET', base(demoOrg));
    expect(response.statusCode).toBe(200);
    // the table also holds the demo organization's seeded PMS connections, read here as notes
    const data = noteRecord.array().parse(response.json().data);
    const uuids = data.map((note) => note.uuid);
    expect(uuids).toEqual([...uuids].sort());
    expect(data).toEqual(expect.arrayContaining([a, b]));
    expect(uuids).not.toContain(elsewhere.uuid);
    expect(data.every((note) => note.orgUuid === demoOrg)).toBe(true);
  });

  it('answers one record with its version as ETag, 404 with its own words for an unknown one', async () => {
    const note = await created('Gamma');
    const response = await call('GET', `${base(demoOrg)}/${note.uuid}`);
    expect(response.headers.etag).toBe('"1"');
    expect(response.json()).toEqual(note);
    expect((await call('GET', `${base(otherOrg)}/${note.uuid}`)).json()).toEqual({ errors: [{ code: 'not_found', message: 'Note not found' }] });
    expect((await call('GET', `${base(demoOrg)}/not-a-uuid`)).statusCode).toBe(404);
  });

  it('keeps a client uuid, answers its 409 on reuse, and refuses the nil uuid', async () => {
    const uuid = randomUUID();
    expect((await call('POST', base(demoOrg), { label: 'Mine', uuid })).json()).toMatchObject({ uuid, label: 'Mine', version: 1 });
    const again = await call('POST', base(otherOrg), { label: 'Theirs', uuid });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [{ code: 'conflict', field: 'uuid', message: 'This uuid cannot be used for a note.' }] });
    const nil = await call('POST', base(demoOrg), { label: 'Nil', uuid: '00000000-0000-0000-0000-000000000000' });
    expect(nil.statusCode).toBe(400);
    expect(nil.json().errors).toEqual([expect.objectContaining({ code: 'validation', field: 'uuid' })]);
  });

  it('answers a validate hook’s field errors with 422 and undoes the write', async () => {
    const uuid = randomUUID();
    const response = await call('POST', base(demoOrg), { label: RESERVED, uuid });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: [{ code: 'validation', field: 'label', message: 'This label is reserved' }] });
    expect((await call('GET', `${base(demoOrg)}/${uuid}`)).statusCode).toBe(404);
    const note = await created('Delta');
    expect((await call('PUT', `${base(demoOrg)}/${note.uuid}`, { label: RESERVED })).statusCode).toBe(422);
    expect((await call('GET', `${base(demoOrg)}/${note.uuid}`)).json()).toEqual(note);
  });

  it('updates with If-Match, answering 412 with `current` (as a record) for a stale version', async () => {
    const note = await created('Epsilon');
    const ok = await call('PUT', `${base(demoOrg)}/${note.uuid}`, { label: 'Epsilon 2' }, { 'if-match': '"1"' });
    expect(ok.json()).toEqual({ ...note, label: 'Epsilon 2', version: 2 });
    const stale = await call('PUT', `${base(demoOrg)}/${note.uuid}`, { label: 'Epsilon 3' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toEqual({ ...note, label: 'Epsilon 2', version: 2 });
  });

  it('deletes with If-Match, and replays an Idempotency-Key', async () => {
    const note = await created('Zeta');
    const url = `${base(demoOrg)}/${note.uuid}`;
    expect((await call('DELETE', url, undefined, { 'if-match': '"7"' })).statusCode).toBe(412);
    const first = await call('DELETE', url, undefined, { 'if-match': '"1"', 'idempotency-key': 'note-delete' });
    const replay = await call('DELETE', url, undefined, { 'if-match': '"1"', 'idempotency-key': 'note-delete' });
    expect([first.statusCode, replay.statusCode]).toEqual([204, 204]);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect((await call('GET', url)).statusCode).toBe(404);
  });

  it('authorizes by its own rule, with the scope’s words, before saying whether the parent exists', async () => {
    const manager = (await login(t.app, MANAGER_EMAIL, MANAGER_PASSWORD)).token;
    const refused = await call('GET', base(demoOrg), undefined, {}, manager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].message).toBe(organizationScope.forbidden);
    expect((await call('GET', base(randomUUID()), undefined, {}, manager)).statusCode).toBe(403);
    expect((await call('GET', base(randomUUID()))).json()).toEqual({ errors: [{ code: 'not_found', message: 'Organization not found' }] });
    expect((await t.app.inject({ method: 'GET', url: base(demoOrg) })).statusCode).toBe(401);
  });

  it('documents its five routes with their error answers', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>>;
    const collection = paths['/api/organization/{org}/test-note'] ?? {};
    const item = paths['/api/organization/{org}/test-note/{id}'] ?? {};
    expect(Object.keys(collection).sort()).toEqual(['get', 'post']);
    expect(Object.keys(item).sort()).toEqual(['delete', 'get', 'put']);
    expect(item.get?.tags).toEqual(['test']);
    expect(Object.keys(item.put?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', '412', '422']));
    expect(JSON.stringify(item.put?.responses['412'])).toContain('current');
    expect(Object.keys(collection.post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '409', '422']));
  });
});
