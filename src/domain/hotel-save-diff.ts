/**
 * The hotel save diff (spec section 4 "Save diffs", section 7 "Hotel save"): the operator's local
 * packages, rate codes and access-control services are compared with the server's lists into the
 * new, updated and deleted sets one transactional hotel save sends:
 *
 * - packages: uuid known to the server and not deleted → updated; not deleted and without a uuid,
 *   or with a client uuid the server does not know → new; on the server but missing locally, or
 *   flagged deleted → deleted by uuid;
 * - access-control services and rate codes: the same three-way diff by uuid;
 * - rate codes' packages and access services' hotelsAndPackages name packages by localId; they are
 *   mapped to the uuids of the packages that survive this save (spec: "missing packages will be
 *   deleted on save").
 *
 * New items without a uuid get one (crypto.randomUUID), so rate codes can refer to packages created
 * in the same save and a replayed save creates nothing twice; `generatedUuids` tells the caller
 * which localId got which uuid. Pure: runs in the worker over lists of 100k items.
 */
import { z } from 'zod';

export const CALCULATION_RULES = ['ADULT', 'CHILDREN', 'PERSON'] as const;
export type CalculationRule = (typeof CALCULATION_RULES)[number];
export const ACCESS_CONTROL_ID_METHODS = ['Insert', 'MSR', 'Contactless'] as const;
export type AccessControlIdMethod = (typeof ACCESS_CONTROL_ID_METHODS)[number];

const uuidSchema = z.guid();
/** An absent, null or empty uuid all mean "not on the server yet". */
const optionalUuidSchema = z.union([uuidSchema, z.literal('')]).nullish();
const versionSchema = z.number().int().nonnegative().optional();

/** A PMS package as the package form holds it (spec section 3). */
export const pmsPackageDraftSchema = z.object({
  uuid: optionalUuidSchema,
  localId: z.string().min(1),
  name: z.string(),
  externalId: z.string(),
  calculationRule: z.enum(CALCULATION_RULES),
  deleted: z.boolean().optional(),
  version: versionSchema,
});
export type PmsPackageDraft = z.input<typeof pmsPackageDraftSchema>;

/** A rate code as the rate-code form holds it: `packages` are package localIds. */
export const rateCodeDraftSchema = z.object({
  uuid: optionalUuidSchema,
  localId: z.string().min(1),
  name: z.string(),
  externalId: z.string(),
  hotelUuid: uuidSchema,
  packages: z.array(z.string()),
  deleted: z.boolean().optional(),
  version: versionSchema,
});
export type RateCodeDraft = z.input<typeof rateCodeDraftSchema>;

/** One hotel and package of an access service; `pmsPackageUuid` may be a localId of this hotel's packages. */
export const hotelAndPackageSchema = z.object({
  hotelDefinitionUuid: uuidSchema,
  pmsPackageUuid: z.string().min(1),
  name: z.string().optional(),
});
export type HotelAndPackage = z.infer<typeof hotelAndPackageSchema>;

/** An access-control service as the access-service form holds it. */
export const accessControlDraftSchema = z.object({
  uuid: optionalUuidSchema,
  localId: z.string().min(1),
  name: z.string(),
  orgUuid: uuidSchema.optional(),
  hotelUuid: uuidSchema.optional(),
  hotelsAndPackages: z.array(hotelAndPackageSchema),
  defaultHotelUuid: uuidSchema.optional(),
  idMethods: z.array(z.enum(ACCESS_CONTROL_ID_METHODS)).optional(),
  deleted: z.boolean().optional(),
  version: versionSchema,
});
export type AccessControlDraft = z.input<typeof accessControlDraftSchema>;

/** What the diff needs of a server record: its uuid (other fields are ignored). */
const serverItemSchema = z.object({ uuid: uuidSchema });
export type ServerItem = z.infer<typeof serverItemSchema>;

export const hotelSaveDiffInputSchema = z.object({
  /**
   * The saved hotel's PMS hotel definition: access-service entries of this hotel whose package is
   * not among the surviving packages are dropped. Entries of other hotels are kept as they are.
   */
  hotelDefinitionUuid: uuidSchema.optional(),
  packages: z.array(pmsPackageDraftSchema),
  rateCodes: z.array(rateCodeDraftSchema),
  accessControls: z.array(accessControlDraftSchema),
  server: z.object({
    packages: z.array(serverItemSchema),
    rateCodes: z.array(serverItemSchema),
    accessControls: z.array(serverItemSchema),
  }),
});
export type HotelSaveDiffInput = z.input<typeof hotelSaveDiffInputSchema>;

export interface PmsPackagePayload {
  uuid: string;
  name: string;
  externalId: string;
  calculationRule: CalculationRule;
  version?: number;
}

