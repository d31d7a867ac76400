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

/** The join flow's SMS code: SMS_CODE_LENGTH (6) digits (spec sections 5 and 9). */
export const SMS_CODE_PATTERN = /^\d{6}$/;

/**
 * PATCH /user-profile/v1/user-profile (application/merge-patch+json): what a user changes of their
 * own profile directly. `null` removes the telephone or the image; email and telephone are set
 * through their POSTs and validated with a token. A body naming permissions, memberships, status or
 * active is refused with 403: nobody changes their own grants.
 */
export const profilePatchSchema = z.strictObject({
  telephone: z.null().optional(),
  image: z.null().optional(),
});
export type ProfilePatch = z.infer<typeof profilePatchSchema>;
/** Keys of a profile PATCH that would change one's own grants: 403. */
export const OWN_GRANT_KEYS = ['permissions', 'memberships', 'active', 'status'] as const;

/** POST /user-profile/v1/user-profile/email: a link with an emailToken goes to the new address. */
export const emailChangeRequestSchema = z.object({ email: z.string().trim().max(254) });
/** POST /user-profile/v1/user-profile/validate/email */
export const emailValidationRequestSchema = z.object({ emailToken: z.string().min(1).max(512) });
/** POST /user-profile/v1/user-profile/phone: an SMS with a 6-digit code and a link goes to the number. */
export const phoneChangeRequestSchema = z.object({ telephone: z.string().trim().max(32) });
/** POST /user-profile/v1/user-profile/password */
export const passwordChangeRequestSchema = z.object({ currentPassword: z.string().min(1).max(1024), password: z.string().max(1024) });
