import { z } from 'zod';
import { membershipSchema, permissionSchema } from './permissions';

/** GET /user-profile/v1/user-profile */
export const userProfileSchema = z.object({
  uuid: z.string().uuid(),
  email: z.string(),
  telephone: z.string().nullable(),
  emailValidated: z.boolean(),
  phoneValidated: z.boolean(),
  image: z.string().nullable(),
  permissions: z.array(permissionSchema),
  memberships: z.array(membershipSchema),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** GET /user-profile/v1/user-profile/users: the users the caller may see. */
export const userListResponseSchema = z.object({ data: z.array(userProfileSchema) });

/** POST /user-profile/v1/user-profile/validate/phone */
export const phoneValidationRequestSchema = z.object({ phoneToken: z.string().min(1).max(512) });
