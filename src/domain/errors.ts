import { z } from 'zod/mini';

/** One entry of the gateway's error list: `{ errors: [{ code, message, field? }] }`. */
export const apiErrorItemSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.optional(z.string()),
});
export type ApiErrorItem = z.infer<typeof apiErrorItemSchema>;

export const apiErrorBodySchema = z.object({
  errors: z.array(apiErrorItemSchema),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Machine-readable error codes the gateway answers with; the app maps them to the spec's words. */
export const ERROR_CODES = {
  unauthenticated: 'auth.unauthenticated',
  invalidCredentials: 'auth.invalid_credentials',
  throttled: 'auth.throttled',
  invalidRefreshToken: 'auth.invalid_refresh_token',
  activationCodeInvalid: 'auth.activation_code_invalid',
  userNotFound: 'user.not_found',
  userInactive: 'user.inactive',
  forbidden: 'forbidden',
  notFound: 'not_found',
  validation: 'validation',
  versionMismatch: 'version_mismatch',
  idempotencyMismatch: 'idempotency.key_reused',
  /** a create whose client uuid is already taken (no record of another organization is named) */
  conflict: 'conflict',
  /** a removal refused because other records still use the record (409, and not an edit conflict) */
  inUse: 'in_use',
  rateLimited: 'rate_limited',
  /** a link or file that existed and no longer does (an expired export) */
  gone: 'gone',
  internal: 'internal',
  /** a change of a batch not applied because the earlier change of its record it follows was not (424) */
  dependencyFailed: 'batch.dependency_failed',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
