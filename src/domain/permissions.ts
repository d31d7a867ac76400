import { z } from 'zod';
import { MEMBERSHIP_TYPES, PERMISSIONS, type Membership } from './grants';

export * from './grants';

export const permissionSchema = z.enum(PERMISSIONS);
export const membershipTypeSchema = z.enum(MEMBERSHIP_TYPES);
export const membershipSchema = z.object({
  membershipType: membershipTypeSchema,
  orgs: z.array(z.string().uuid()),
  ous: z.array(z.string().uuid()),
  omnipresence: z.boolean(),
}) satisfies z.ZodType<Membership>;
