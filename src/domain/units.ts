/**
 * The API contracts of organizations and their units (spec sections 3 and 7, "Organization and
 * units"): what the gateway answers and accepts, shared by the app, the outbox and the gateway.
 * An organization carries attributes of its own (the root every unit inherits from) and its ous
 * tree; a unit carries its own attributes and, when asked with inheritAttributes, the effective
 * value of every key with where it comes from (unit-inheritance.ts).
 */
import { z } from 'zod';
import { UNIT_TYPES, type UnitType } from './constants';
import { attributesSchema, organizationSchema, unitTypeSchema } from './organization';
import { NIL_UUID } from './pms-connection';
import { attributesWriteSchema, ATTRIBUTE_LIMITS } from './unit-attributes';
import type { EffectiveAttributes } from './unit-inheritance';
import { compareText } from './text-order';

/** The outbox collections and draft kinds of these resources. */
export const ORGANIZATION_KIND = 'organization';
export const UNIT_KIND = 'unit';
/** The outbox collection of a unit clone (POST …/ous/{unit}/clone): the new unit, queued as one change. */
export const UNIT_CLONE_KIND = 'unit-clone';

export const ORGANIZATION_MESSAGES = {
  legalCompanyNameRequired: 'Legal company name is required',
  legalCompanyNameTooLong: 'Legal company name can have at most 255 characters',
  status: 'Select a status: ACTIVE or INACTIVE',
  nilUuid: 'The nil uuid cannot identify a record: send another uuid, or none',
  notFound: 'Organization not found',
  uuidTaken: 'This uuid cannot be used. Create the organization with a new uuid.',
  /** spec section 8 */
  viewForbidden: "You don't have permissions to view this organization",
  listForbidden: "You don't have permissions to view organizations",
  createForbidden: "You don't have permissions to create organizations",
} as const;

export const UNIT_MESSAGES = {
  notFound: 'Unit not found',
  uuidTaken: 'This uuid cannot be used. Create the unit with a new uuid.',
  nameRequired: 'Name is required',
  nameTooLong: `Name can have at most ${ATTRIBUTE_LIMITS.name} characters`,
  type: `Select a unit type: ${UNIT_TYPES.join(', ')}`,
  typeFixed: 'The type of a unit cannot be changed',
  /** spec section 8: saving a unit fails */
  saveForbidden: "You don't have permissions",
  referenceMissing: '{key} names a {target} that does not exist in this organization',
  imageUrlNotOwn: '{key} must be the address of the image {image} names, as its upload answered it',
  /** a clone of a revenue center, or of the organization itself */
  cloneType: 'Only a hotel or a venue can be cloned',
  cloneUuidRequired: 'Send the uuid of the new unit',
} as const;

export const UNIT_TYPE_LABELS: Record<UnitType, string> = { HOTEL: 'Hotel', VENUE: 'Venue', REVENUE_CENTER: 'Revenue center' };

const clientUuid = (message: string) =>
  z
    .string()
    .uuid()
    .toLowerCase()
    .refine((value) => value !== NIL_UUID, message)
    .optional();

const legalCompanyName = z
  .string({ error: ORGANIZATION_MESSAGES.legalCompanyNameRequired })
  .trim()
  .min(1, ORGANIZATION_MESSAGES.legalCompanyNameRequired)
  .max(255, ORGANIZATION_MESSAGES.legalCompanyNameTooLong);

/** PUT /organization/{uuid}: the organization's own fields; its name is set from legalCompanyName. */
export const organizationInputSchema = z.object({
  legalCompanyName,
  status: z.enum(['INACTIVE', 'ACTIVE'], { error: ORGANIZATION_MESSAGES.status }),
  attributes: attributesWriteSchema.optional(),
});
export type OrganizationInput = z.infer<typeof organizationInputSchema>;

/** POST /organization/v1/organization. */
export const organizationCreateSchema = organizationInputSchema.extend({ uuid: clientUuid(ORGANIZATION_MESSAGES.nilUuid) });
export type OrganizationCreate = z.infer<typeof organizationCreateSchema>;

