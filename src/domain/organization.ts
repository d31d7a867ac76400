import { z } from 'zod';
import { ORGANIZATION_STATUSES, UNIT_TYPES } from './constants';

export const organizationStatusSchema = z.enum(ORGANIZATION_STATUSES);
export const unitTypeSchema = z.enum(UNIT_TYPES);

/** Attribute map of a unit: keys of spec section 3, values as strings (lists JSON-encoded). */
export const attributesSchema = z.record(z.string(), z.string().nullable());
export type Attributes = z.infer<typeof attributesSchema>;

export const organizationalUnitSchema = z.object({
  uuid: z.string().uuid(),
  parentUuid: z.string().uuid().nullable(),
  type: unitTypeSchema,
  name: z.string(),
  attributes: attributesSchema,
  version: z.number().int(),
});
export type OrganizationalUnit = z.infer<typeof organizationalUnitSchema>;

export const organizationSchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  legalCompanyName: z.string(),
  status: organizationStatusSchema,
  version: z.number().int(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** GET /organization/v1/organization answers `{ data: [...] }`. */
export const organizationListResponseSchema = z.object({ data: z.array(organizationSchema) });
export type OrganizationListResponse = z.infer<typeof organizationListResponseSchema>;
