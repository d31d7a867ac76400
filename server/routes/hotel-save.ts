/**
 * The hotel save (spec section 7, "Hotel save"; DESIGN: multi-step saves in one transaction):
 * PUT /organization/{org}/hotel/{hotel}/save applies, all or nothing, the hotel itself (created
 * when it does not exist yet, so a hotel made offline with its packages is one queued change), its
 * PMS hotel definition, and the packages, rate codes and access-control diffs of the wizard.
 * If-Match names the hotel's version; every save that changes something raises it, so a stale
 * wizard meets its 412; a save that changes nothing writes nothing and answers the hotel as it is.
 * Each part is written as sets (services/hotels.ts): one statement per table and kind of change.
 * With an Idempotency-Key the whole save applies once.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Unit } from '../../src/domain/index';
import type { Grants, TreeOrganization } from '../../src/domain/index';
import {
  apiErrorBodySchema,
  canSetupHotelDefinitions,
  canSetupUnit,
  ERROR_CODES,
  HOTEL_DEFINITION_KIND,
  HOTEL_MESSAGES,
  hotelBundleSchema,
  hotelSavedSchema,
  PREFER_MINIMAL,
  prefersMinimal,
  hotelSaveSchema,
  UNIT_KIND,
  unitNameOf,
  visibleUnitUuids,
} from '../../src/domain/index';
import type { Database, Transaction } from '../db/client';
import { hotelDefinitions, organizationalUnits } from '../db/schema';
import { HttpError, notFound, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { stableStringify, withMutation } from '../plugins/idempotency';
import { assertVersion, readIfMatch } from '../plugins/if-match';
import { BEARER } from '../plugins/swagger';
import { fieldRefusal, ifMatchHeaders, UUID } from '../resources/define-resource';
import { loadGrantee } from '../services/directory';
import { lockHotel } from '../services/hotel-scope';
import { collapseItems, type HistoryWrite, recordChange, recordHistory, unitFields } from '../services/history';
import { applyAccessControls, applyPackages, applyRateCodes, hotelDefinitionErrors, hotelDefinitionOf, hotelDefinitionRecord, hotelParts, itemStale, uuidTaken } from '../services/hotels';
import type { OrganizationRow, UnitRow } from '../services/units';
import { presentUnits, readableOrganizationTree, treeOf, unitsOf, unitWriteErrors } from '../services/units';
import { storedUnitAttributes } from '../../src/domain/index';
import { leaveInFlight } from '../services/bulk-gate';
import { clearAhead } from '../services/rate-code-import';
import { publishSaveAhead, unitOfAnotherOrganization, worthWritingAhead, writeSaveAhead, type SaveAhead } from '../services/save-ahead';
import { BULK_BODY_LIMIT, errorResponses } from './schemas';

const params = z.object({ org: z.string().max(64).describe('Organization uuid'), hotel: z.string().max(64).describe('Hotel (unit) uuid; a new one is created with it') });
const saveForbidden = () => HttpError.of(403, ERROR_CODES.forbidden, "You don't have permissions");

/** The hotel with everything it owns; its PMS hotel definition only to who may set those up (null otherwise). */
async function bundle(tx: Transaction, me: Grants, org: OrganizationRow, rows: readonly UnitRow[], hotel: UnitRow) {
  const unit = presentUnits(org, rows, { inherit: true }).get(hotel.uuid) as Unit;
  const parts = await hotelParts(tx, hotel.uuid);
  // the hotel's version at the top, as every record's answer has it: queued saves behind this one go over it
  return { version: unit.version, hotel: unit, ...parts, hotelDefinition: canSetupHotelDefinitions(me, org.uuid) ? parts.hotelDefinition : null };
}

/** The hotel and its definition without its lists: the answer to `Prefer: return=minimal`. */
async function saved(tx: Transaction, me: Grants, org: OrganizationRow, rows: readonly UnitRow[], hotel: UnitRow) {
  const unit = presentUnits(org, rows, { inherit: true }).get(hotel.uuid) as Unit;
  return { version: unit.version, hotel: unit, hotelDefinition: canSetupHotelDefinitions(me, org.uuid) ? await hotelDefinitionOf(tx, hotel.uuid) : null };
}

type SaveBody = z.infer<typeof hotelSaveSchema>;

/**
 * Whether the caller may make this save, from what was read of them, the organizations' tree, the
 * organization and its units: the one rule both the save's transaction and the check before
 * writing ahead apply. Throws the refusal the save answers; answers the hotel's unit, or the hotel
 * the save creates. (A change of an existing hotel's place is judged after If-Match, by the
 * transaction.)
 */
