/**
 * Reads and checks of an organization's unit tree for the organization and unit routes: the units
 * as the API answers them (with effective attributes resolved in one pass over the tree), the
 * query flags of spec section 7 (inheritAttributes=TRUE…), and the checks a write must pass beyond
 * the attribute registry: references to records of the same organization and images it uploaded.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AttributeKey, AttributeReference, Attributes, EffectiveAttributes, Grants, TreeOrganization, Unit, UnitType } from '../../src/domain/index';
import {
  attributeDefinition,
  attributeKeysOfKind,
  ATTRIBUTE_KEYS,
  decodeAttribute,
  ERROR_CODES,
  isAttributeKey,
  ORGANIZATION_MESSAGES,
  placementProblem,
  resolveAllUnits,
  UNIT_MESSAGES,
  unitNameOf,
  uploadedImageUrl,
  visibleOrganizationUuids,
} from '../../src/domain/index';
import type { Executor } from '../db/client';
import { accessControlServices, organizationalUnits, organizations, pmsConnections } from '../db/schema';
import { HttpError, notFound } from '../http-error';
import { UUID, type FieldError } from '../resources/define-resource';
import { loadTree } from './directory';
import { missingImageKeys } from './images';

export type OrganizationRow = typeof organizations.$inferSelect;
export type UnitRow = typeof organizationalUnits.$inferSelect;


/** A query flag of spec section 7: TRUE or FALSE in any case; absent is false. */
export const queryFlag = z
  .enum(['TRUE', 'FALSE', 'true', 'false'])
  .optional()
  .transform((value) => value?.toUpperCase() === 'TRUE');

/** A comma-separated list of attribute keys (attributeKeys=NAME,CURRENCY); an unknown key answers 400 naming it. */
export const attributeKeyList = z
  .string()
  .max(4000)
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === '') return null;
    const keys = value
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean);
    for (const key of keys) if (!isAttributeKey(key)) ctx.addIssue({ code: 'custom', message: `${key} is not an attribute of a unit` });
    return keys as AttributeKey[];
  });

/**
 * The organization, locked when `forUpdate`: the writers that lock it (units, clone, hotel save,
 * organization update) wait for one another. NO KEY UPDATE, not UPDATE: an insert of any record of
 * the organization checks its foreign key with KEY SHARE on this row, which UPDATE would block; a
 * create under a hotel (it locks the hotel, then inserts) and a hotel save (it locks the organization,
 * then the hotel) then waited on each other, and PostgreSQL answered one of them with a deadlock.
 */
export async function findOrganization(executor: Executor, uuid: string, forUpdate = false): Promise<OrganizationRow | null> {
  if (!UUID.test(uuid)) return null;
  const query = executor.select().from(organizations).where(eq(organizations.uuid, uuid));
  const [row] = forUpdate ? await query.for('no key update') : await query;
  return row ?? null;
}

export async function unitsOf(executor: Executor, orgUuid: string): Promise<UnitRow[]> {
  return executor.select().from(organizationalUnits).where(eq(organizationalUnits.orgUuid, orgUuid));
}

/** The tree node of one organization for the domain's permission rules. */
export function treeOf(org: { uuid: string }, rows: readonly UnitRow[]): TreeOrganization {
  return { uuid: org.uuid, ous: rows.map((row) => ({ uuid: row.uuid, parentUuid: row.parentUuid })) };
}

/** The attributes (and effective ones) restricted to `keys`, when the caller asked for some. */
function pick<T extends object>(record: T, keys: readonly AttributeKey[] | null): T {
  if (keys === null) return record;
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (key in record) picked[key] = (record as Record<string, unknown>)[key];
  return picked as T;
}

export interface PresentOptions {
  inherit: boolean;
  keys?: readonly AttributeKey[] | null;
}

