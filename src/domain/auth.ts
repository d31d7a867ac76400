import { z } from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from './constants';

/** POST /authentication/v1/users/tokens */
export const loginRequestSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * The session as the gateway answers it and as the app stores it in local storage.
 * expirationTime and lastLoginTime are ISO 8601 instants.
 */
export const sessionSchema = z.object({
  token: z.string().check(z.minLength(1)),
  refreshToken: z.string().check(z.minLength(1)),
  expirationTime: z.string(),
  lastLoginTime: z.nullable(z.string()),
  uuid: z.uuid(),
});
export type Session = z.infer<typeof sessionSchema>;

/** POST /authentication/v1/users/tokens/refresh */
export const refreshRequestSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(512)),
  refreshToken: z.string().check(z.minLength(1), z.maxLength(512)),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** POST /authentication/v1/users/request-activation-code */
export const activationCodeRequestSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
});

/** POST /authentication/v1/users/{uuid}/password/{code} and .../activate/{code} */
export const newPasswordRequestSchema = z.object({
  password: z.string().check(z.maxLength(1024)),
});
export type NewPasswordRequest = z.infer<typeof newPasswordRequestSchema>;

/** A session is expired when the current time is later than expirationTime (spec section 4). */
export function isSessionExpired(session: Pick<Session, 'expirationTime'>, now: number = Date.now()): boolean {
  const expires = Date.parse(session.expirationTime);
  if (Number.isNaN(expires)) return true;
  return now > expires;
}

export const PASSWORD_MESSAGES = {
  tooShort: '* It must contain at least 8 characters',
  noUppercase: '* Password must contain at least one uppercase letter',
  mismatch: "* Passwords don't match",
} as const;

/** New-password rules of spec section 5; the gateway enforces the same (without the confirmation). */
export function newPasswordProblems(password: string, confirmation?: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (!/\p{Lu}/u.test(password)) problems.push(PASSWORD_MESSAGES.noUppercase);
  if (confirmation !== undefined && password !== confirmation) problems.push(PASSWORD_MESSAGES.mismatch);
  return problems;
}

/**
 * A reset link is /password/reset/{token}; the token carries the user uuid and the one-time code
 * as `{uuid}.{code}` so the page can call /users/{uuid}/password/{code}.
 */
export function makeResetToken(userUuid: string, code: string): string {
  return `${userUuid}.${code}`;
}
export function parseResetToken(token: string): { userUuid: string; code: string } | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const userUuid = token.slice(0, dot);
  const code = token.slice(dot + 1);
  if (!z.uuid().safeParse(userUuid).success || code.length === 0) return null;
  return { userUuid, code };
}
