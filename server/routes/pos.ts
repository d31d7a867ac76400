/**
 * POS installations (issue 17): one per unit that runs the point of sale.
 * - GET /ordering/v1/pos-installations/{org}: the installations of the units the caller may set up
 *   (all with organization setup);
 * - GET /ordering/v1/pos-installations/{org}/ou/{ou}: the unit's (its setup);
 * - POST /pos-collector/v1/org/{org}/installations/{id}/catalog/reset: raises the catalogue version,
 *   so the installation shows pending until its next sync (organization or that unit's setup);
 * - POST /pos-collector/v1/org/{org}/installations/{id}/catalog/synced: the installation reports the
 *   catalogue version it now runs, which ends the pending state.
 * Installations are made with their unit (the demo seed), not by operators, so these routes use the
 * pattern's pieces (withMutation, If-Match, the error shape) rather than a defineResource declaration.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  canSetupOrganization,
  catalogSyncedSchema,
  compareByName,
  ERROR_CODES,
  isCatalogPending,
  POS_MESSAGES,
  posInstallationListResponseSchema,
  posInstallationSchema,
  syncedVersionAfter,
  type Grants,
  POS_INSTALLATION_KIND,
  type PosInstallation,
} from '../../src/domain/index';
import type { Executor } from '../db/client';
import { devices, deviceUnits, organizations, posInstallations } from '../db/schema';
import { HttpError, notFound, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { withMutation } from '../plugins/idempotency';
import { assertVersion } from '../plugins/if-match';
import { BEARER } from '../plugins/swagger';
import { ifMatchHeaders, UUID } from '../resources/define-resource';
import { organizationScope } from '../resources/scopes';
import { callerGrantee, type Grantee } from '../services/directory';
import { recordChange, recordHistory } from '../services/history';
import { findUnit, maySetUpUnit, unitSetupRuleOf } from '../services/unit-scope';
import { unitsOf } from '../services/units';
import { errorResponses } from './schemas';
import { compareText } from '../../src/domain/text-order';

type InstallationRow = typeof posInstallations.$inferSelect;

/** The entry of a write to an installation: its catalogue versions (the sync time is the entry's own). */
function installationChange(row: InstallationRow, updated: InstallationRow) {
  const fields = (at: InstallationRow) => ({ name: at.name, catalogVersion: at.catalogVersion, syncedCatalogVersion: at.syncedCatalogVersion });
  return recordChange({ kind: POS_INSTALLATION_KIND, recordUuid: row.uuid, orgUuid: row.orgUuid, unitUuid: row.ouUuid }, fields(row), fields(updated));
}

/** Installations as answered: with the aliases of their unit's devices and whether a reset waits for a sync. */
export async function presentInstallations(executor: Executor, rows: readonly InstallationRow[]): Promise<PosInstallation[]> {
  const units = [...new Set(rows.map((row) => row.ouUuid))];
  const placed =
    units.length === 0
      ? []
      : await executor
          .select({ ouUuid: deviceUnits.ouUuid, alias: devices.alias })
          .from(deviceUnits)
          .innerJoin(devices, eq(devices.uuid, deviceUnits.deviceUuid))
          .where(inArray(deviceUnits.ouUuid, units));
  const aliases = new Map<string, string[]>();
  for (const { ouUuid, alias } of placed) aliases.set(ouUuid, [...(aliases.get(ouUuid) ?? []), alias]);
  return rows
    .map(({ uuid, orgUuid, ouUuid, name, catalogVersion, syncedCatalogVersion, lastSync, version }) => ({
      uuid,
      orgUuid,
      ouUuid,
      name,
      deviceAliases: (aliases.get(ouUuid) ?? []).sort((a, b) => compareText(a, b)),
      catalogVersion,
      syncedCatalogVersion,
      lastSync: lastSync ? lastSync.toISOString() : null,
      pending: isCatalogPending({ catalogVersion, syncedCatalogVersion }),
      version,
    }))
    .sort(compareByName);
}

const orgParams = z.object({ org: z.string().max(64).describe('Organization uuid') });
const unitParams = orgParams.extend({ ou: z.string().max(64).describe('Unit (organizational unit) uuid') });
const installationParams = orgParams.extend({ id: z.string().max(64).describe('POS installation uuid') });
const versionMismatch = z.object({ errors: z.array(z.object({ code: z.string(), message: z.string(), field: z.string().optional() })), current: posInstallationSchema.optional() });
const SETUP = 'Needs organization setup, or setup of the installation\'s unit.';