function saveAllowed(
  me: Grants,
  tree: TreeOrganization[],
  org: OrganizationRow,
  rows: readonly UnitRow[],
  hotelUuid: string,
  body: SaveBody,
): { existing: UnitRow; create: null } | { existing: null; create: NonNullable<SaveBody['hotel']> } {
  // the PMS hotel definition is the organization's to set up, whichever route writes it
  if (body.hotelDefinition !== null && !canSetupHotelDefinitions(me, org.uuid)) throw saveForbidden();
  if (!UUID.test(hotelUuid)) throw notFound(HOTEL_MESSAGES.hotelNotFound);
  const orgTree = treeOf(org, rows);
  const existing = rows.find((row) => row.uuid === hotelUuid) ?? null;
  if (existing) {
    if (!visibleUnitUuids(me.memberships, orgTree, tree).has(existing.uuid)) throw notFound(HOTEL_MESSAGES.hotelNotFound);
    if (existing.type !== 'HOTEL') throw HttpError.of(422, ERROR_CODES.validation, HOTEL_MESSAGES.notAHotel);
    if (!canSetupUnit(me, orgTree, tree, existing.uuid)) throw saveForbidden();
    return { existing, create: null };
  }
  if (!body.hotel) throw HttpError.of(422, ERROR_CODES.validation, HOTEL_MESSAGES.hotelRequired, 'hotel');
  if (!canSetupUnit(me, orgTree, tree, body.hotel.parentUuid)) throw saveForbidden();
  return { existing: null, create: body.hotel };
}

/**
 * The organization of a save the caller may make as far as its new items written ahead go (docs/adr/0044),
 * or null: the transaction's rule (saveAllowed), on what is read before it (the transaction reads
 * and judges it all again). Anything refused or failing here only means nothing is written ahead.
 */
async function mayWriteAhead(db: Database, userUuid: string, orgParam: string, hotelUuid: string, body: SaveBody): Promise<string | null> {
  try {
    const me = await loadGrantee(db, userUuid);
    if (!me) return null;
    const { tree, org } = await readableOrganizationTree(db, me, orgParam);
    const allowed = saveAllowed(me, tree, org, await unitsOf(db, org.uuid), hotelUuid, body);
    // a new hotel whose uuid another organization's unit holds is refused by the transaction
    return allowed.create !== null && (await unitOfAnotherOrganization(db, org.uuid, hotelUuid)) ? null : org.uuid;
  } catch {
    return null;
  }
}