const resolvedAttributeSchema = z.object({
  value: z.string(),
  source: z.enum(['self', 'inherited']),
  fromUuid: z.string(),
  fromName: z.string(),
});
const effectiveAttributeSchema = resolvedAttributeSchema.extend({ inherited: resolvedAttributeSchema.nullable().optional() });
/** Each key's effective value and where it comes from (EffectiveAttributes). */
export const effectiveAttributesSchema = z.record(z.string(), effectiveAttributeSchema) as unknown as z.ZodType<EffectiveAttributes>;

/** A unit as the gateway answers it; `effective` only when asked with inheritAttributes=TRUE. */
export const unitSchema = z.object({
  uuid: z.string().uuid(),
  orgUuid: z.string().uuid(),
  parentUuid: z.string().uuid().nullable(),
  type: unitTypeSchema,
  name: z.string(),
  attributes: attributesSchema,
  effective: effectiveAttributesSchema.optional(),
  version: z.number().int(),
});
export type Unit = z.infer<typeof unitSchema>;

export const unitListResponseSchema = z.object({ data: z.array(unitSchema) });
export type UnitListResponse = z.infer<typeof unitListResponseSchema>;

/** Organization tree node (spec section 3): uuid, parentUuid, name, attributes with NAME, children. */
export interface UnitTreeNode extends Unit {
  children: UnitTreeNode[];
}
export const unitTreeNodeSchema: z.ZodType<UnitTreeNode> = unitSchema.extend({
  get children() {
    return z.array(unitTreeNodeSchema);
  },
});

/** GET /organization/{uuid}: the organization, its own attributes and its ous tree. */
export const organizationDetailSchema = organizationSchema.extend({
  attributes: attributesSchema,
  ous: z.array(unitTreeNodeSchema),
});
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;

/**
 * PUT body of a unit: where it sits and its own attributes, which replace the stored ones (a key
 * left out or null is not set here: inherited). NAME is required and is the unit's name.
 */
export const unitInputSchema = z.object({
  parentUuid: z.string().uuid().toLowerCase().nullable(),
  attributes: attributesWriteSchema,
});
export type UnitInput = z.infer<typeof unitInputSchema>;

/** POST body of a unit: its type, and a client uuid so a unit created offline can parent another. */
export const unitCreateSchema = unitInputSchema.extend({
  type: z.enum(UNIT_TYPES, { error: UNIT_MESSAGES.type }),
  uuid: clientUuid(ORGANIZATION_MESSAGES.nilUuid),
});
export type UnitCreate = z.infer<typeof unitCreateSchema>;

/**
 * POST /organization/{org}/ous/{unit}/clone: the new unit's client uuid (a clone queued offline is
 * one change, replayed with its Idempotency-Key) and its name.
 */
export const unitCloneSchema = z.object({
  uuid: z
    .string({ error: UNIT_MESSAGES.cloneUuidRequired })
    .uuid(UNIT_MESSAGES.cloneUuidRequired)
    .toLowerCase()
    .refine((value) => value !== NIL_UUID, ORGANIZATION_MESSAGES.nilUuid),
  name: z.string({ error: UNIT_MESSAGES.nameRequired }).trim().min(1, UNIT_MESSAGES.nameRequired).max(ATTRIBUTE_LIMITS.name, UNIT_MESSAGES.nameTooLong),
});
export type UnitClone = z.infer<typeof unitCloneSchema>;

/** The name a write gives the unit: its NAME attribute, trimmed; null when it has none. */
export function unitNameOf(attributes: Readonly<Record<string, string | null>>): string | null {
  const name = attributes.NAME?.trim();
  return name ? name : null;
}

/** Nests a flat list of units (parents before or after children) as the organization tree, siblings by name. */
export function buildUnitTree(units: readonly Unit[]): UnitTreeNode[] {
  const nodes = new Map<string, UnitTreeNode>(units.map((unit) => [unit.uuid, { ...unit, children: [] }]));
  const roots: UnitTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentUuid === null ? undefined : nodes.get(node.parentUuid);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const byName = (a: UnitTreeNode, b: UnitTreeNode) => compareText(a.name, b.name) || a.uuid.localeCompare(b.uuid);
  const sortAll = (list: UnitTreeNode[]) => {
    list.sort(byName);
    for (const node of list) sortAll(node.children);
  };
  sortAll(roots);
  return roots;
}
