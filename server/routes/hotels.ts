/**
 * Hotels and their PMS records (spec section 7, "PMS"), each a declaration on the resource pattern
 * plus its own rules:
 * - /organization/{org}/hotel-definition[/{id}]: PMS hotel definitions (organization setup);
 * - /organization/{org}/hotel/{hotel}/pms-package[/{id}]: packages, removal flags them (soft);
 * - /organization/{org}/hotel/{hotel}/pms-rate-code[/{id}]: rate codes;
 * - /organization/{org}/hotel/{hotel}/access-control-service[/{id}]: access-control services;
 * and the bulk routes beside them: PATCH of packages (newPackages, updatedPackages), of rate codes
 * (newRateCodes, updatedRateCodes, deletedRateCodes) and of access services, the rate-code CSV
 * import, and the one-transaction hotel save (server/routes/hotel-save.ts).
 * A hotel's records are set up by who may set up the organization or that hotel (unit setup).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collapseItems, type HistoryWrite, recordHistory } from '../services/history';
import { z } from 'zod';
import {
  accessControlCreateSchema,
  accessControlInputSchema,
  accessControlListResponseSchema,
  accessControlPatchSchema,
  accessControlSchema,
  canSetupHotelDefinitions,
  HOTEL_MESSAGES,
  hotelDefinitionCreateSchema,
  hotelDefinitionInputSchema,
  hotelDefinitionListResponseSchema,
  hotelDefinitionSchema,
  pmsPackageCreateSchema,
  pmsPackageInputSchema,
  pmsPackageListResponseSchema,
  pmsPackagePatchSchema,
  pmsPackageSchema,
  rateCodeCreateSchema,
  rateCodeInputSchema,
  rateCodeListResponseSchema,
  rateCodePatchSchema,
  rateCodeSchema,
  HOTEL_DEFINITION_KIND,
  PMS_PACKAGE_KIND,
  RATE_CODE_KIND,
  ACCESS_CONTROL_KIND,
} from '../../src/domain/index';
import { accessControlServices, hotelDefinitions, pmsPackages, rateCodes } from '../db/schema';
import { unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { withMutation } from '../plugins/idempotency';
import { BEARER } from '../plugins/swagger';
import { defineResource, idempotencyHeaders } from '../resources/define-resource';
import { hotelScope, organizationScope } from '../resources/scopes';
import { callerGrantee } from '../services/directory';
import { readableOrganizationTree } from '../services/units';
import {
  accessControlErrors,
  accessControlRecord,
  applyAccessControls,
  applyPackages,
  applyRateCodes,
  authorizeHotel,
  hotelDefinitionErrors,
  hotelDefinitionRecord,
  livePackages,
  packageIdTaken,
  packageRecord,
  rateCodeErrors,
  rateCodeRecord,
  spacesTrimmed,
  withPackageNames,
} from '../services/hotels';
import { BULK_BODY_LIMIT, errorResponses } from './schemas';
import { rateCodeImportRoutes } from './rate-code-import';
import { hotelCsvRoutes } from './hotel-csv';
import { hotelSaveRoutes } from './hotel-save';
import { findHotel, lockHotel } from '../services/hotel-scope';
import { compareText } from '../../src/domain/text-order';

const byName = <T extends { name: string; uuid: string }>(a: T, b: T) => compareText(a.name, b.name) || a.uuid.localeCompare(b.uuid);

export const hotelDefinitionResource = defineResource({
  path: '/organization/:org/hotel-definition',
  kind: HOTEL_DEFINITION_KIND,
  parent: organizationScope,
  table: hotelDefinitions,
  parentKey: 'orgUuid',
  schemas: { record: hotelDefinitionSchema, create: hotelDefinitionCreateSchema, update: hotelDefinitionInputSchema, list: hotelDefinitionListResponseSchema },
  authorize: canSetupHotelDefinitions,
  toRecord: hotelDefinitionRecord,
  compare: byName,
  precheck: (tx, { parent }, input, { uuid }) => hotelDefinitionErrors(tx, parent, { uuid, pmsConnectionUuid: input.pmsConnectionUuid, hotelUuid: input.hotelUuid }),
  messages: { notFound: HOTEL_MESSAGES.definitionNotFound, uuidTaken: HOTEL_MESSAGES.definitionUuidTaken, nilUuid: HOTEL_MESSAGES.nilUuid },
  docs: {
    tag: 'pms',
    list: { summary: 'PMS hotel definitions of an organization, by name', description: 'Needs organization setup.' },
    get: { summary: 'One PMS hotel definition' },
    create: {
      summary: 'Create a PMS hotel definition',
      description:
        'The name is cut to 50 characters; magneticCardType is MICROS whenever a track is set; the contactless password (exactly 12 uppercase hexadecimal characters) is kept only with Enter Password, then without a key index. A connection or hotel that is not one of this organization (of another one, or none at all) answers 422.',
    },
    update: { summary: 'Update a PMS hotel definition' },
    delete: { summary: 'Remove a PMS hotel definition' },
  },
});

export const pmsPackageResource = defineResource({
  path: '/organization/:org/hotel/:hotel/pms-package',
  kind: PMS_PACKAGE_KIND,
  parent: hotelScope,
  table: pmsPackages,
  parentKey: 'hotelUuid',
  scopeKeys: { orgUuid: 'org' },
  softDeleteKey: 'deleted',
  schemas: { record: pmsPackageSchema, create: pmsPackageCreateSchema, update: pmsPackageInputSchema, list: pmsPackageListResponseSchema },
  authorize: authorizeHotel,
  toRecord: packageRecord,
  toValues: ({ externalId, calculationRule }) => ({ name: externalId, externalId, calculationRule }),
  compare: (a, b) => a.externalId.localeCompare(b.externalId) || a.uuid.localeCompare(b.uuid),
  async validate(tx, { parent }, _input, { uuid }) {
    return packageIdTaken(tx, parent, new Set([uuid]));
  },
  batch: {
    uniqueKey: {
      of: (input) => spacesTrimmed(input.externalId),
      stored: (row) => spacesTrimmed(row.externalId),
      candidates: (keys) => inArray(sql`btrim(${pmsPackages.externalId})`, [...keys]),
      live: eq(pmsPackages.deleted, false),
    },
  },
  messages: { notFound: HOTEL_MESSAGES.packageNotFound, uuidTaken: HOTEL_MESSAGES.packageUuidTaken, nilUuid: HOTEL_MESSAGES.nilUuid },
  docs: {
    tag: 'pms',
    list: { summary: "A hotel's PMS packages, by package ID", description: 'Removed packages are left out unless includeDeleted=TRUE. Needs organization setup or setup of the hotel.' },
    get: { summary: 'One PMS package (a removed one too, flagged deleted)' },
    create: { summary: 'Create a PMS package', description: 'The name is the package ID; the calculation rule is ADULT unless given. A package ID another live package of the hotel has answers 422.' },
    update: { summary: 'Update a PMS package' },
    delete: { summary: 'Remove a PMS package', description: 'Flags it deleted: rate codes and access services naming it show it missing.' },
  },
});

export const rateCodeResource = defineResource({
  path: '/organization/:org/hotel/:hotel/pms-rate-code',
  kind: RATE_CODE_KIND,
  parent: hotelScope,
  table: rateCodes,
  parentKey: 'hotelUuid',
  scopeKeys: { orgUuid: 'org' },
  schemas: { record: rateCodeSchema, create: rateCodeCreateSchema, update: rateCodeInputSchema, list: rateCodeListResponseSchema },
  authorize: authorizeHotel,
  toRecord: rateCodeRecord,
  toValues: ({ name, packages }) => ({ name, externalId: name, packages: [...new Set(packages)] }),
  compare: byName,
  async validate(tx, { parent }, _input, { uuid }) {
    return rateCodeErrors(tx, parent, new Set([uuid]));
  },
  batch: {
    uniqueKey: {
      of: (input) => spacesTrimmed(input.name),
      stored: (row) => spacesTrimmed(row.name),
      candidates: (keys) => inArray(sql`btrim(${rateCodes.name})`, [...keys]),
    },
    references: { table: pmsPackages, parentColumn: pmsPackages.hotelUuid, live: eq(pmsPackages.deleted, false), of: (input) => input.packages },
  },
  messages: { notFound: HOTEL_MESSAGES.rateCodeNotFound, uuidTaken: HOTEL_MESSAGES.rateCodeUuidTaken, nilUuid: HOTEL_MESSAGES.nilUuid },
  docs: {
    tag: 'pms',
    list: { summary: "A hotel's rate codes, by ID" },
    get: { summary: 'One rate code' },
    create: { summary: 'Create a rate code', description: 'name is the rate code ID (externalId is set from it); packages are uuids of live packages of the hotel, at least one.' },
    update: { summary: 'Update a rate code' },
    delete: { summary: 'Remove a rate code' },
  },
});

export const accessControlResource = defineResource({
  path: '/organization/:org/hotel/:hotel/access-control-service',
  kind: ACCESS_CONTROL_KIND,
  parent: hotelScope,
  table: accessControlServices,
  parentKey: 'hotelUuid',
  scopeKeys: { orgUuid: 'org' },
  schemas: { record: accessControlSchema, create: accessControlCreateSchema, update: accessControlInputSchema, list: accessControlListResponseSchema },
  authorize: authorizeHotel,
  toRecord: accessControlRecord,
  toValues: ({ name, hotelsAndPackages, defaultHotelUuid, idMethods }) => ({ name, hotelsAndPackages, defaultHotelUuid, idMethods: [...new Set(idMethods)] }),
  decorate: (executor, records) => withPackageNames(executor, records),
  compare: byName,
  async validate(tx, { params, caller }, _input, { uuid, before }) {
    const rows = await tx.select().from(accessControlServices).where(eq(accessControlServices.uuid, uuid));
    return accessControlErrors(tx, params.org ?? '', rows, { grants: caller, before: new Map(before ? [[before.uuid, before.hotelsAndPackages]] : []) });
  },
  messages: { notFound: HOTEL_MESSAGES.accessNotFound, uuidTaken: HOTEL_MESSAGES.accessUuidTaken, nilUuid: HOTEL_MESSAGES.nilUuid },
  docs: {
    tag: 'pms',
    list: { summary: "A hotel's access-control services, by name", description: 'Each entry of hotelsAndPackages answers the package ID as name (null when the package is gone).' },
    get: { summary: 'One access-control service' },
    create: {
      summary: 'Create an access-control service',
      description:
        "Each entry names a hotel definition of the organization ('undefined uuid' otherwise) and a live package of that definition's hotel. An entry added for another hotel needs setup of that hotel too (403).",
    },
    update: { summary: 'Update an access-control service' },
    delete: { summary: 'Remove an access-control service' },
  },
});

const hotelParams = z.object({ org: z.string().max(64).describe('Organization uuid'), hotel: z.string().max(64).describe('Hotel (unit) uuid') });

/** The bulk PATCH routes of a hotel's packages, rate codes and access services. */
const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;
  const common = { tags: ['pms'], security: BEARER };
  const errors = errorResponses(400, 401, 403, 404, 409, 412, 422);

  async function scope(request: { params: { org: string; hotel: string } } & Parameters<typeof caller>[0]) {
    const me = await callerGrantee(request);
    if (!me) throw unauthenticated();
    return { ...(await findHotel(db, me, request.params.org, request.params.hotel)), grants: me };
  }

  // every service of the organization: what a unit's POI_ACCESS_CONTROL_SERVICES may name
  app.get(
    '/organization/:org/access-control-service',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "The organization's access-control services, of every hotel, by name",
        description: 'What a unit attribute POI_ACCESS_CONTROL_SERVICES may name. Anyone who sees the organization may read them.',
        params: z.object({ org: z.string().max(64).describe('Organization uuid') }),
        response: { 200: accessControlListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const me = await callerGrantee(request);
      if (!me) throw unauthenticated();
      const { org } = await readableOrganizationTree(db, me, request.params.org);
      const rows = await db.select().from(accessControlServices).where(eq(accessControlServices.orgUuid, org.uuid));
      return { data: await withPackageNames(db, rows.map(accessControlRecord).sort(byName)) };
    },
  );

  app.patch(
    '/organization/:org/hotel/:hotel/pms-package',
    {
      onRequest: app.authenticate,
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        ...common,
        summary: "Create and update a hotel's packages at once",
        description: 'newPackages (a client uuid each, optional) and updatedPackages (by uuid, with version to refuse a stale one with 412) in one transaction; answers the live packages. The app merges the answer with what it sent by externalId.',
        params: hotelParams,
        headers: idempotencyHeaders,
        body: pmsPackagePatchSchema,
        response: { 200: pmsPackageListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { orgUuid, hotelUuid, grants } = await scope(request);
      return withMutation(request, reply, async (tx) => {
        await lockHotel(tx, hotelUuid);
        const history: HistoryWrite[] = [];
        await applyPackages({ tx, orgUuid, hotelUuid, now: request.server.lobby.now(), grants, history, embedded: request.server.lobby.embedded }, request.body);
        await recordHistory(tx, request, collapseItems(history, hotelUuid));
        return { statusCode: 200, body: { data: (await livePackages(tx, hotelUuid)).map(packageRecord).sort((a, b) => a.externalId.localeCompare(b.externalId)) } };
      });
    },
  );

  app.patch(
    '/organization/:org/hotel/:hotel/pms-rate-code',
    {
      onRequest: app.authenticate,
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        ...common,
        summary: "Apply a diff to a hotel's rate codes",
        description: 'newRateCodes, updatedRateCodes and deletedRateCodes (uuids) in one transaction, packages as uuids of live packages of the hotel; answers the list.',
        params: hotelParams,
        headers: idempotencyHeaders,
        body: rateCodePatchSchema,
        response: { 200: rateCodeListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { orgUuid, hotelUuid, grants } = await scope(request);
      return withMutation(request, reply, async (tx) => {
        await lockHotel(tx, hotelUuid);
        const history: HistoryWrite[] = [];
        await applyRateCodes({ tx, orgUuid, hotelUuid, now: request.server.lobby.now(), grants, history, embedded: request.server.lobby.embedded }, request.body);
        await recordHistory(tx, request, collapseItems(history, hotelUuid));
        const rows = await tx.select().from(rateCodes).where(eq(rateCodes.hotelUuid, hotelUuid));
        return { statusCode: 200, body: { data: rows.map(rateCodeRecord).sort(byName) } };
      });
    },
  );

  app.patch(
    '/organization/:org/hotel/:hotel/access-control-service',
    {
      onRequest: app.authenticate,
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        ...common,
        summary: "Create and update a hotel's access-control services at once",
        description: 'newAccessControlServices and updatedAccessControlServices, each with hotelsAndPackages of hotelDefinitionUuid and pmsPackageUuid, in one transaction; answers the list.',
        params: hotelParams,
        headers: idempotencyHeaders,
        body: accessControlPatchSchema,
        response: { 200: accessControlListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { orgUuid, hotelUuid, grants } = await scope(request);
      return withMutation(request, reply, async (tx) => {
        await lockHotel(tx, hotelUuid);
        const history: HistoryWrite[] = [];
        await applyAccessControls(
          { tx, orgUuid, hotelUuid, now: request.server.lobby.now(), grants, history },
          { newAccessControl: request.body.newAccessControlServices, updatedAccessControl: request.body.updatedAccessControlServices },
        );
        await recordHistory(tx, request, collapseItems(history, hotelUuid));
        const rows = await tx.select().from(accessControlServices).where(eq(accessControlServices.hotelUuid, hotelUuid));
        return { statusCode: 200, body: { data: (await withPackageNames(tx, rows.map(accessControlRecord))).sort(byName) } };
      });
    },
  );
};

export const hotelRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(hotelDefinitionResource.routes);
  await app.register(pmsPackageResource.routes);
  await app.register(rateCodeResource.routes);
  await app.register(accessControlResource.routes);
  await app.register(bulkRoutes);
  await app.register(rateCodeImportRoutes);
  await app.register(hotelCsvRoutes);
  await app.register(hotelSaveRoutes);
};
