/**
 * The authorization matrix (issue 24): every route the app registers under /api, as the app reports
 * it, is either public (with its reason) or has an entry below saying how to call it on a record of
 * organization A and which grant it needs. Each entry is called six ways: without a token, with an
 * expired access token, with the token of a signed-out session, as a user of organization B with
 * every right there, as a user of A lacking the grant, and as a user of A holding it. Only the last
 * may succeed; the others answer 401 (no or bad token) or 403/404 (docs/architecture.md, errors),
 * and the refused writes leave the database exactly as it was.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../src/domain/index';
import { PERMISSIONS } from '../../src/domain/index';
import { sha256 } from '../auth/secrets';
import {
  accessControlServices,
  accessTokens,
  contracts,
  devices,
  discounts,
  hotelDefinitions,
  orderItemCategories,
  orderItemDefinitions,
  orderItemTags,
  organizationalUnits,
  organizations,
  pmsConnections,
  pmsPackages,
  posInstallations,
  rateCodes,
  transactions,
} from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { RouteKey } from '../test-matrix';
import { databaseFingerprint, routeCollector } from '../test-matrix';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login, multipart, PNG } from '../test-helpers';

const PASSWORD = 'Matrix-Password-1';
const ALL: readonly Permission[] = PERMISSIONS;

/** Routes anyone may call, each with the reason. */
const PUBLIC: Partial<Record<RouteKey, string>> = {
  'GET /api/health': 'liveness probe, names nobody',
  'POST /api/authentication/v1/users/tokens': 'sign-in: the email and password are the credential',
  'POST /api/authentication/v1/users/tokens/refresh': 'the refresh token is the credential (refresh.test.ts)',
  'POST /api/authentication/v1/users/tokens/revoke': 'sign-out: the refresh token is the credential',
  'POST /api/authentication/v1/users/request-activation-code': 'password reset request: answers the same whoever asks',
  'POST /api/authentication/v1/users/:uuid/password/:code': 'password reset: the mailed code is the credential',
  'POST /api/authentication/v1/users/:uuid/activate/:code': 'activation: the mailed code is the credential',
  'POST /api/agent/v1/agents/pair': 'agent pairing: the pairing code is the credential',
  'POST /api/user-profile/v1/user-profile/validate/email': 'the mailed link token is the credential',
  'POST /api/user-profile/v1/user-profile/validate/phone':
    'the SMS link token is the credential; the 6-digit code needs the bearer (profile-writes.test.ts, and below)',
  'GET /api/images/:key': 'an unguessable key handed out by the upload (ADR 0017)',
  'GET /api/docs': 'OpenAPI, describes the API, holds no data',
  'GET /api/docs/json': 'OpenAPI, describes the API, holds no data',
  'GET /api/docs/yaml': 'OpenAPI, describes the API, holds no data',
  'GET /api/docs/static/index.html': 'Swagger UI files',
  'GET /api/docs/static/swagger-initializer.js': 'Swagger UI files',
  'GET /api/docs/static/*': 'Swagger UI files',
  'HEAD /api/docs/': 'Swagger UI files',
};

