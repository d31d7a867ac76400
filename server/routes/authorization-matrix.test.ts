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
  users,
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
    'the SMS link token is the credential; the 6-digit code needs the bearer (profile-writes.test.ts)',
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
  /** why a manager of one hotel of A may call it (it answers what they may read of the organization) */
  anyUnit?: string;
  /** the unit the addressed record is on, when its call does not name it (for the other hotel's manager) */
  on?: () => string;
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
  image: '',
};
/** records of organization B */
const B = { org: '', hotel: '', venue: '', package: '', contract: '' };
const prepared = new Map<RouteKey, Call>();
let fingerprint: Record<string, string> = {};
/** a manager (every permission) of each demo hotel and what is below it, and the units of each subtree */
const manager = { harbour: '', sunset: '' };
/** every permission, and only a BUSINESS_DATA membership of A (no MANAGEMENT): sees A's business data, sets up nothing */
let businessOnly = '';
const subtree = { harbour: new Set<string>(), sunset: new Set<string>() };
/**
 * The manager of the other hotel than the one the call's units are in (units of neither hotel: the
 * harbour manager), or null when the call names units of both.
 */
function siblingManager(call: Call, on = ''): string | null {
  const text = `${on} ${call.url} ${typeof call.payload === 'object' && !Buffer.isBuffer(call.payload) ? JSON.stringify(call.payload) : ''}`;
  const inHarbour = [...subtree.harbour].some((uuid) => text.includes(uuid));
  const inSunset = [...subtree.sunset].some((uuid) => text.includes(uuid));
  if (inHarbour && inSunset) return null;
  return inHarbour ? manager.sunset : manager.harbour;
}
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
    anyOrganization: 'a new organization names no record of A',
    anyUnit: 'a new organization names no record of A', call: () => ({ url: '/api/organization/v1/organization', payload: { legalCompanyName: unique('Matrix Org'), status: 'ACTIVE' } }),
  },
  { route: 'GET /api/organization/:org', anyUnit: 'a member reads the organization with the units it may see (units.test.ts)', needs: 'member', call: () => ({ url: orgPath() }) },
  {
    route: 'PUT /api/organization/:org',
    needs: ORG_SETUP,
    call: async () => {
      const record = await fetchJson(orgPath());
      return { url: orgPath(), payload: { legalCompanyName: record.legalCompanyName, status: record.status, attributes: record.attributes }, headers: ifMatch(record.version) };
    },
  },
  { route: 'GET /api/organization/:org/access-control-service', anyUnit: 'anyone who sees the organization may read them (what POI_ACCESS_CONTROL_SERVICES may name)', needs: 'member', call: () => ({ url: orgPath('/access-control-service') }) },
  { route: 'GET /api/organization/:org/activity', anyUnit: 'unit setup reads the entries of its units (history.test.ts)', needs: UNIT_SETUP, call: () => ({ url: orgPath('/activity') }) },
  { route: 'GET /api/organization/:org/history/:kind/:uuid', needs: ORG_SETUP, call: () => ({ url: orgPath(`/history/contract/${A.contract}`) }) },
  { route: 'POST /api/organization/:org/images/tmp/upload', anyUnit: 'unit setup uploads images for its units', needs: UNIT_SETUP, ok: 201, call: () => ({ url: orgPath('/images/tmp/upload'), ...multipart([{ name: 'file', filename: 'logo.png', contentType: 'image/png', data: PNG }]) }) },

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
  { route: 'GET /api/device/v1/organizations/:org/devices', anyUnit: 'setup of one of its units lists the organization\'s devices, to place them (documented)', needs: UNIT_SETUP, call: () => ({ url: `/api/device/v1/organizations/${A.org}/devices` }) },
  {
    route: 'PUT /api/device/v1/organizations/:org/devices/:device/assign',
    needs: ORG_SETUP,
    call: () => ({ url: `/api/device/v1/organizations/${A.org}/devices/${A.device}/assign`, payload: { alias: unique('Till'), organizationUuid: A.org } }),
  },
  { route: 'PUT /api/device/v1/organizations/:org/devices/:device/unassign', needs: ORG_SETUP, call: () => ({ url: `/api/device/v1/organizations/${A.org}/devices/${A.spareDevice}/unassign`, payload: { organizationUuid: A.org } }) },
  { route: 'GET /api/device/v1/ous/:ou/devices', needs: UNIT_SETUP, call: () => ({ url: `/api/device/v1/ous/${A.rooftop}/devices` }) },
  { route: 'PUT /api/device/v1/ous/:ou/devices/assign', needs: UNIT_SETUP, call: () => ({ url: `/api/device/v1/ous/${A.rooftop}/devices/assign`, payload: [A.deviceAlias] }) },
  { route: 'GET /api/ordering/v1/pos-installations/:org', anyUnit: 'unit setup lists the installations of its units', needs: UNIT_SETUP, call: () => ({ url: `/api/ordering/v1/pos-installations/${A.org}` }) },
  { route: 'GET /api/ordering/v1/pos-installations/:org/ou/:ou', needs: UNIT_SETUP, call: () => ({ url: `/api/ordering/v1/pos-installations/${A.org}/ou/${A.installationUnit}` }) },
  { route: 'POST /api/pos-collector/v1/org/:org/installations/:id/catalog/reset', on: () => A.installationUnit, needs: UNIT_SETUP, call: () => ({ url: `/api/pos-collector/v1/org/${A.org}/installations/${A.installation}/catalog/reset` }) },
  { route: 'POST /api/pos-collector/v1/org/:org/installations/:id/catalog/synced', on: () => A.installationUnit, needs: UNIT_SETUP, call: () => ({ url: `/api/pos-collector/v1/org/${A.org}/installations/${A.installation}/catalog/synced`, payload: { catalogVersion: 1 } }) },

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
  { route: 'GET /api/transaction/v1/transactions/:uuid', on: () => A.harbour, needs: TRANSACTIONS, call: () => ({ url: `/api/transaction/v1/transactions/${A.transaction}` }) },
  { route: 'GET /api/access-control/v1/access-control/find', anyUnit: 'the units the caller may read, by default (access-log.test.ts)', needs: TRANSACTIONS, call: () => ({ url: `/api/access-control/v1/access-control/find?orgUuid=${A.org}` }) },
  {
    route: 'POST /api/reporting/ous/organization/:org/transactions/export', anyUnit: 'covers the units of the organization the caller may read (documented)',
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


// ---------------------------------------------------------------------------------------------
// Organization B's own paths naming A's records: in a path, a body or a query string. None may read
// or write anything of A; a list may answer 200 when it holds none of A's records (`filtered`).
// ---------------------------------------------------------------------------------------------
interface CrossCall extends Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  what: string;
  filtered?: true;
}
const bOrg = (rest = '') => `/api/organization/${B.org}${rest}`;
const bHotel = (rest = '') => bOrg(`/hotel/${B.hotel}${rest}`);
const bMenu = (rest = '') => `/api/order-item/v1/org/${B.org}/ou/${B.venue}${rest}`;
const CROSS: (() => CrossCall)[] = [
  () => ({ what: "a rate code naming A's package", method: 'POST', url: bHotel('/pms-rate-code'), payload: { name: 'X', packages: [A.package] } }),
  () => ({ what: "bulk rate codes naming A's package", method: 'PATCH', url: bHotel('/pms-rate-code'), payload: { newRateCodes: [{ name: 'X', packages: [A.package] }] } }),
  () => ({ what: "a bulk update of A's package under B's hotel", method: 'PATCH', url: bHotel('/pms-package'), payload: { updatedPackages: [{ uuid: A.package, externalId: 'TAKEN' }] } }),
  () => ({ what: "A's package under B's hotel path", method: 'PUT', url: bHotel(`/pms-package/${A.package}`), payload: { externalId: 'TAKEN', calculationRule: 'ADULT' } }),
  () => ({ what: "A's package under B's hotel path", method: 'DELETE', url: bHotel(`/pms-package/${A.package}`) }),
  () => ({ what: "A's package under B's hotel path", method: 'GET', url: bHotel(`/pms-package/${A.package}`) }),
  () => ({
    what: "a hotel definition of A's hotel on A's connection",
    method: 'POST',
    url: bOrg('/hotel-definition'),
    payload: { name: 'X', hotelUuid: A.harbour, pmsConnectionUuid: A.connection, isManualRoomEntryEnabled: true },
  }),
  () => ({
    what: "an access service naming A's definition, package and hotel",
    method: 'POST',
    url: bHotel('/access-control-service'),
    payload: { name: 'X', hotelsAndPackages: [{ hotelDefinitionUuid: A.definition, pmsPackageUuid: A.package }], defaultHotelUuid: A.harbour },
  }),
  () => ({ what: "a hotel save of B's hotel changing A's package and deleting A's rate code", method: 'PUT', url: bHotel('/save'), payload: { packages: { updatedPackages: [{ uuid: A.package, externalId: 'TAKEN' }] }, rateCodes: { deletedRateCodes: [A.rateCode] } } }),
  () => ({ what: "a hotel save creating B's hotel with A's hotel uuid", method: 'PUT', url: bOrg(`/hotel/${A.harbour}/save`), payload: { hotel: { parentUuid: null, attributes: { NAME: 'Taken' } } } }),
  () => ({ what: "B's unit placed on A's device alias", method: 'PUT', url: `/api/device/v1/ous/${B.venue}/devices/assign`, payload: [A.deviceAlias] }),
  () => ({ what: "A's device assigned to B", method: 'PUT', url: `/api/device/v1/organizations/${B.org}/devices/${A.device}/assign`, payload: { alias: 'Taken', organizationUuid: B.org } }),
  () => ({ what: "A's device unassigned through B", method: 'PUT', url: `/api/device/v1/organizations/${B.org}/devices/${A.device}/unassign`, payload: { organizationUuid: B.org } }),
  () => ({ what: "B's devices with the unassigned ones", method: 'GET', url: `/api/device/v1/organizations/${B.org}/devices?includeUnassigned=TRUE`, filtered: true }),
  () => ({ what: "a unit of B under A's hotel", method: 'POST', url: bOrg('/ous'), payload: { type: 'VENUE', parentUuid: A.harbour, attributes: { NAME: 'X' } } }),
  () => ({ what: "a venue of B charging rooms to A's hotel", method: 'POST', url: bOrg('/venues'), payload: { parentUuid: B.hotel, attributes: { NAME: 'X', POI_ROOM_CHARGE_DEFAULT_HOTEL: A.harbour } } }),
  () => ({ what: "a hotel of B on A's PMS connection", method: 'POST', url: bOrg('/hotels'), payload: { parentUuid: null, attributes: { NAME: 'X', PMS_CONNECTION: A.connection } } }),
  () => ({ what: "B's venue moved under A's hotel", method: 'PUT', url: bOrg(`/venues/${B.venue}`), payload: { parentUuid: A.harbour, attributes: { NAME: 'Other Venue' } } }),
  () => ({ what: "B's organization on A's PMS connection", method: 'PUT', url: bOrg(), payload: { legalCompanyName: 'Other Group Ltd', status: 'ACTIVE', attributes: { PMS_CONNECTION: A.connection } } }),
  () => ({ what: "B's units under A's hotel", method: 'GET', url: bOrg(`/ous?parentUuid=${A.harbour}`), filtered: true }),
  () => ({ what: "A's venue cloned into B", method: 'POST', url: bOrg(`/ous/${A.beach}/clone`), payload: { uuid: randomUUID(), name: 'Taken' } }),
  () => ({ what: "an item of B in A's category with A's tag", method: 'POST', url: bMenu('/order-item-definitions'), payload: { name: 'X', priceMinor: 100, categoryUuid: A.category, tagUuids: [A.tag] } }),
  () => ({ what: "an item of B with A's image", method: 'POST', url: bMenu('/order-item-definitions'), payload: { name: 'X', priceMinor: 100, image: A.image } }),
  () => ({ what: "B's favourites naming A's item", method: 'PUT', url: bMenu('/order-item-definitions/favorites'), payload: [A.item] }),
  () => ({ what: "A's category under B's venue", method: 'DELETE', url: bMenu(`/categories/${A.category}`) }),
  () => ({ what: "B's discounts selecting A's discount", method: 'PUT', url: `/api/discount/v1/organizations/${B.org}/ous/${B.venue}/discount/selected`, payload: [A.discount] }),
  () => ({ what: "A's discount under B's venue", method: 'PUT', url: `/api/discount/v1/organizations/${B.org}/ous/${B.venue}/discounts/${A.discount}`, payload: { name: 'Taken', type: 'AMOUNT', value: 1 } }),
  () => ({ what: "A's POS installation under B", method: 'POST', url: `/api/pos-collector/v1/org/${B.org}/installations/${A.installation}/catalog/reset` }),
  () => ({ what: "A's POS installation under B", method: 'GET', url: `/api/ordering/v1/pos-installations/${B.org}/ou/${A.installationUnit}` }),
  () => ({ what: "A's contract under B", method: 'PUT', url: bOrg(`/contract/${A.contract}`), payload: contractBody() }),
  () => ({ what: "a contract of B with A's contract's uuid", method: 'POST', url: bOrg('/contract'), payload: { ...contractBody(), uuid: A.contract } }),
  () => ({ what: "a PMS connection of B with the uuid of A's", method: 'POST', url: bOrg('/pms-connection'), payload: { ...connectionBody(), uuid: A.connection } }),
  () => ({ what: "the history of A's contract under B", method: 'GET', url: bOrg(`/history/contract/${A.contract}`) }),
  () => ({ what: "B's activity filtered by A's hotel", method: 'GET', url: bOrg(`/activity?unitUuid=${A.harbour}`), filtered: true }),
  () => ({ what: "B's activity filtered by A's user", method: 'GET', url: bOrg(`/activity?userUuid=${full.uuid}`), filtered: true }),
  () => ({ what: "a transaction search of B's hotel and A's", method: 'GET', url: `/api/transaction/v1/transactions/search?ouUuids=${B.hotel},${A.harbour}`, filtered: true }),
  () => ({ what: "B's access log filtered by A's hotel", method: 'GET', url: `/api/access-control/v1/access-control/find?orgUuid=${B.org}&ouUuids=${A.harbour}`, filtered: true }),
  () => ({ what: "B's access log filtered by A's service", method: 'GET', url: `/api/access-control/v1/access-control/find?orgUuid=${B.org}&serviceUuids=${A.service}`, filtered: true }),
  () => ({ what: "an export of B's organization and A's hotel", method: 'POST', url: `/api/reporting/v1/reporting/ous/${A.harbour}/transactions/export?${exportQuery()}` }),
  () => ({ what: 'a user of B made a member of A', method: 'POST', url: '/api/user-profile/v1/user-profile/users', payload: { email: `${randomUUID()}@matrix.example`, permissions: [], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [A.org], ous: [] }] } }),
  () => ({ what: "a user of B given A's hotel", method: 'POST', url: '/api/user-profile/v1/user-profile/users', payload: { email: `${randomUUID()}@matrix.example`, permissions: [], memberships: [{ membershipType: 'BUSINESS_DATA', omnipresence: false, orgs: [], ous: [A.harbour] }] } }),
  () => ({ what: 'a user of B with the uuid of a user of A', method: 'POST', url: '/api/user-profile/v1/user-profile/users', payload: { uuid: A.member, email: `${randomUUID()}@matrix.example`, permissions: [], memberships: [] } }),
  () => ({ what: "B's own grants raised to A", method: 'PUT', url: `/api/user-profile/v1/user-profile/users/${other.uuid}`, payload: { permissions: [...ALL], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [B.org, A.org], ous: [] }], active: true } }),
  () => ({ what: "a batch of B's changes naming A's package", method: 'POST', url: '/api/outbox/v1/batch', payload: { changes: [{ method: 'POST', path: `/organization/${B.org}/hotel/${B.hotel}/pms-rate-code`, body: { name: 'X', packages: [A.package] } }] } }),
];