/** Units as the API answers them; with inherit, each with its effective attributes resolved over the whole tree. */
export function presentUnits(org: OrganizationRow, rows: readonly UnitRow[], options: PresentOptions): Map<string, Unit> {
  const effective = options.inherit ? resolveAllUnits({ uuid: org.uuid, name: org.name, attributes: org.attributes, units: rows }) : null;
  const keys = options.keys ?? null;
  const result = new Map<string, Unit>();
  for (const row of rows) {
    const unit: Unit = {
      uuid: row.uuid,
      orgUuid: row.orgUuid,
      parentUuid: row.parentUuid,
      type: row.type,
      name: row.name,
      attributes: pick(row.attributes, keys),
      version: row.version,
    };
    const resolved = effective?.get(row.uuid);
    if (effective) unit.effective = pick<EffectiveAttributes>(resolved ?? {}, keys);
    result.set(row.uuid, unit);
  }
  return result;
}

/** 403 unless the caller sees the organization (either membership type), then 404 for an unknown one. */
export async function readableOrganization(executor: Executor, grants: Grants, tree: readonly TreeOrganization[], uuid: string, forUpdate = false): Promise<OrganizationRow> {
  const seesAll = grants.memberships.some((membership) => membership.omnipresence);
  if (!seesAll && !visibleOrganizationUuids(grants.memberships, tree).has(uuid.toLowerCase())) {
    throw HttpError.of(403, ERROR_CODES.forbidden, ORGANIZATION_MESSAGES.viewForbidden);
  }
  const org = await findOrganization(executor, uuid, forUpdate);
  if (!org) throw notFound(ORGANIZATION_MESSAGES.notFound);
  return org;
}

/**
 * readableOrganization with the tree its rules take: the organization's own units only (loadTree),
 * read for the very uuid the caller named, so the two always go together.
 */
export async function readableOrganizationTree(executor: Executor, grants: Grants, uuid: string, forUpdate = false): Promise<{ tree: TreeOrganization[]; org: OrganizationRow }> {
  const tree = await loadTree(executor, uuid);
  return { tree, org: await readableOrganization(executor, grants, tree, uuid, forUpdate) };
}

const fill = (template: string, params: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

/** Where each kind of reference of the registry points: the records of the organization it may name. */
const REFERENCE_TARGETS: Record<AttributeReference, { label: string; find(executor: Executor, orgUuid: string, uuids: string[]): Promise<string[]> }> = {
  hotel: {
    label: 'hotel',
    find: async (executor, orgUuid, uuids) =>
      (
        await executor
          .select({ uuid: organizationalUnits.uuid })
          .from(organizationalUnits)
          .where(and(eq(organizationalUnits.orgUuid, orgUuid), eq(organizationalUnits.type, 'HOTEL'), inArray(organizationalUnits.uuid, uuids)))
      ).map((row) => row.uuid),
  },
  'pms-connection': {
    label: 'PMS connection',
    find: async (executor, orgUuid, uuids) =>
      (await executor.select({ uuid: pmsConnections.uuid }).from(pmsConnections).where(and(eq(pmsConnections.orgUuid, orgUuid), inArray(pmsConnections.uuid, uuids)))).map((row) => row.uuid),
  },
  'access-control-service': {
    label: 'access-control service',
    find: async (executor, orgUuid, uuids) =>
      (
        await executor
          .select({ uuid: accessControlServices.uuid })
          .from(accessControlServices)
          .where(and(eq(accessControlServices.orgUuid, orgUuid), inArray(accessControlServices.uuid, uuids)))
      ).map((row) => row.uuid),
  },
};

/** What the image checks of a write need: the gateway's public origin, and the attributes as stored before it (none for a create). */
export interface ImageContext {
  publicUrl: string;
  before?: Attributes | null;
}

/**
 * An image's _URL companion set here must be the address the gateway serves that image at
 * (uploadedImageUrl of the key beside it), so an attribute never points terminals or receipts
 * elsewhere. A pair stored before and sent unchanged stays (written under another PUBLIC_URL).
 */
function imageUrlErrors(attributes: Attributes, images: ImageContext): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of attributeKeysOfKind('image')) {
    const urlKey = attributeDefinition(key).urlKey as AttributeKey | undefined;
    if (urlKey === undefined) continue;
    const url = attributes[urlKey];
    if (url === null || url === undefined || url === '') continue;
    const image = attributes[key];
    const own = typeof image === 'string' && image !== '' && url === uploadedImageUrl(images.publicUrl, image);
    const unchanged = images.before?.[urlKey] === url && images.before[key] === image;
    if (!own && !unchanged) errors.push({ field: `attributes.${urlKey}`, message: fill(UNIT_MESSAGES.imageUrlNotOwn, { key: urlKey, image: key }) });
  }
  return errors;
}