interface Call {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** the token of the success case when it is not the full user of A (a route on one's own account) */
  actor?: string;
}

/**
 * Who may: any of the permissions, for a member of A (MANAGEMENT and BUSINESS_DATA listing A); a
 * member of A holding every other permission is refused. 'member': anyone A's memberships reach;
 * refused for a user with every permission and no membership. 'self': one's own account only (no
 * other organization's record to address). 'owner': records of the caller's own (a user of A
 * with every permission is refused another's).
 */
type Need = { any: readonly Permission[] } | 'member' | 'self' | 'owner';

interface Entry {
  route: RouteKey;
  needs: Need;
  call(): Call | Promise<Call>;
  /** the success status; default 200 */
  ok?: number;
  /**
   * A list whose 2xx answer to a caller who may not read A's records holds none of them; such a
   * caller's 200 is then no leak. The matrix checks no id of A shows in it.
   */
  filtered?: true;
  /** a batch answers 200 with each change's own status: success is every change's */
  batch?: true;
  /** why a user of another organization may call it (it names no record of A) */
  anyOrganization?: string;
}

let t: TestApp;
const routes = routeCollector();
let admin = '';
let full = { uuid: '', token: '' };
let expired = '';
let revoked = '';
let other = { uuid: '', token: '' };
/** records of organization A the matrix addresses */
const A = {
  org: '',
  harbour: '',
  sunset: '',
  rooftop: '',
  beach: '',
  poolPos: '',
  connection: '',
  definition: '',
  package: '',
  rateCode: '',
  service: '',
  category: '',
  tag: '',
  item: '',
  discount: '',
  installation: '',
  installationUnit: '',
  transaction: '',
  device: '',
  spareDevice: '',
  deviceAlias: '',
  agentConnection: '',
  contract: '',
  member: '',
  invited: '',
  exportJob: '',
};
/** records of organization B */
const B = { org: '', hotel: '', venue: '', package: '', contract: '' };
const prepared = new Map<RouteKey, Call>();
let fingerprint: Record<string, string> = {};
let address = 10;
const unitsOf = new Map<string, string[]>();

/** Signs a new user in from an address of its own (sign-in throttling is per address). */
async function signIn(email: string, password = PASSWORD) {
  address += 1;
  return login(t.app, email, password, `10.0.${Math.floor(address / 250)}.${address % 250}`);
}
async function newUser(name: string, permissions: readonly Permission[], orgs: string[]) {
  const email = `${name}-${randomUUID().slice(0, 8)}@matrix.example`;
  // business data is granted by unit (spec section 6): every unit of the organizations
  const ous = orgs.flatMap((org) => unitsOf.get(org) ?? []);
  const memberships = orgs.length === 0 ? [] : [{ membershipType: 'MANAGEMENT' as const, omnipresence: false, orgs, ous: [] }, { membershipType: 'BUSINESS_DATA' as const, omnipresence: false, orgs, ous }];
  const uuid = await createUser(t.db, { email, password: PASSWORD, permissions: [...permissions], memberships });
  return { uuid, email, token: (await signIn(email)).token };
}
const lacking = new Map<string, Promise<string>>();
/** A user refused by the need: of A with every other permission, or of nothing ('member'). */
function lackingToken(need: Exclude<Need, 'self'>): Promise<string> {
  if (need === 'owner') return lackingToken({ any: [] });
  const key = need === 'member' ? 'member' : [...need.any].sort().join(',');
  let found = lacking.get(key);
  if (!found) {
    found = need === 'member' ? newUser('nobody', ALL, []).then((u) => u.token) : newUser('lacking', ALL.filter((p) => !need.any.includes(p)), [A.org]).then((u) => u.token);
    lacking.set(key, found);
  }
  return found;
}

function send(method: string, call: Call, token: string | null): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...call.headers, ...(token === null ? {} : bearer(token)) };
  const payload = call.payload === undefined ? undefined : Buffer.isBuffer(call.payload) || typeof call.payload === 'string' ? call.payload : JSON.stringify(call.payload);
  if (payload !== undefined && !Buffer.isBuffer(call.payload) && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  return t.app.inject({ method: method as 'GET', url: call.url, headers, ...(payload === undefined ? {} : { payload }) });
}
const methodOf = (route: RouteKey) => route.split(' ')[0] ?? 'GET';
const fetchJson = async (url: string, token = admin) => {
  const response = await send('GET', { url }, token);
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<Record<string, unknown>>();
};
/** A record as read, without what a client may not send back. */
const editable = (record: Record<string, unknown>) => {
  const { uuid: _uuid, version: _version, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = record;
  return rest;
};
const ifMatch = (version: unknown) => ({ 'if-match': `"${String(version)}"` });

// ---------------------------------------------------------------------------------------------
// The matrix. Paths name records of organization A; `A.*` are filled in beforeAll.
// ---------------------------------------------------------------------------------------------
const ORG_SETUP: Need = { any: ['SETUP_ORG'] };
const UNIT_SETUP: Need = { any: ['SETUP_ORG', 'SETUP_OU'] };
const USERS: Need = { any: ['MANAGE_USER'] };
const TRANSACTIONS: Need = { any: ['VIEW_TRANSACTIONS'] };
const orgPath = (rest = '') => `/api/organization/${A.org}${rest}`;
const hotelPath = (rest = '') => orgPath(`/hotel/${A.harbour}${rest}`);
const menuPath = (rest = '') => `/api/order-item/v1/org/${A.org}/ou/${A.rooftop}${rest}`;
const discountPath = (rest = '') => `/api/discount/v1/organizations/${A.org}/ous/${A.rooftop}${rest}`;
const unique = (name: string) => `${name} ${randomUUID().slice(0, 8)}`;

/**
 * The five routes of a `defineResource` declaration: list, create, read, update (the record read
 * back, renamed), delete (a record made for it by `spare`).
 */
function resource(pattern: string, needs: Need, base: () => string, one: () => string, create: () => Record<string, unknown> | Promise<Record<string, unknown>>, spare: () => Promise<string>, rename: (record: Record<string, unknown>) => Record<string, unknown>): Entry[] {
  return [
    { route: `GET ${pattern}` as RouteKey, needs, call: () => ({ url: base() }) },
    { route: `POST ${pattern}` as RouteKey, needs, ok: 201, call: async () => ({ url: base(), payload: await create() }) },
    { route: `GET ${pattern}/:id` as RouteKey, needs, call: () => ({ url: `${base()}/${one()}` }) },
    {
      route: `PUT ${pattern}/:id` as RouteKey,
      needs,
      call: async () => {
        const record = await fetchJson(`${base()}/${one()}`);
        return { url: `${base()}/${one()}`, payload: rename(editable(record)), headers: ifMatch(record.version) };
      },
    },
    { route: `DELETE ${pattern}/:id` as RouteKey, needs, ok: 204, call: async () => ({ url: `${base()}/${await spare()}` }) },
  ];
}
const renamed = (key: string) => (record: Record<string, unknown>) => ({ ...record, [key]: unique(String(record[key]).slice(0, 40)) });
async function created(url: string, payload: unknown): Promise<string> {
  const response = await send('POST', { url, payload }, admin);
  if (response.statusCode !== 201) throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<{ uuid: string }>().uuid;
}
const connectionBody = () => ({ name: unique('Matrix PMS'), type: 'OPERA_IFC8_XML', host: 'pms.matrix.local', port: 5010 });
const contractBody = () => ({ reference: unique('M'), startDate: '2026-01-01', endDate: null, plan: 'Basic', status: 'DRAFT', notes: '' });
const unitBody = (name: string, parentUuid: string | null) => ({ parentUuid, attributes: { NAME: unique(name) } });

function unitRoutes(kind: 'ous' | 'venues' | 'hotels'): Entry[] {
  const pattern = `/api/organization/:org/${kind}`;
  const type = kind === 'hotels' ? 'HOTEL' : kind === 'venues' ? 'VENUE' : 'REVENUE_CENTER';
  const parent = () => (kind === 'hotels' ? null : kind === 'venues' ? (A.harbour) : (A.rooftop));
  const target = () => (kind === 'hotels' ? A.sunset : kind === 'venues' ? A.beach : A.poolPos) ?? '';
  const body = () => ({ ...unitBody(`Matrix ${type}`, parent()), ...(kind === 'ous' ? { type } : {}) });
  return [
    { route: `GET ${pattern}`, needs: 'member', filtered: true, call: () => ({ url: orgPath(`/${kind}?includeDescendants=TRUE`) }) },
    { route: `POST ${pattern}`, needs: UNIT_SETUP, ok: 201, call: () => ({ url: orgPath(`/${kind}`), payload: body() }) },
    { route: `GET ${pattern}/:id`, needs: 'member', call: () => ({ url: orgPath(`/${kind}/${target()}`) }) },
    {
      route: `PUT ${pattern}/:id`,
      needs: UNIT_SETUP,
      call: async () => {
        const record = await fetchJson(orgPath(`/${kind}/${target()}`));
        return { url: orgPath(`/${kind}/${target()}`), payload: { parentUuid: record.parentUuid, attributes: { ...(record.attributes as object), NAME: unique('Renamed') } }, headers: ifMatch(record.version) };
      },
    },
    { route: `DELETE ${pattern}/:id`, needs: UNIT_SETUP, ok: 204, call: async () => ({ url: orgPath(`/${kind}/${await created(orgPath('/ous'), { ...unitBody('Spare', parent()), type })}`) }) },
  ] as Entry[];
}

const MATRIX: Entry[] = [
  // own account
  { route: 'GET /api/user-profile/v1/user-profile', needs: 'self', call: () => ({ url: '/api/user-profile/v1/user-profile' }) },
  {
    route: 'PATCH /api/user-profile/v1/user-profile',
    needs: 'self',
    call: async () => ({ url: '/api/user-profile/v1/user-profile', payload: { image: null }, actor: (await newUser('self', [], [])).token }),
  },
  { route: 'POST /api/user-profile/v1/user-profile/email', needs: 'self', ok: 202, call: async () => ({ url: '/api/user-profile/v1/user-profile/email', payload: { email: `${randomUUID()}@matrix.example` }, actor: (await newUser('self', [], [])).token }) },
  { route: 'POST /api/user-profile/v1/user-profile/phone', needs: 'self', call: async () => ({ url: '/api/user-profile/v1/user-profile/phone', payload: { telephone: '+351 912 345 678' }, actor: (await newUser('self', [], [])).token }) },
  {
    route: 'POST /api/user-profile/v1/user-profile/password',
    needs: 'self',
    ok: 204,
    call: async () => ({ url: '/api/user-profile/v1/user-profile/password', payload: { currentPassword: PASSWORD, password: 'Another-Password-2' }, actor: (await newUser('self', [], [])).token }),
  },
  {
    route: 'POST /api/user-profile/v1/user-profile/image',
    needs: 'self',
    call: async () => ({ url: '/api/user-profile/v1/user-profile/image', ...multipart([{ name: 'file', filename: 'me.png', contentType: 'image/png', data: PNG }]), actor: (await newUser('self', [], [])).token }),
  },
  { route: 'GET /api/organization/v1/users/:uuid/ous', needs: 'owner', call: () => ({ url: `/api/organization/v1/users/${full.uuid}/ous` }) },

  // users
  { route: 'GET /api/user-profile/v1/user-profile/users', needs: USERS, filtered: true, call: () => ({ url: '/api/user-profile/v1/user-profile/users' }) },
  { route: 'GET /api/user-profile/v1/user-profile/users/grantable', needs: USERS, filtered: true, call: () => ({ url: '/api/user-profile/v1/user-profile/users/grantable' }) },
  { route: 'GET /api/user-profile/v1/user-profile/:uuid', needs: USERS, call: () => ({ url: `/api/user-profile/v1/user-profile/${A.member}` }) },
  { route: 'GET /api/user-profile/v1/user-profile/users/:uuid', needs: USERS, call: () => ({ url: `/api/user-profile/v1/user-profile/users/${A.member}` }) },
  {
    route: 'POST /api/user-profile/v1/user-profile/users',
    needs: USERS,
    ok: 201,
    call: () => ({ url: '/api/user-profile/v1/user-profile/users', payload: { email: `${randomUUID()}@matrix.example`, permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [A.org], ous: [] }] } }),
  },
  {
    route: 'PUT /api/user-profile/v1/user-profile/users/:uuid',
    needs: USERS,
    call: () => ({ url: `/api/user-profile/v1/user-profile/users/${A.member}`, payload: { permissions: ['SETUP_OU'], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [A.org], ous: [] }], active: true } }),
  },
  { route: 'POST /api/user-profile/v1/user-profile/users/:uuid/invitation', needs: USERS, ok: 202, call: () => ({ url: `/api/user-profile/v1/user-profile/users/${A.invited}/invitation` }) },

  // organizations
  { route: 'GET /api/organization/v1/organization', needs: 'member', filtered: true, call: () => ({ url: '/api/organization/v1/organization' }) },
  {
    route: 'POST /api/organization/v1/organization',
    needs: { any: ['CREATE_ORG'] },
    ok: 201,
    anyOrganization: 'a new organization names no record of A', call: () => ({ url: '/api/organization/v1/organization', payload: { legalCompanyName: unique('Matrix Org'), status: 'ACTIVE' } }),
  },
  { route: 'GET /api/organization/:org', needs: 'member', call: () => ({ url: orgPath() }) },
  {
    route: 'PUT /api/organization/:org',
    needs: ORG_SETUP,
    call: async () => {
      const record = await fetchJson(orgPath());
      return { url: orgPath(), payload: { legalCompanyName: record.legalCompanyName, status: record.status, attributes: record.attributes }, headers: ifMatch(record.version) };
    },
  },
  { route: 'GET /api/organization/:org/access-control-service', needs: 'member', call: () => ({ url: orgPath('/access-control-service') }) },
  { route: 'GET /api/organization/:org/activity', needs: UNIT_SETUP, call: () => ({ url: orgPath('/activity') }) },
  { route: 'GET /api/organization/:org/history/:kind/:uuid', needs: ORG_SETUP, call: () => ({ url: orgPath(`/history/contract/${A.contract}`) }) },
  { route: 'POST /api/organization/:org/images/tmp/upload', needs: UNIT_SETUP, ok: 201, call: () => ({ url: orgPath('/images/tmp/upload'), ...multipart([{ name: 'file', filename: 'logo.png', contentType: 'image/png', data: PNG }]) }) },

  // units
  ...unitRoutes('ous'),
  ...unitRoutes('venues'),
  ...unitRoutes('hotels'),
  { route: 'GET /api/organization/v1/ous/:uuid', needs: 'member', call: () => ({ url: `/api/organization/v1/ous/${A.rooftop}` }) },
  { route: 'POST /api/organization/:org/ous/:id/clone', needs: UNIT_SETUP, ok: 201, call: () => ({ url: orgPath(`/ous/${A.beach}/clone`), payload: { uuid: randomUUID(), name: unique('Clone') } }) },

  // PMS
  ...resource('/api/organization/:org/pms-connection', ORG_SETUP, () => orgPath('/pms-connection'), () => A.connection, connectionBody, () => created(orgPath('/pms-connection'), connectionBody()), renamed('name')),
  { route: 'GET /api/web-bff/v1/web/:org/pms-connections', needs: ORG_SETUP, call: () => ({ url: `/api/web-bff/v1/web/${A.org}/pms-connections` }) },
  { route: 'POST /api/web-bff/v1/web/pms-connections', needs: ORG_SETUP, ok: 201, call: () => ({ url: '/api/web-bff/v1/web/pms-connections', payload: { ...connectionBody(), orgUuid: A.org } }) },
  { route: 'GET /api/pms-operator/v1/pms-connections/:id', needs: ORG_SETUP, call: () => ({ url: `/api/pms-operator/v1/pms-connections/${A.connection}` }) },
  { route: 'POST /api/agent/v1/agents/otp-code/:id', needs: ORG_SETUP, ok: 201, call: () => ({ url: `/api/agent/v1/agents/otp-code/${A.agentConnection}` }) },
  ...resource(
    '/api/organization/:org/hotel-definition',
    ORG_SETUP,
    () => orgPath('/hotel-definition'),
    () => A.definition,
    () => ({ name: unique('Matrix definition'), pmsConnectionUuid: A.connection, hotelUuid: null, isManualRoomEntryEnabled: true }),
    () => created(orgPath('/hotel-definition'), { name: unique('Spare definition'), hotelUuid: null, isManualRoomEntryEnabled: true }),
    renamed('name'),
  ),
  ...resource(
    '/api/organization/:org/hotel/:hotel/pms-package',
    UNIT_SETUP,
    () => hotelPath('/pms-package'),
    () => A.package,
    () => ({ externalId: unique('PKG'), calculationRule: 'ADULT' }),
    () => created(hotelPath('/pms-package'), { externalId: unique('SPARE'), calculationRule: 'ADULT' }),
    renamed('externalId'),
  ),
  ...resource(
    '/api/organization/:org/hotel/:hotel/pms-rate-code',
    UNIT_SETUP,
    () => hotelPath('/pms-rate-code'),
    () => A.rateCode,
    () => ({ name: unique('RC'), packages: [A.package] }),
    () => created(hotelPath('/pms-rate-code'), { name: unique('SPARE'), packages: [A.package] }),
    renamed('name'),
  ),
  ...resource(
    '/api/organization/:org/hotel/:hotel/access-control-service',
    UNIT_SETUP,
    () => hotelPath('/access-control-service'),
    () => A.service,
    () => ({ name: unique('Door') }),
    () => created(hotelPath('/access-control-service'), { name: unique('Spare door') }),
    renamed('name'),
  ),
  { route: 'PATCH /api/organization/:org/hotel/:hotel/pms-package', needs: UNIT_SETUP, call: () => ({ url: hotelPath('/pms-package'), payload: { newPackages: [{ externalId: unique('BULK'), calculationRule: 'ADULT' }] } }) },
  { route: 'PATCH /api/organization/:org/hotel/:hotel/pms-rate-code', needs: UNIT_SETUP, call: () => ({ url: hotelPath('/pms-rate-code'), payload: { newRateCodes: [{ name: unique('BULK'), packages: [A.package] }] } }) },
  { route: 'PATCH /api/organization/:org/hotel/:hotel/access-control-service', needs: UNIT_SETUP, call: () => ({ url: hotelPath('/access-control-service'), payload: { newAccessControlServices: [{ name: unique('Bulk door') }] } }) },
  { route: 'GET /api/organization/:org/hotel/:hotel/pms-package/export', needs: UNIT_SETUP, call: () => ({ url: hotelPath('/pms-package/export') }) },
  { route: 'GET /api/organization/:org/hotel/:hotel/pms-rate-code/export', needs: UNIT_SETUP, call: () => ({ url: hotelPath('/pms-rate-code/export') }) },
  {
    route: 'POST /api/organization/:org/hotel/:hotel/pms-package/import',
    needs: UNIT_SETUP,
    call: async () => ({ url: hotelPath('/pms-package/import'), ...multipart([{ name: 'file', filename: 'packages.csv', contentType: 'text/csv', data: await csvOf(hotelPath('/pms-package/export')) }]) }),
  },
  {
    route: 'POST /api/organization/:org/hotel/:hotel/pms-rate-code/import',
    needs: UNIT_SETUP,
    call: async () => ({ url: hotelPath('/pms-rate-code/import'), ...multipart([{ name: 'file', filename: 'codes.csv', contentType: 'text/csv', data: await csvOf(hotelPath('/pms-rate-code/export')) }]) }),
  },
  { route: 'PUT /api/organization/:org/hotel/:hotel/save', needs: UNIT_SETUP, call: () => ({ url: hotelPath('/save'), payload: {} }) },

  // contracts
  ...resource('/api/organization/:org/contract', ORG_SETUP, () => orgPath('/contract'), () => A.contract, contractBody, () => created(orgPath('/contract'), contractBody()), renamed('reference')),

  // devices and POS
  { route: 'GET /api/device/v1/organizations/:org/devices', needs: UNIT_SETUP, call: () => ({ url: `/api/device/v1/organizations/${A.org}/devices` }) },
  {
    route: 'PUT /api/device/v1/organizations/:org/devices/:device/assign',
    needs: ORG_SETUP,
    call: () => ({ url: `/api/device/v1/organizations/${A.org}/devices/${A.device}/assign`, payload: { alias: unique('Till'), organizationUuid: A.org } }),
  },
  { route: 'PUT /api/device/v1/organizations/:org/devices/:device/unassign', needs: ORG_SETUP, call: () => ({ url: `/api/device/v1/organizations/${A.org}/devices/${A.spareDevice}/unassign`, payload: { organizationUuid: A.org } }) },
  { route: 'GET /api/device/v1/ous/:ou/devices', needs: UNIT_SETUP, call: () => ({ url: `/api/device/v1/ous/${A.rooftop}/devices` }) },
  { route: 'PUT /api/device/v1/ous/:ou/devices/assign', needs: UNIT_SETUP, call: () => ({ url: `/api/device/v1/ous/${A.rooftop}/devices/assign`, payload: [A.deviceAlias] }) },
  { route: 'GET /api/ordering/v1/pos-installations/:org', needs: UNIT_SETUP, call: () => ({ url: `/api/ordering/v1/pos-installations/${A.org}` }) },
  { route: 'GET /api/ordering/v1/pos-installations/:org/ou/:ou', needs: UNIT_SETUP, call: () => ({ url: `/api/ordering/v1/pos-installations/${A.org}/ou/${A.installationUnit}` }) },
  { route: 'POST /api/pos-collector/v1/org/:org/installations/:id/catalog/reset', needs: UNIT_SETUP, call: () => ({ url: `/api/pos-collector/v1/org/${A.org}/installations/${A.installation}/catalog/reset` }) },
  { route: 'POST /api/pos-collector/v1/org/:org/installations/:id/catalog/synced', needs: UNIT_SETUP, call: () => ({ url: `/api/pos-collector/v1/org/${A.org}/installations/${A.installation}/catalog/synced`, payload: { catalogVersion: 1 } }) },

  // a unit's menu and discounts
  ...resource('/api/order-item/v1/org/:org/ou/:ou/categories', UNIT_SETUP, () => menuPath('/categories'), () => A.category, () => ({ name: unique('Category') }), () => created(menuPath('/categories'), { name: unique('Spare') }), renamed('name')),
  ...resource('/api/order-item/v1/org/:org/ou/:ou/tags', UNIT_SETUP, () => menuPath('/tags'), () => A.tag, () => ({ name: unique('Tag') }), () => created(menuPath('/tags'), { name: unique('Spare') }), renamed('name')),
  ...resource(
    '/api/order-item/v1/org/:org/ou/:ou/order-item-definitions',
    UNIT_SETUP,
    () => menuPath('/order-item-definitions'),
    () => A.item,
    () => ({ name: unique('Item'), priceMinor: 500 }),
    () => created(menuPath('/order-item-definitions'), { name: unique('Spare'), priceMinor: 100 }),
    renamed('name'),
  ),
  { route: 'GET /api/order-item/v1/org/:org/ou/:ou/order-item-definitions/favorites', needs: UNIT_SETUP, call: () => ({ url: menuPath('/order-item-definitions/favorites') }) },
  { route: 'PUT /api/order-item/v1/org/:org/ou/:ou/order-item-definitions/favorites', needs: UNIT_SETUP, call: () => ({ url: menuPath('/order-item-definitions/favorites'), payload: [A.item] }) },
  ...resource(
    '/api/discount/v1/organizations/:org/ous/:ou/discounts',
    UNIT_SETUP,
    () => discountPath('/discounts'),
    () => A.discount,
    () => ({ name: unique('Discount'), type: 'PERCENTAGE', value: 500 }),
    () => created(discountPath('/discounts'), { name: unique('Spare'), type: 'AMOUNT', value: 100 }),
    renamed('name'),
  ),
  { route: 'GET /api/discount/v1/organizations/:org/ous/:ou/discount/selected', needs: UNIT_SETUP, call: () => ({ url: discountPath('/discount/selected') }) },
  { route: 'PUT /api/discount/v1/organizations/:org/ous/:ou/discount/selected', needs: UNIT_SETUP, call: () => ({ url: discountPath('/discount/selected'), payload: [A.discount] }) },

  // business data
  { route: 'GET /api/transaction/v1/transactions/search', needs: TRANSACTIONS, call: () => ({ url: `/api/transaction/v1/transactions/search?ouUuids=${A.harbour}` }) },
  { route: 'GET /api/transaction/v1/transactions/:uuid', needs: TRANSACTIONS, call: () => ({ url: `/api/transaction/v1/transactions/${A.transaction}` }) },
  { route: 'GET /api/access-control/v1/access-control/find', needs: TRANSACTIONS, call: () => ({ url: `/api/access-control/v1/access-control/find?orgUuid=${A.org}` }) },
  {
    route: 'POST /api/reporting/ous/organization/:org/transactions/export',
    needs: TRANSACTIONS,
    ok: 202,
    call: () => ({ url: `/api/reporting/ous/organization/${A.org}/transactions/export?${exportQuery()}` }),
  },
  { route: 'POST /api/reporting/v1/reporting/ous/:ou/transactions/export', needs: TRANSACTIONS, ok: 202, call: () => ({ url: `/api/reporting/v1/reporting/ous/${A.harbour}/transactions/export?${exportQuery()}` }) },
  { route: 'GET /api/reporting/v1/reporting/exports/:job', needs: TRANSACTIONS, call: () => ({ url: `/api/reporting/v1/reporting/exports/${A.exportJob}` }) },
  { route: 'GET /api/reporting/v1/reporting/exports/:job/download', needs: TRANSACTIONS, call: () => ({ url: `/api/reporting/v1/reporting/exports/${A.exportJob}/download` }) },

  // the outbox batch: each change authorized as if sent alone
  {
    route: 'POST /api/outbox/v1/batch',
    needs: ORG_SETUP,
    batch: true,
    call: () => ({ url: '/api/outbox/v1/batch', payload: { changes: [{ method: 'POST', path: `/organization/${A.org}/contract`, body: contractBody() }] } }),
  },
];