export interface RateCodePayload {
  uuid: string;
  name: string;
  externalId: string;
  hotelUuid: string;
  /** package uuids */
  packages: string[];
  version?: number;
}

export interface AccessControlPayload {
  uuid: string;
  name: string;
  orgUuid?: string;
  hotelUuid?: string;
  hotelsAndPackages: HotelAndPackage[];
  defaultHotelUuid?: string;
  idMethods?: AccessControlIdMethod[];
  version?: number;
}

export interface HotelSaveDiff {
  packages: { newPackages: PmsPackagePayload[]; updatedPackages: PmsPackagePayload[]; deletedPackages: string[] };
  rateCodes: { newRateCodes: RateCodePayload[]; updatedRateCodes: RateCodePayload[]; deletedRateCodes: string[] };
  accessControls: { newAccessControl: AccessControlPayload[]; updatedAccessControl: AccessControlPayload[]; deletedAccessControl: string[] };
  /** localId → uuid generated in this diff, per list, so the caller can write them back to its drafts */
  generatedUuids: { packages: Record<string, string>; rateCodes: Record<string, string>; accessControls: Record<string, string> };
}

export interface HotelSaveDiffOptions {
  /** uuid factory for new items without one (default crypto.randomUUID) */
  newUuid?: () => string;
}

interface LocalItem {
  uuid?: string | null | undefined;
  localId: string;
  deleted?: boolean | undefined;
}

interface ThreeWay<P> {
  created: P[];
  updated: P[];
  deleted: string[];
  generated: Record<string, string>;
}

/**
 * The one loop behind all three lists. `toPayload` builds what is sent; `onKept` sees every item that
 * survives the save with its final uuid, `onDropped` every local item that does not.
 */
function diffList<T extends LocalItem, P>(
  local: readonly T[],
  server: readonly ServerItem[],
  newUuid: () => string,
  toPayload: (item: T, uuid: string) => P,
  onKept?: (item: T, uuid: string) => void,
  onDropped?: (item: T) => void,
): ThreeWay<P> {
  // server uuid → its index; `claimed[index]` once a local item took it. Local uuids the server
  // does not know go to `fresh`. One hash lookup per item on the common path.
  const serverIndex = new Map<string, number>();
  for (let i = 0; i < server.length; i += 1) serverIndex.set((server[i] as ServerItem).uuid, i);
  const claimed = new Uint8Array(server.length);
  const fresh = new Set<string>();
  const created: P[] = [];
  const updated: P[] = [];
  const deleted: string[] = [];
  const generated: Record<string, string> = {};
  for (let i = 0; i < local.length; i += 1) {
    const item = local[i] as T;
    const given = item.uuid;
    let onServer = false;
    if (given) {
      // a duplicate local entry never produces two operations: the first one wins
      const index = serverIndex.get(given);
      if (index === undefined) {
        if (fresh.has(given)) continue;
        fresh.add(given);
      } else {
        if (claimed[index] === 1) continue;
        claimed[index] = 1;
        onServer = true;
      }
    }
    if (item.deleted === true) {
      if (onServer) deleted.push(given as string);
      onDropped?.(item);
      continue;
    }
    if (onServer) {
      updated.push(toPayload(item, given as string));
      onKept?.(item, given as string);
      continue;
    }
    let uuid = given;
    if (!uuid) {
      do uuid = newUuid();
      while (fresh.has(uuid) || serverIndex.has(uuid));
      fresh.add(uuid);
      generated[item.localId] = uuid;
    }
    created.push(toPayload(item, uuid));
    onKept?.(item, uuid);
  }
  for (let i = 0; i < server.length; i += 1) {
    if (claimed[i] === 0) {
      const uuid = (server[i] as ServerItem).uuid;
      // a uuid listed twice by the server is deleted once
      if (serverIndex.get(uuid) === i) deleted.push(uuid);
    }
  }
  return { created, updated, deleted, generated };
}

const defaultNewUuid = () => globalThis.crypto.randomUUID();

