/**
 * The signed-in user's own profile changes (spec section 7, "User profile"). They go straight to
 * the gateway, never through the offline outbox: each needs the gateway's answer (a code sent by
 * text message, a link sent by mail, a refused current password) while the user is still here.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emailChangeRequestSchema,
  emailValidationRequestSchema,
  passwordChangeRequestSchema,
  phoneChangeRequestSchema,
  phoneValidationRequestSchema,
  profilePatchSchema,
  userProfileSchema,
  type ProfilePatch,
  type UserProfile,
} from '../../../domain';
import { ApiError, invalidateAfterWrite, isApiError, parseAnswer, request as send, useSession } from '../../../api';
import { profileQueryOptions } from '../../../api/profile';
import { linkTokenQueryOptions } from '../../../ui';

export const OWN_PROFILE_PATH = '/user-profile/v1/user-profile';

/**
 * Spec section 7: "Profile handlers publish an error with a message and a status, defaulting to 403
 * when there is no response". A call that got no answer fails with status 403 (and stays marked as
 * a network failure, so the screens say the gateway could not be reached).
 */
async function request(...args: Parameters<typeof send>): ReturnType<typeof send> {
  try {
    return await send(...args);
  } catch (error) {
    if (isApiError(error) && error.status === 0) throw new ApiError(error.message, { status: 403, body: error.body, errors: [...error.errors], network: true });
    throw error;
  }
}
/** RFC 7396: the profile PATCH names only what changes; null removes. */
export const MERGE_PATCH_TYPE = 'application/merge-patch+json';

/** PATCH the profile (merge-patch): `{ telephone: null }` or `{ image: null }` removes them. */
export async function patchProfile(patch: ProfilePatch): Promise<UserProfile> {
  const answer = await request(OWN_PROFILE_PATH, {
    method: 'PATCH',
    body: profilePatchSchema.parse(patch),
    headers: { 'Content-Type': MERGE_PATCH_TYPE },
  });
  return parseAnswer(userProfileSchema, answer);
}

/** POST .../email: a link goes to the NEW address; the email changes only once it is opened (202). */
export async function requestEmailChange(email: string): Promise<void> {
  await request(`${OWN_PROFILE_PATH}/email`, { method: 'POST', body: emailChangeRequestSchema.parse({ email }) });
}

/**
 * POST .../validate/email. The token in the link is the proof; no session is sent (the link may be
 * opened on another device, or after the session ended), like the phone link.
 */
export async function validateEmail(emailToken: string): Promise<void> {
  await request(`${OWN_PROFILE_PATH}/validate/email`, {
    method: 'POST',
    body: emailValidationRequestSchema.parse({ emailToken }),
    auth: false,
  });
}

/** POST .../phone: sets the number (not validated yet) and sends it a 6-digit code by text message. */
export async function requestPhoneChange(telephone: string): Promise<UserProfile> {
  const answer = await request(`${OWN_PROFILE_PATH}/phone`, { method: 'POST', body: phoneChangeRequestSchema.parse({ telephone }) });
  return parseAnswer(userProfileSchema, answer);
}

/** POST .../validate/phone with the session: the 6-digit code typed from the text message (204). */
export async function validatePhoneCode(code: string): Promise<void> {
  await request(`${OWN_PROFILE_PATH}/validate/phone`, { method: 'POST', body: phoneValidationRequestSchema.parse({ phoneToken: code }) });
}

/** POST .../image, multipart with a `file` field; answers the profile with the image's URL. */
export async function uploadProfileImage(file: File): Promise<UserProfile> {
  const body = new FormData();
  body.append('file', file, file.name);
  return parseAnswer(userProfileSchema, await request(`${OWN_PROFILE_PATH}/image`, { method: 'POST', body }));
}

export interface PasswordChange {
  currentPassword: string;
  password: string;
}

/** POST .../password (204); the gateway signs the user's other devices out. */
export async function changePassword(change: PasswordChange): Promise<void> {
  await request(`${OWN_PROFILE_PATH}/password`, { method: 'POST', body: passwordChangeRequestSchema.parse(change) });
}

/** The query key of the signed-in user's profile, and a way to bring it up to date after a change. */
function useProfileRefresh() {
  const queryClient = useQueryClient();
  const session = useSession();
  const { queryKey } = profileQueryOptions(session?.uuid ?? 'none');
  return {
    /** the gateway answered the changed profile: show it now, and read it again */
    answered: (profile: UserProfile) => {
      queryClient.setQueryData(queryKey, profile);
      return invalidateAfterWrite(queryClient, { queryKey });
    },
    changed: () => invalidateAfterWrite(queryClient, { queryKey }),
  };
}

export function usePatchProfile() {
  const refresh = useProfileRefresh();
  return useMutation({ mutationFn: patchProfile, onSuccess: refresh.answered });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

export function useRequestPhoneChange() {
  const refresh = useProfileRefresh();
  return useMutation({ mutationFn: requestPhoneChange, onSuccess: refresh.answered });
}

export function useValidatePhoneCode() {
  const refresh = useProfileRefresh();
  return useMutation({ mutationFn: validatePhoneCode, onSuccess: refresh.changed });
}

export function useUploadProfileImage() {
  const refresh = useProfileRefresh();
  return useMutation({ mutationFn: uploadProfileImage, onSuccess: refresh.answered });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** Runs once per token when the page opens (linkTokenQueryOptions). */
export const emailValidationQueryOptions = (emailToken: string) => linkTokenQueryOptions('email-validation', emailToken, validateEmail);

export function useEmailValidation(emailToken: string) {
  return useQuery(emailValidationQueryOptions(emailToken));
}