export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;
  const common = { tags: ['pos'], security: BEARER };

  async function me(request: Parameters<typeof caller>[0]): Promise<Grantee> {
    const grantee = await callerGrantee(request);
    if (!grantee) throw unauthenticated();
    return grantee;
  }

  app.get(
    '/ordering/v1/pos-installations/:org',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "An organization's POS installations, by name",
        description: 'With organization setup every installation of the organization; with setup of some of its units, the installations of those units. 403 when the caller may set up none.',
        params: orgParams,
        response: { 200: posInstallationListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const grants = await me(request);
      const orgUuid = request.params.org.toLowerCase();
      if (!UUID.test(orgUuid)) throw HttpError.of(403, ERROR_CODES.forbidden, organizationScope.forbidden);
      const all = canSetupOrganization(grants, orgUuid);
      const rule = all ? () => true : await unitSetupRuleOf(grants, orgUuid, db);
      const reachable = all ? null : (await unitsOf(db, orgUuid)).filter((unit) => rule(unit.uuid)).map((unit) => unit.uuid);
      if (reachable !== null && reachable.length === 0) throw HttpError.of(403, ERROR_CODES.forbidden, organizationScope.forbidden);
      const [org] = await db.select({ uuid: organizations.uuid }).from(organizations).where(eq(organizations.uuid, orgUuid));
      if (!org) throw notFound(organizationScope.notFound);
      const rows = await db
        .select()
        .from(posInstallations)
        .where(and(eq(posInstallations.orgUuid, orgUuid), ...(reachable === null ? [] : [inArray(posInstallations.ouUuid, reachable)])));
      return { data: await presentInstallations(db, rows) };
    },
  );

  app.get(
    '/ordering/v1/pos-installations/:org/ou/:ou',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "A unit's POS installations",
        description: 'Needs organization setup or setup of the unit; a unit of another organization answers 404.',
        params: unitParams,
        response: { 200: posInstallationListResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { ouUuid } = await findUnit(db, await me(request), request.params.org, request.params.ou);
      return { data: await presentInstallations(db, await db.select().from(posInstallations).where(eq(posInstallations.ouUuid, ouUuid))) };
    },
  );

  /** The installation of a write, locked, once the caller may set up its unit: 403, then 404 (unknown, or another organization's). */
  async function installationOf(tx: Executor, grants: Grants, request: { params: { org: string; id: string } }): Promise<InstallationRow> {
    const orgUuid = request.params.org.toLowerCase();
    const id = request.params.id.toLowerCase();
    if (!UUID.test(orgUuid)) throw HttpError.of(403, ERROR_CODES.forbidden, organizationScope.forbidden);
    const [row] = UUID.test(id) ? await tx.select().from(posInstallations).where(and(eq(posInstallations.uuid, id), eq(posInstallations.orgUuid, orgUuid))).for('update') : [];
    // the rule first, so a caller who may set up nothing here learns nothing about what exists
    if (!(await maySetUpUnit(grants, orgUuid, row?.ouUuid ?? null, tx)) && !(row === undefined && (await mayReachOrganization(tx, grants, orgUuid)))) {
      throw HttpError.of(403, ERROR_CODES.forbidden, organizationScope.forbidden);
    }
    if (!row) throw notFound(POS_MESSAGES.notFound);
    return row;
  }

  /** Whether the caller may set up the organization or any of its units (who may be told an installation is unknown). */
  async function mayReachOrganization(executor: Executor, grants: Grants, orgUuid: string): Promise<boolean> {
    const rule = await unitSetupRuleOf(grants, orgUuid, executor);
    return rule(null) || (await unitsOf(executor, orgUuid)).some((unit) => rule(unit.uuid));
  }

  const writeSchema = (summary: string, description: string, body?: z.ZodType) => ({
    ...common,
    summary,
    description,
    params: installationParams,
    headers: ifMatchHeaders,
    ...(body ? { body } : {}),
    response: { 200: posInstallationSchema, ...errorResponses(400, 401, 403, 404, 422), 412: versionMismatch },
  });

  app.post(
    '/pos-collector/v1/org/:org/installations/:id/catalog/reset',
    {
      onRequest: app.authenticate,
      schema: writeSchema(
        "Reset an installation's catalogue",
        `Raises catalogVersion by one: the installation answers pending (catalogVersion > syncedCatalogVersion) until it reports a sync of that version (POST …/catalog/synced). ${SETUP} With If-Match, a stale version answers 412 with \`current\`.`,
      ),
    },
    async (request, reply) => {
      // the caller is read before the transaction: PGlite has one connection, which the transaction holds
      const grants = await me(request);
      return withMutation(request, reply, async (tx) => {
        const row = await installationOf(tx, grants, request);
        assertVersion(request, row, { currentBody: (await presentInstallations(tx, [row]))[0] });
        const [updated] = await tx
          .update(posInstallations)
          .set({ catalogVersion: row.catalogVersion + 1, version: row.version + 1, updatedAt: request.server.lobby.now() })
          .where(eq(posInstallations.uuid, row.uuid))
          .returning();
        await recordHistory(tx, request, installationChange(row, updated as InstallationRow));
        return { statusCode: 200, body: (await presentInstallations(tx, [updated as InstallationRow]))[0] };
      });
    },
  );

  app.post(
    '/pos-collector/v1/org/:org/installations/:id/catalog/synced',
    {
      onRequest: app.authenticate,
      schema: writeSchema(
        'Report that an installation synced its catalogue',
        `The installation (or its operator) reports the catalogVersion it now runs: syncedCatalogVersion becomes it (never lower than before) and lastSync now, which ends the pending state once it reaches catalogVersion. A version later than catalogVersion answers 422. ${SETUP}`,
        catalogSyncedSchema,
      ),
    },
    async (request, reply) => {
      // the caller is read before the transaction: PGlite has one connection, which the transaction holds
      const grants = await me(request);
      return withMutation(request, reply, async (tx) => {
        const row = await installationOf(tx, grants, request);
        assertVersion(request, row, { currentBody: (await presentInstallations(tx, [row]))[0] });
        const synced = syncedVersionAfter(row, (request.body as { catalogVersion: number }).catalogVersion);
        if (synced === null) throw HttpError.of(422, ERROR_CODES.validation, POS_MESSAGES.syncedAhead, 'catalogVersion');
        const now = request.server.lobby.now();
        const [updated] = await tx
          .update(posInstallations)
          .set({ syncedCatalogVersion: synced, lastSync: now, version: row.version + 1, updatedAt: now })
          .where(eq(posInstallations.uuid, row.uuid))
          .returning();
        await recordHistory(tx, request, installationChange(row, updated as InstallationRow));
        return { statusCode: 200, body: (await presentInstallations(tx, [updated as InstallationRow]))[0] };
      });
    },
  );
};