const exportQuery = () => new URLSearchParams({ after: '2020-01-01T00:00:00Z', before: '2030-01-01T00:00:00Z', timeZone: 'UTC', email: 'exports@matrix.example' }).toString();
async function csvOf(url: string): Promise<string> {
  const response = await send('GET', { url }, admin);
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
  return response.body;
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await createTestApp({ onRoute: routes.collect, demoTransactions: 200, demoAccessLog: 50 });
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  if (!demo) throw new Error('no demo organization');
  A.org = demo.uuid;
  const unitOf = new Map((await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, demo.uuid))).map((row) => [row.name, row.uuid]));
  const named = (name: string) => unitOf.get(name) ?? '';
  Object.assign(A, { harbour: named('Harbour View Hotel'), sunset: named('Sunset Bay Resort'), rooftop: named('Rooftop Bar'), beach: named('Beach Club'), poolPos: named('Pool Bar POS') });
  const first = async <T>(rows: Promise<T[]>): Promise<T> => {
    const [row] = await rows;
    if (!row) throw new Error('no seeded record');
    return row;
  };
  A.connection = (await first(t.db.select().from(pmsConnections).where(eq(pmsConnections.orgUuid, demo.uuid)))).uuid;
  A.definition = (await first(t.db.select().from(hotelDefinitions).where(eq(hotelDefinitions.hotelUuid, A.harbour)))).uuid;
  A.package = (await first(t.db.select().from(pmsPackages).where(eq(pmsPackages.hotelUuid, A.harbour)))).uuid;
  A.rateCode = (await first(t.db.select().from(rateCodes).where(eq(rateCodes.hotelUuid, A.harbour)))).uuid;
  A.service = (await first(t.db.select().from(accessControlServices).where(eq(accessControlServices.hotelUuid, A.harbour)))).uuid;
  A.category = (await first(t.db.select().from(orderItemCategories).where(eq(orderItemCategories.ouUuid, A.rooftop)))).uuid;
  A.tag = (await first(t.db.select().from(orderItemTags).where(eq(orderItemTags.ouUuid, A.rooftop)))).uuid;
  A.item = (await first(t.db.select().from(orderItemDefinitions).where(eq(orderItemDefinitions.ouUuid, A.rooftop)))).uuid;
  A.discount = (await first(t.db.select().from(discounts).where(eq(discounts.ouUuid, A.rooftop)))).uuid;
  const installation = await first(t.db.select().from(posInstallations).where(eq(posInstallations.orgUuid, demo.uuid)));
  Object.assign(A, { installation: installation.uuid, installationUnit: installation.ouUuid });
  A.transaction = (await first(t.db.select().from(transactions).where(eq(transactions.ouUuid, A.harbour)))).uuid;
  const orgDevices = await t.db.select().from(devices).where(eq(devices.orgUuid, demo.uuid));
  Object.assign(A, { device: orgDevices[0]?.uuid, spareDevice: orgDevices[1]?.uuid, deviceAlias: orgDevices[2]?.alias });
  A.agentConnection = await created(orgPath('/pms-connection'), { ...connectionBody(), type: 'OPERA_IFC8_XML_AGENT' });
  A.contract = await created(orgPath('/contract'), contractBody());

  // organization B, with a hotel and a venue of its own
  const [orgB] = await t.db.insert(organizations).values({ name: 'Other Group', legalCompanyName: 'Other Group Ltd' }).returning();
  if (!orgB) throw new Error('no organization B');
  B.org = orgB.uuid;
  const [hotelB] = await t.db.insert(organizationalUnits).values({ orgUuid: orgB.uuid, type: 'HOTEL', name: 'Other Hotel' }).returning();
  B.hotel = hotelB?.uuid ?? '';
  const [venueB] = await t.db.insert(organizationalUnits).values({ orgUuid: orgB.uuid, type: 'VENUE', name: 'Other Venue', parentUuid: B.hotel }).returning();
  B.venue = venueB?.uuid ?? '';
  B.package = (await first(t.db.insert(pmsPackages).values({ orgUuid: orgB.uuid, hotelUuid: B.hotel, name: 'Other breakfast', externalId: 'OB', calculationRule: 'ADULT' }).returning())).uuid;
  B.contract = (await first(t.db.insert(contracts).values({ orgUuid: orgB.uuid, reference: 'B-1', startDate: '2026-01-01', endDate: null, plan: '', status: 'DRAFT', notes: '' }).returning())).uuid;

  for (const row of await t.db.select().from(organizationalUnits)) unitsOf.set(row.orgUuid, [...(unitsOf.get(row.orgUuid) ?? []), row.uuid]);
  const fullA = await newUser('full-a', ALL, [A.org]);
  full = { uuid: fullA.uuid, token: fullA.token };
  const fullB = await newUser('full-b', ALL, [B.org]);
  other = { uuid: fullB.uuid, token: fullB.token };
  A.member = (await newUser('member-a', [], [A.org])).uuid;
  const invite = await send('POST', { url: '/api/user-profile/v1/user-profile/users', payload: { email: `${randomUUID()}@matrix.example`, permissions: [], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [A.org], ous: [] }] } }, admin);
  A.invited = invite.json<{ uuid: string }>().uuid;

  // an expired access token of a live session, and the token of a session signed out
  const stale = await signIn(fullA.email);
  await t.db.update(accessTokens).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(accessTokens.tokenHash, sha256(stale.token)));
  expired = stale.token;
  const gone = await signIn(fullA.email);
  const logout = await send('POST', { url: '/api/authentication/v1/users/tokens/revoke', payload: { refreshToken: gone.refreshToken } }, null);
  expect(logout.statusCode).toBe(204);
  revoked = gone.token;

  // an export of A's transactions made by the full user, written
  const exported = await send('POST', { url: `/api/reporting/ous/organization/${A.org}/transactions/export?${exportQuery()}` }, full.token);
  expect(exported.statusCode, exported.body).toBe(202);
  A.exportJob = exported.json<{ uuid: string }>().uuid;
  await t.app.lobby.exports.drain();

  for (const entry of MATRIX) prepared.set(entry.route, await entry.call());
  for (const need of MATRIX.map((entry) => entry.needs)) if (need !== 'self') await lackingToken(need);
  await t.app.lobby.settle();
  fingerprint = await databaseFingerprint(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** The ids of organization A a caller must not get back. */
const secrets = () => [A.org, A.harbour, A.sunset, A.rooftop, A.connection, A.member, full.uuid].filter((id): id is string => typeof id === 'string' && id !== '');
function succeeded(entry: Entry, response: LightMyRequestResponse, strict = false): boolean {
  if (response.statusCode < 200 || response.statusCode > 299) return false;
  if (entry.batch) return response.json<{ results: { status: number }[] }>().results.every((result) => result.status >= 200 && result.status <= 299);
  if (entry.filtered && !strict) return secrets().some((id) => response.body.includes(id));
  return true;
}

describe('the matrix covers the app', () => {
  it('has an entry, or a public reason, for every route the app registers under /api', () => {
    const registered = routes.keys('/api/');
    expect(registered.length).toBeGreaterThan(100);
    const covered = new Set<string>([...Object.keys(PUBLIC), ...MATRIX.map((entry) => entry.route)]);
    const missing = registered.filter((key) => !covered.has(key));
    expect(missing, `routes without a matrix entry: add them to MATRIX or PUBLIC`).toEqual([]);
    const gone = [...covered].filter((key) => !registered.includes(key as RouteKey));
    expect(gone, 'entries of routes the app does not register').toEqual([]);
    expect(new Set(MATRIX.map((entry) => entry.route)).size).toBe(MATRIX.length);
  });
});

describe('refusals', () => {
  const cases: [string, (entry: Entry) => Promise<string | null> | null, number[]][] = [
    ['without a token', () => Promise.resolve(null), [401]],
    ['with an expired access token', () => Promise.resolve(expired), [401]],
    ['with the token of a signed-out session', () => Promise.resolve(revoked), [401]],
    ['as a user of organization B with every right there', (entry) => (entry.needs === 'self' || entry.anyOrganization ? null : Promise.resolve(other.token)), [403, 404]],
    ['as a user of A lacking the grant', (entry) => (entry.needs === 'self' ? null : lackingToken(entry.needs)), [403, 404]],
  ];
  for (const entry of MATRIX) {
    it.concurrent(entry.route, async () => {
      const call = prepared.get(entry.route) as Call;
      const answers: string[] = [];
      for (const [label, tokenOf, statuses] of cases) {
        const token = tokenOf(entry);
        if (token === null) continue;
        const response = await send(methodOf(entry.route), call, await token);
        if (succeeded(entry, response)) answers.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        else if (!(entry.filtered && response.statusCode === 200) && !entry.batch && !statuses.includes(response.statusCode)) answers.push(`${label}: ${response.statusCode} (expected ${statuses.join(' or ')}) ${response.body.slice(0, 200)}`);
      }
      expect(answers).toEqual([]);
    });
  }
  it('left the database as it was', async () => {
    await t.app.lobby.settle();
    expect(await databaseFingerprint(t.db)).toEqual(fingerprint);
  });
});

describe('successes', () => {
  const rank = (entry: Entry) => ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].indexOf(methodOf(entry.route));
  for (const entry of [...MATRIX].sort((a, b) => rank(a) - rank(b))) {
    it(`${entry.route} as a user of A with the grant`, async () => {
      const call = prepared.get(entry.route) as Call;
      const response = await send(methodOf(entry.route), call, call.actor ?? full.token);
      expect(response.statusCode, response.body.slice(0, 500)).toBe(entry.ok ?? 200);
      expect(succeeded(entry, response, true), response.body.slice(0, 500)).toBe(true);
    });
  }
});