export const hotelSaveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/organization/:org/hotel/:hotel/save',
    {
      onRequest: app.authenticate,
      // a whole hotel: 10,000 packages and 10,000 rate codes are some 3 MB
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        tags: ['pms'],
        security: BEARER,
        summary: 'Save a hotel with its PMS definition, packages, rate codes and access-control services, in one transaction',
        description:
          'hotel (parentUuid and attributes) is required when the hotel does not exist yet and creates it with the uuid of the path; otherwise it updates the unit. ' +
          'hotelDefinition creates or updates the PMS hotel definition of this hotel: like the hotel-definition routes, it needs organization setup (403 otherwise, changing nothing), ' +
          'and only a caller with organization setup gets it back (null otherwise). packages (newPackages, updatedPackages, deletedPackages), rateCodes (newRateCodes, updatedRateCodes, deletedRateCodes; packages as uuids, new packages of this save included) ' +
          'and accessControls (newAccessControl, updatedAccessControl, deletedAccessControl) are applied in that order. Any refusal leaves everything as it was. ' +
          'If-Match names the hotel version (412 with `current`, the whole hotel); an item sent with a stale version answers 412 too. Answers the hotel with everything it owns; ' +
          'with `Prefer: return=minimal`, only its version, the hotel and its definition (Preference-Applied says so): a big hotel\'s lists are megabytes. A save that changes nothing writes nothing.',
        params,
        headers: ifMatchHeaders.extend({ prefer: z.string().max(256).optional().describe('return=minimal: answer the hotel and its version without its lists') }),
        body: hotelSaveSchema,
        response: { 200: z.union([hotelBundleSchema, hotelSavedSchema]), 201: z.union([hotelBundleSchema, hotelSavedSchema]), ...errorResponses(400, 401, 403, 404, 409, 422), 412: z.object({ ...apiErrorBodySchema.shape, current: hotelBundleSchema.optional() }) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const hotelUuid = request.params.hotel.toLowerCase();
      const minimal = prefersMinimal(request.headers.prefer);
      if (minimal) void reply.header('Preference-Applied', PREFER_MINIMAL);
      const { lobby } = request.server;
      // on the embedded PGlite, a big save's new items are written ahead in short transactions, so
      // other requests do not wait for one long one (docs/adr/0044); the save is bulk work meanwhile
      const started = lobby.now();
      let ahead: SaveAhead | null = null;
      if (lobby.embedded && worthWritingAhead(body.packages, body.rateCodes)) {
        const orgUuid = await mayWriteAhead(lobby.db, caller(request), request.params.org, hotelUuid, body);
        if (orgUuid !== null) {
          leaveInFlight(lobby.bulk, request);
          ahead = await writeSaveAhead(lobby.db, lobby.bulk, { orgUuid, hotelUuid, now: started, packages: body.packages, rateCodes: body.rateCodes });
          // the requests that came meanwhile go before the save's transaction
          await lobby.bulk.turn();
        }
      }
      try {
        return await withMutation(request, reply, async (tx) => effect(tx, ahead));
      } finally {
        // a save refused or failed: what it wrote ahead was never live, and goes (nothing of a live one)
        const written = ahead;
        if (written !== null) lobby.background(() => clearAhead(lobby.db, lobby.bulk, written.uuid));
      }

      async function effect(tx: Transaction, ahead: SaveAhead | null) {
        const me = await loadGrantee(tx, caller(request));
        if (!me) throw unauthenticated();
        // the organization's row lock: unit placement and every hotel record check see a stable tree
        const { tree, org } = await readableOrganizationTree(tx, me, request.params.org, true);
        let rows = await unitsOf(tx, org.uuid);
        const { existing, create } = saveAllowed(me, tree, org, rows, hotelUuid, body);
        const orgTree = treeOf(org, rows);
        const now = ahead !== null ? started : lobby.now();
        let hotel: UnitRow;
        let created = false;
        /** what the save changes in the unit of an existing hotel (null: nothing) */
        let hotelChange: Pick<UnitRow, 'parentUuid' | 'attributes'> | null = null;
        let changed = 0;
        // one entry per record this save writes (many of one kind: one bulk entry), in its transaction
        const history: HistoryWrite[] = [];

        if (existing) {
          // the whole hotel is read for the 412's `current` only when the version is stale
          const expected = readIfMatch(request);
          if (expected !== null && expected !== '*' && expected !== existing.version) assertVersion(request, existing, { currentBody: await bundle(tx, me, org, rows, existing) });
          const parentUuid = body.hotel?.parentUuid ?? existing.parentUuid;
          if (parentUuid !== existing.parentUuid && !canSetupUnit(me, orgTree, tree, parentUuid)) throw saveForbidden();
          const attributes = body.hotel ? storedUnitAttributes(body.hotel.attributes, 'HOTEL') : existing.attributes;
          if (body.hotel) {
            const refusal = fieldRefusal(await unitWriteErrors(tx, org.uuid, rows, { uuid: existing.uuid, type: 'HOTEL', parentUuid, attributes }, request.server.lobby.config.publicUrl));
            if (refusal) throw refusal;
          }
          // the hotel's own row, locked as the hotel's other writes lock it; written at the end, and only when something changed
          await lockHotel(tx, existing.uuid);
          hotelChange = parentUuid !== existing.parentUuid || stableStringify(attributes) !== stableStringify(existing.attributes) ? { parentUuid, attributes } : null;
          hotel = existing;
        } else {
          const attributes = storedUnitAttributes(create.attributes, 'HOTEL');
          const refusal = fieldRefusal(await unitWriteErrors(tx, org.uuid, rows, { uuid: null, type: 'HOTEL', parentUuid: create.parentUuid, attributes }, request.server.lobby.config.publicUrl));
          if (refusal) throw refusal;
          const [row] = await tx
            .insert(organizationalUnits)
            .values({ uuid: hotelUuid, orgUuid: org.uuid, parentUuid: create.parentUuid, type: 'HOTEL', name: unitNameOf(attributes) ?? '', attributes, createdAt: now, updatedAt: now })
            .onConflictDoNothing({ target: organizationalUnits.uuid })
            // a uuid of a unit of another organization (or one the caller cannot see)
            .returning();
          if (!row) throw uuidTaken(HOTEL_MESSAGES.hotelNotFound);
          hotel = row;
          created = true;
          history.push(recordChange({ kind: UNIT_KIND, recordUuid: row.uuid, orgUuid: org.uuid, unitUuid: row.uuid }, null, unitFields(row)));
        }
        if (body.hotelDefinition) {
          const { uuid: sentUuid, version: sentVersion, ...values } = body.hotelDefinition;
          const [current] = await tx.select().from(hotelDefinitions).where(eq(hotelDefinitions.hotelUuid, hotel.uuid)).for('update');
          if (current) {
            if (sentUuid !== undefined && sentUuid !== current.uuid) throw HttpError.of(422, ERROR_CODES.validation, HOTEL_MESSAGES.definitionHotelTaken, 'hotelDefinition.uuid');
            if (sentVersion !== undefined && sentVersion !== current.version) throw itemStale('hotelDefinition');
          }
          // the same checks as the hotel-definition routes, before the write
          const target = { uuid: current?.uuid ?? sentUuid ?? null, pmsConnectionUuid: values.pmsConnectionUuid, hotelUuid: hotel.uuid };
          const refusal = fieldRefusal((await hotelDefinitionErrors(tx, org.uuid, target)).map((error) => ({ ...error, field: `hotelDefinition.${error.field}` })));
          if (refusal) throw refusal;
          const same = current !== undefined && Object.entries({ ...values, hotelUuid: hotel.uuid }).every(([key, value]) => current[key as keyof typeof current] === value);
          const where = { kind: HOTEL_DEFINITION_KIND, orgUuid: org.uuid, unitUuid: null };
          if (current && !same) {
            changed += 1;
            const [updated] = await tx
              .update(hotelDefinitions)
              .set({ ...values, hotelUuid: hotel.uuid, version: current.version + 1, updatedAt: now })
              .where(eq(hotelDefinitions.uuid, current.uuid))
              .returning();
            if (updated) history.push(recordChange({ ...where, recordUuid: current.uuid }, hotelDefinitionRecord(current), hotelDefinitionRecord(updated)));
          } else if (!current) {
            changed += 1;
            const [written] = await tx
              .insert(hotelDefinitions)
              .values({ ...(sentUuid ? { uuid: sentUuid } : {}), ...values, orgUuid: org.uuid, hotelUuid: hotel.uuid, createdAt: now, updatedAt: now })
              .onConflictDoNothing({ target: hotelDefinitions.uuid })
              .returning();
            if (!written) throw uuidTaken(HOTEL_MESSAGES.definitionUuidTaken);
            history.push(recordChange({ ...where, recordUuid: written.uuid }, null, hotelDefinitionRecord(written)));
          }
        }

        const items: HistoryWrite[] = [];
        // the rows written ahead are live from here, when they are all there, for this hotel of this organization
        const published = ahead !== null ? await publishSaveAhead(tx, ahead, now, org.uuid, hotel.uuid) : { live: false, markUnmoved: false };
        const writtenAhead = published.live;
        // checked ahead with the hotel's live rows: the checks still hold for a hotel this transaction
        // created (it had no rows), or one nothing of which was written since (its mark did not move)
        const checkedAhead = writtenAhead && ahead?.checkedAt !== null && (created || published.markUnmoved);
        const context = { tx, orgUuid: org.uuid, hotelUuid: hotel.uuid, now, grants: me, history: items, embedded: lobby.embedded, writtenAhead, checkedAhead, hotelCreated: created };
        changed += await applyPackages(context, body.packages);
        changed += await applyRateCodes(context, body.rateCodes);
        changed += await applyAccessControls(context, body.accessControls);
        // a save that changes nothing writes nothing: the hotel's version and updatedAt stay
        if (existing && (hotelChange !== null || changed > 0)) {
          const { parentUuid, attributes } = hotelChange ?? existing;
          const [row] = await tx
            .update(organizationalUnits)
            .set({ parentUuid, attributes, name: unitNameOf(attributes) ?? existing.name, version: existing.version + 1, updatedAt: now })
            .where(and(eq(organizationalUnits.uuid, existing.uuid), eq(organizationalUnits.orgUuid, org.uuid)))
            .returning();
          if (!row) throw notFound(HOTEL_MESSAGES.hotelNotFound);
          hotel = row;
          history.push(recordChange({ kind: UNIT_KIND, recordUuid: row.uuid, orgUuid: org.uuid, unitUuid: row.uuid }, unitFields(existing), unitFields(row)));
        }
        await recordHistory(tx, request, [...history, ...collapseItems(items, hotel.uuid)]);
        rows = [...rows.filter((row) => row.uuid !== hotel.uuid), hotel];
        if (minimal) return { statusCode: created ? 201 : 200, body: await saved(tx, me, org, rows, hotel) };
        return { statusCode: created ? 201 : 200, body: await bundle(tx, me, org, rows, hotel) };
      }
    },
  );
};