const exportQuery = () => new URLSearchParams({ after: '2020-01-01T00:00:00Z', before: '2030-01-01T00:00:00Z', timeZone: 'UTC', email: 'exports@matrix.example' }).toString();
async function csvOf(url: string): Promise<string> {
  const response = await send('GET', { url }, admin);
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
  return response.body;
}

// ---------------------------------------------------------------------------------------------

async function first<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('no such record');
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ onRoute: routes.collect, demoTransactions: 200, demoAccessLog: 50 });
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  if (!demo) throw new Error('no demo organization');
  A.org = demo.uuid;
  const unitOf = new Map((await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, demo.uuid))).map((row) => [row.name, row.uuid]));
  const named = (name: string) => unitOf.get(name) ?? '';
  Object.assign(A, { harbour: named('Harbour View Hotel'), sunset: named('Sunset Bay Resort'), rooftop: named('Rooftop Bar'), beach: named('Beach Club'), poolPos: named('Pool Bar POS') });
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
  const image = await send('POST', { url: orgPath('/images/tmp/upload'), ...multipart([{ name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG }]) }, admin);
  A.image = image.json<{ key: string }>().key;

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
  A.member = await createUser(t.db, { email: `member-${randomUUID().slice(0, 8)}@matrix.example`, memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [A.org], ous: [] }] });
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
  const units = await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, A.org));
  for (const hotel of ['harbour', 'sunset'] as const) {
    const found = subtree[hotel];
    found.add(A[hotel]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const unit of units) if (unit.parentUuid !== null && found.has(unit.parentUuid) && !found.has(unit.uuid)) grew = Boolean(found.add(unit.uuid));
    }
    const ous = [A[hotel]];
    const email = `${hotel}-manager-${randomUUID().slice(0, 8)}@matrix.example`;
    await createUser(t.db, { email, password: PASSWORD, permissions: [...ALL], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: false, orgs: [], ous }, { membershipType: 'BUSINESS_DATA', omnipresence: false, orgs: [], ous }] });
    manager[hotel] = (await signIn(email)).token;
  }
  const businessEmail = `business-${randomUUID().slice(0, 8)}@matrix.example`;
  await createUser(t.db, { email: businessEmail, password: PASSWORD, permissions: [...ALL], memberships: [{ membershipType: 'BUSINESS_DATA', omnipresence: false, orgs: [A.org], ous: unitsOf.get(A.org) ?? [] }] });
  businessOnly = (await signIn(businessEmail)).token;
  await t.app.lobby.settle();
  fingerprint = await databaseFingerprint(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** The ids of organization A a caller must not get back. */
const secrets = () => [A.org, A.harbour, A.sunset, A.rooftop, A.connection, A.member, A.device, A.package, A.service, A.transaction, full.uuid].filter((id): id is string => typeof id === 'string' && id !== '');
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
    [
      "as a manager (every permission) of A's other hotel",
      (entry) => {
        const token = entry.needs === 'self' || entry.filtered || entry.anyUnit ? null : siblingManager(prepared.get(entry.route) as Call, entry.on?.());
        return token === null ? null : Promise.resolve(token);
      },
      [403, 404],
    ],
    [
      'as a business-data member of A (every permission, no MANAGEMENT membership)',
      (entry) => (typeof entry.needs === 'object' && !entry.needs.any.includes('VIEW_TRANSACTIONS') && !entry.anyOrganization && !entry.filtered ? Promise.resolve(businessOnly) : null),
      [403, 404],
    ],
  ];
  for (const entry of MATRIX) {
    it.concurrent(entry.route, async () => {
      const call = prepared.get(entry.route) as Call;
      const answers: string[] = [];
      for (const [label, tokenOf, statuses] of cases) {
        const token = tokenOf(entry);
        if (token === null) continue;
        const response = await send(methodOf(entry.route), call, await token);
        // a batch answers 200 with each change refused as it would be alone; a filtered list 200 without A's records
        const refusedInside = entry.batch === true && response.statusCode === 200 && response.json<{ results: { status: number }[] }>().results.every((result) => statuses.includes(result.status));
        if (succeeded(entry, response)) answers.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        else if (!refusedInside && !(entry.filtered && response.statusCode === 200) && !statuses.includes(response.statusCode)) answers.push(`${label}: ${response.statusCode} (expected ${statuses.join(' or ')}) ${response.body.slice(0, 200)}`);
      }
      expect(answers).toEqual([]);
    });
  }
  for (const make of CROSS) {
    const probe = make();
    it.concurrent(`as B: ${probe.what} (${probe.method})`, async () => {
      const response = await send(probe.method, make(), other.token);
      const leaked = secrets().filter((id) => response.body.includes(id));
      if (probe.filtered && response.statusCode === 200) expect(leaked, response.body.slice(0, 300)).toEqual([]);
      else if (probe.url.endsWith('/batch')) expect(response.json<{ results: { status: number }[] }>().results.map((result) => result.status >= 400 && result.status < 500), response.body).toEqual([true]);
      else expect(response.statusCode, response.body.slice(0, 300)).toBeOneOf([400, 403, 404, 409, 422]);
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


// ---------------------------------------------------------------------------------------------
// Fields a caller may not set: refused with a 4xx, or ignored; never stored.
// ---------------------------------------------------------------------------------------------
describe('fields a caller may not set', () => {
  const LONG_AGO = '2001-01-01T00:00:00.000Z';
  const forged = { orgUuid: '', organizationUuid: '', ouUuid: '', version: 42, createdAt: LONG_AGO, updatedAt: LONG_AGO };
  beforeAll(() => Object.assign(forged, { orgUuid: B.org, organizationUuid: B.org, ouUuid: B.venue }));
  const refusedOrIgnored = (response: LightMyRequestResponse) => expect(response.statusCode, response.body.slice(0, 300)).toBeOneOf([200, 201, 400, 403, 409, 422]);

  it('a created record keeps its organization, version 1 and the time it was made, whatever the body says', async () => {
    const response = await send('POST', { url: orgPath('/pms-connection'), payload: { ...connectionBody(), ...forged } }, full.token);
    refusedOrIgnored(response);
    if (response.statusCode !== 201) return;
    const [row] = await t.db.select().from(pmsConnections).where(eq(pmsConnections.uuid, response.json<{ uuid: string }>().uuid));
    expect(row).toMatchObject({ orgUuid: A.org, version: 1 });
    expect(row?.createdAt.getFullYear()).toBeGreaterThan(2001);
    const item = await send('POST', { url: menuPath('/order-item-definitions'), payload: { name: unique('Forged'), priceMinor: 100, ...forged, favorite: true, favoriteOrder: 1 } }, full.token);
    refusedOrIgnored(item);
    if (item.statusCode === 201) {
      const [stored] = await t.db.select().from(orderItemDefinitions).where(eq(orderItemDefinitions.uuid, item.json<{ uuid: string }>().uuid));
      expect(stored).toMatchObject({ orgUuid: A.org, ouUuid: A.rooftop, version: 1, favorite: false });
    }
  });

  it("an update keeps the record's uuid, organization, version sequence and creation time, and leaves the record it names alone", async () => {
    const before = await first(t.db.select().from(contracts).where(eq(contracts.uuid, A.contract)));
    const theirs = await first(t.db.select().from(contracts).where(eq(contracts.uuid, B.contract)));
    const response = await send('PUT', { url: orgPath(`/contract/${A.contract}`), payload: { ...contractBody(), ...forged, uuid: B.contract } }, full.token);
    refusedOrIgnored(response);
    const after = await first(t.db.select().from(contracts).where(eq(contracts.uuid, A.contract)));
    expect(after).toMatchObject({ orgUuid: A.org, version: response.statusCode === 200 ? before.version + 1 : before.version, createdAt: before.createdAt });
    expect(await first(t.db.select().from(contracts).where(eq(contracts.uuid, B.contract)))).toEqual(theirs);
  });

  it("a unit keeps its type and organization; an organization its uuid and the other organization its record", async () => {
    const unit = await fetchJson(orgPath(`/venues/${A.beach}`));
    const moved = await send('PUT', { url: orgPath(`/venues/${A.beach}`), payload: { parentUuid: unit.parentUuid, attributes: unit.attributes, ...forged, type: 'HOTEL', uuid: B.venue } }, full.token);
    refusedOrIgnored(moved);
    expect(await first(t.db.select().from(organizationalUnits).where(eq(organizationalUnits.uuid, A.beach)))).toMatchObject({ orgUuid: A.org, type: 'VENUE' });
    const theirs = await first(t.db.select().from(organizations).where(eq(organizations.uuid, B.org)));
    const org = await fetchJson(orgPath());
    const response = await send('PUT', { url: orgPath(), payload: { legalCompanyName: org.legalCompanyName, status: org.status, attributes: org.attributes, ...forged, uuid: B.org } }, full.token);
    refusedOrIgnored(response);
    expect(await first(t.db.select().from(organizations).where(eq(organizations.uuid, B.org)))).toEqual(theirs);
    expect((await first(t.db.select().from(organizations).where(eq(organizations.uuid, A.org)))).version).not.toBe(42);
  });

  it('a device assignment names its own organization only', async () => {
    const before = await first(t.db.select().from(devices).where(eq(devices.uuid, A.device)));
    const response = await send('PUT', { url: `/api/device/v1/organizations/${A.org}/devices/${A.device}/assign`, payload: { alias: unique('Moved'), organizationUuid: B.org } }, full.token);
    expect(response.statusCode).toBe(422);
    expect(await first(t.db.select().from(devices).where(eq(devices.uuid, A.device)))).toEqual(before);
  });

  it('no one raises their own grants: not through the profile, nor through the users routes, nor by a uuid in use', async () => {
    const self = await newUser('escalating', ['MANAGE_USER'], [A.org]);
    for (const payload of [{ permissions: ['SETUP_ORG'] }, { memberships: [{ membershipType: 'MANAGEMENT', omnipresence: true, orgs: [], ous: [] }] }, { active: true, version: 42 }]) {
      const response = await send('PATCH', { url: '/api/user-profile/v1/user-profile', payload }, self.token);
      expect(response.statusCode, JSON.stringify(payload)).toBeOneOf([400, 403]);
    }
    const own = await send('PUT', { url: `/api/user-profile/v1/user-profile/users/${self.uuid}`, payload: { permissions: [...ALL], memberships: [], active: true } }, self.token);
    expect(own.statusCode).toBe(403);
    // what the grantor does not hold: a permission, omnipresence
    const beyond = await send('POST', { url: '/api/user-profile/v1/user-profile/users', payload: { email: `${randomUUID()}@matrix.example`, permissions: ['SETUP_ORG'], memberships: [] } }, self.token);
    expect(beyond.statusCode).toBe(403);
    const everywhere = await send(
      'PUT',
      { url: `/api/user-profile/v1/user-profile/users/${A.member}`, payload: { permissions: [], memberships: [{ membershipType: 'MANAGEMENT', omnipresence: true, orgs: [], ous: [] }], active: true } },
      full.token,
    );
    expect(everywhere.statusCode).toBe(403);
    const taken = await send('POST', { url: '/api/user-profile/v1/user-profile/users', payload: { uuid: full.uuid, email: `${randomUUID()}@matrix.example`, permissions: [], memberships: [] } }, self.token);
    expect(taken.statusCode).toBe(409);
    // a new user is invited, whatever the body says of its state, password or version
    const invited = await send(
      'POST',
      { url: '/api/user-profile/v1/user-profile/users', payload: { email: `${randomUUID()}@matrix.example`, permissions: [], memberships: [], active: true, passwordHash: 'x', version: 42, createdAt: LONG_AGO } },
      self.token,
    );
    refusedOrIgnored(invited);
    if (invited.statusCode === 201) {
      const row = await first(t.db.select().from(users).where(eq(users.uuid, invited.json<{ uuid: string }>().uuid)));
      expect(row).toMatchObject({ passwordHash: null, version: 1 });
      expect(row.createdAt.getFullYear()).toBeGreaterThan(2001);
    }
    const stored = await first(t.db.select().from(users).where(eq(users.uuid, self.uuid)));
    expect(stored.permissions).toEqual(['MANAGE_USER']);
  });
});