/**
 * What the registry cannot know: a reference must name a record of this organization (a hotel
 * unit, a PMS connection, an access-control service), an image key an image uploaded to it, and an
 * image's URL that image's address. One field error per key.
 */
export async function attributeReferenceErrors(executor: Executor, orgUuid: string, attributes: Attributes, images: ImageContext): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const refs = new Map<AttributeReference, Map<AttributeKey, string[]>>();
  const imageRefs = new Map<AttributeKey, string>();
  for (const key of ATTRIBUTE_KEYS) {
    const raw = attributes[key];
    if (raw === null || raw === undefined || raw === '') continue;
    const definition = attributeDefinition(key);
    if (definition.kind === 'image') imageRefs.set(key, raw);
    if ((definition.kind !== 'reference' && definition.kind !== 'reference-list') || !definition.references) continue;
    const value = decodeAttribute(key, raw);
    const uuids = (Array.isArray(value) ? value : [value]).filter((entry): entry is string => typeof entry === 'string').map((entry) => entry.toLowerCase());
    const byKey = refs.get(definition.references) ?? new Map<AttributeKey, string[]>();
    byKey.set(key, uuids);
    refs.set(definition.references, byKey);
  }
  for (const [target, byKey] of refs) {
    const wanted = [...new Set([...byKey.values()].flat())];
    if (wanted.length === 0) continue;
    const found = new Set(await REFERENCE_TARGETS[target].find(executor, orgUuid, wanted));
    for (const [key, uuids] of byKey) {
      if (uuids.some((uuid) => !found.has(uuid))) errors.push({ field: `attributes.${key}`, message: fill(UNIT_MESSAGES.referenceMissing, { key, target: REFERENCE_TARGETS[target].label }) });
    }
  }
  if (imageRefs.size > 0) {
    const missing = new Set(await missingImageKeys(executor, orgUuid, [...new Set(imageRefs.values())]));
    for (const [key, imageKey] of imageRefs) {
      if (missing.has(imageKey)) errors.push({ field: `attributes.${key}`, message: `${key} must be the key of an image uploaded to this organization` });
    }
  }
  errors.push(...imageUrlErrors(attributes, images));
  return errors;
}

/** A unit as a write would leave it: where it sits and its own attributes. */
export interface UnitWrite {
  uuid: string | null;
  type: UnitType;
  parentUuid: string | null;
  attributes: Attributes;
}

/** Placement, name and references of a unit write, checked against the organization's units as they are. */
export async function unitWriteErrors(tx: Executor, orgUuid: string, rows: readonly UnitRow[], unit: UnitWrite, publicUrl: string): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const placement = placementProblem(rows, unit);
  if (placement) errors.push({ field: 'parentUuid', message: placement });
  if (unitNameOf(unit.attributes) === null) errors.push({ field: 'attributes.NAME', message: UNIT_MESSAGES.nameRequired });
  const before = unit.uuid === null ? null : (rows.find((row) => row.uuid === unit.uuid)?.attributes ?? null);
  errors.push(...(await attributeReferenceErrors(tx, orgUuid, unit.attributes, { publicUrl, before })));
  return errors;
}