/** Computes the hotel save diff of validated (or trusted) input; see the module comment. */
export function hotelSaveDiff(input: HotelSaveDiffInput, options: HotelSaveDiffOptions = {}): HotelSaveDiff {
  const newUuid = options.newUuid ?? defaultNewUuid;

  // packages first: their final uuids are what rate codes and access services refer to
  const byLocalId = new Map<string, string>();
  const byUuid = new Map<string, string>();
  const gone = new Set<string>();
  const packages = diffList(
    input.packages,
    input.server.packages,
    newUuid,
    (item, uuid): PmsPackagePayload => {
      const payload: PmsPackagePayload = { uuid, name: item.name, externalId: item.externalId, calculationRule: item.calculationRule };
      if (item.version !== undefined) payload.version = item.version;
      return payload;
    },
    (item, uuid) => {
      // localIds are unique in a form; were one repeated, either surviving package is a fine target
      byLocalId.set(item.localId, uuid);
      if (uuid !== item.localId) byUuid.set(uuid, uuid); // otherwise byLocalId answers for it
    },
    (item) => {
      gone.add(item.localId);
      if (item.uuid) gone.add(item.uuid);
    },
  );
  for (const uuid of packages.deleted) gone.add(uuid);
  // a localId wins over a uuid spelled the same; uuids are accepted too (server data uses them), but
  // never one that is gone: taken out of byUuid once, so an id of no package costs two lookups, not three
  for (const id of gone) byUuid.delete(id);
  const resolve = (id: string): string | undefined => byLocalId.get(id) ?? byUuid.get(id);

  const rateCodes = diffList(input.rateCodes, input.server.rateCodes, newUuid, (item, uuid): RateCodePayload => {
    const payload: RateCodePayload = {
      uuid,
      name: item.name,
      externalId: item.externalId,
      hotelUuid: item.hotelUuid,
      packages: mapIds(item.packages, resolve),
    };
    if (item.version !== undefined) payload.version = item.version;
    return payload;
  });

  const hotelDefinitionUuid = input.hotelDefinitionUuid;
  const accessControls = diffList(input.accessControls, input.server.accessControls, newUuid, (item, uuid): AccessControlPayload => {
    const hotelsAndPackages: HotelAndPackage[] = [];
    entries: for (const entry of item.hotelsAndPackages) {
      let packageUuid = resolve(entry.pmsPackageUuid);
      if (packageUuid === undefined) {
        // a package of this hotel that is gone, or unknown while this hotel is named: dropped;
        // otherwise it belongs to another hotel and is kept as it is
        if (entry.hotelDefinitionUuid === hotelDefinitionUuid || gone.has(entry.pmsPackageUuid)) continue;
        packageUuid = entry.pmsPackageUuid;
      }
      for (let k = 0; k < hotelsAndPackages.length; k += 1) {
        const kept = hotelsAndPackages[k] as HotelAndPackage;
        if (kept.pmsPackageUuid === packageUuid && kept.hotelDefinitionUuid === entry.hotelDefinitionUuid) continue entries;
      }
      const mapped: HotelAndPackage = { hotelDefinitionUuid: entry.hotelDefinitionUuid, pmsPackageUuid: packageUuid };
      if (entry.name !== undefined) mapped.name = entry.name;
      hotelsAndPackages.push(mapped);
    }
    const payload: AccessControlPayload = { uuid, name: item.name, hotelsAndPackages };
    if (item.orgUuid !== undefined) payload.orgUuid = item.orgUuid;
    if (item.hotelUuid !== undefined) payload.hotelUuid = item.hotelUuid;
    if (item.defaultHotelUuid !== undefined) payload.defaultHotelUuid = item.defaultHotelUuid;
    if (item.idMethods !== undefined) payload.idMethods = item.idMethods.slice();
    if (item.version !== undefined) payload.version = item.version;
    return payload;
  });

  return {
    packages: { newPackages: packages.created, updatedPackages: packages.updated, deletedPackages: packages.deleted },
    rateCodes: { newRateCodes: rateCodes.created, updatedRateCodes: rateCodes.updated, deletedRateCodes: rateCodes.deleted },
    accessControls: {
      newAccessControl: accessControls.created,
      updatedAccessControl: accessControls.updated,
      deletedAccessControl: accessControls.deleted,
    },
    generatedUuids: { packages: packages.generated, rateCodes: rateCodes.generated, accessControls: accessControls.generated },
  };
}

/** Maps ids through `resolve`, dropping unknown and repeated ones. */
function mapIds(ids: readonly string[], resolve: (id: string) => string | undefined): string[] {
  const out: string[] = [];
  for (let i = 0; i < ids.length; i += 1) {
    const uuid = resolve(ids[i] as string);
    if (uuid !== undefined && out.indexOf(uuid) === -1) out.push(uuid);
  }
  return out;
}

/** Validates untrusted input (what the worker receives) and computes the diff; throws a readable Error. */
export function parseAndDiffHotel(input: unknown, options: HotelSaveDiffOptions = {}): HotelSaveDiff {
  const parsed = hotelSaveDiffInputSchema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(input)'}: ${issue.message}`);
    const more = parsed.error.issues.length > 5 ? ` (and ${parsed.error.issues.length - 5} more)` : '';
    throw new Error(`Invalid hotel save: ${issues.join('; ')}${more}`);
  }
  return hotelSaveDiff(parsed.data, options);
}
