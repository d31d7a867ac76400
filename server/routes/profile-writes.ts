/**
 * The signed-in user's changes to their own profile (spec section 7 "User profile"): the merge-patch
 * PATCH (remove the telephone or the image), an email change confirmed by a link sent to the new
 * address, a phone change confirmed by an SMS (a 6-digit code or a link), the profile image, and the
 * password. Nobody changes their own grants here: a PATCH naming permissions, memberships, active or
 * status is refused with 403 and changes nothing.
 *
 * Every write bumps the user's version (answered as the ETag of a 200). The PATCH, email and phone
 * changes honour Idempotency-Key; the PATCH honours If-Match. The password change does not take an
 * Idempotency-Key: the key's stored request fingerprint would be a hash of the passwords.
 */
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiErrorItem, UserProfile } from '../../src/domain/index';
import {
  apiErrorBodySchema,
  EMAIL_MESSAGE,
  emailChangeRequestSchema,
  emailSchema,
  emailValidationRequestSchema,
  ERROR_CODES,
  newPasswordProblems,
  OWN_GRANT_KEYS,
  passwordChangeRequestSchema,
  phoneChangeRequestSchema,
  profilePatchSchema,
  TELEPHONE_MESSAGE,
  telephoneSchema,
  uploadedImageUrl,
  userProfileSchema,
} from '../../src/domain/index';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { issueCode, retireCodes } from '../auth/codes';
import { consumeEmailCode, EMAIL_CODE_TTL_MS, issueSmsCode, PHONE_TOKEN_TTL_MS } from '../auth/profile-codes';
import { beginAttempt, clearEvents, throttledError } from '../auth/throttle';
import type { Executor } from '../db/client';
import { accessTokens, images, tokenFamilies, users } from '../db/schema';
import { HttpError, unauthenticated, validationError } from '../http-error';
import type { RecordedMail } from '../mail/outbox';
import { caller } from '../plugins/auth';
import { withMutation } from '../plugins/idempotency';
import { assertVersion } from '../plugins/if-match';
import { BEARER } from '../plugins/swagger';
import type { UserRow } from '../services/directory';
import { findUserByEmail, findUserByUuid, membershipsOf, toProfile } from '../services/directory';
import { recordProfileChange } from '../services/history';
import { IMAGE_FIELD, IMAGE_MESSAGES, imageTypeOf, liesAboutType, MAX_IMAGE_BYTES, readImage, sanitizeFileName } from './images';
import { errorResponses, noContent } from './schemas';

const PROFILE = '/user-profile/v1/user-profile';
/** 412 of the PATCH: the errors and the profile as it is now, with its version. */
const staleProfileSchema = z.object({ ...apiErrorBodySchema.shape, current: userProfileSchema.extend({ version: z.number().int() }).optional() });
export const MERGE_PATCH = 'application/merge-patch+json';

export const EMAIL_CHANGE_SUBJECT = 'Confirm your new Lobby email address';

export function emailChangeMailBody(link: string): string {
  return [
    'Hello,',
    '',
    'You asked to use this address for your Lobby account. Open this link within 24 hours to confirm it:',
    link,
    '',
    'Until you confirm, your account keeps its current email address. If you did not ask for this, ignore this mail.',
  ].join('\n');
}

export const EMAIL_IN_USE_SUBJECT = 'Someone asked to use your Lobby email address';

/** What the owner of an address in use reads when another user asks for it: no link, nothing to do. */
export function emailInUseMailBody(): string {
  return [
    'Hello,',
    '',
    'Someone signed in to Lobby asked to use this address for their account. It already belongs to your Lobby account, so nothing was changed and nothing needs to be done.',
    '',
    'If that was you from another account, sign in with this address instead. If you do not know why this happened, tell your Lobby administrator.',
  ].join('\n');
}

export const smsBody = (code: string, link: string) => `Your Lobby code is ${code}. Or open ${link}`;

/** Phone changes per user within PHONE_CHANGE_WINDOW_MS (each sends an SMS). */
export const PHONE_CHANGES_PER_HOUR = 5;
/** Email changes per user within the hour (each sends a mail to an address not yet confirmed). */
export const EMAIL_CHANGES_PER_HOUR = 5;
const HOUR_MS = 3600_000;
/** Wrong current passwords per user within PASSWORD_FAILURE_WINDOW_MS before the change waits. */
export const PASSWORD_FAILURES = 5;
const PASSWORD_FAILURE_WINDOW_MS = 15 * 60_000;

export const PROFILE_MESSAGES = {
  ownGrants: 'You cannot change your own permissions or memberships',
  emailByPost: `Change your email address with POST ${PROFILE}/email: a confirmation link goes to the new address`,
  telephoneByPost: `Set a telephone number with POST ${PROFILE}/phone; here it can only be removed (null)`,
  imageByPost: `Upload an image with POST ${PROFILE}/image; here it can only be removed (null)`,
  unknownKey: (key: string) => `${key} cannot be changed here`,
  sameEmail: 'This is already your email address',
  emailTaken: 'This email address is already in use',
  codeInvalid: 'The activation code is not valid',
  wrongPassword: 'The current password is not correct',
  imageFailed: IMAGE_MESSAGES.failed,
} as const;

const codeInvalid = () => HttpError.of(422, ERROR_CODES.activationCodeInvalid, PROFILE_MESSAGES.codeInvalid);
const emailTaken = () => HttpError.of(409, ERROR_CODES.conflict, PROFILE_MESSAGES.emailTaken, 'email');
const imageFailed = (status: 400 | 415) => HttpError.of(status, ERROR_CODES.validation, PROFILE_MESSAGES.imageFailed, IMAGE_FIELD);

/** A unique index refused the write (PostgreSQL 23505), as drizzle or the driver reports it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/** The caller's row, locked until the transaction ends (writes of one user run one at a time). */
async function lockUser(tx: Executor, userUuid: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.uuid, userUuid)).for('update');
  if (!row) throw unauthenticated();
  return row;
}

async function profileOf(tx: Executor, userUuid: string): Promise<{ profile: UserProfile; version: number }> {
  const user = await findUserByUuid(tx, userUuid);
  if (!user) throw unauthenticated();
  const profile = toProfile(user, (await membershipsOf(tx, [userUuid])).get(userUuid) ?? []);
  return { profile, version: user.version };
}

/** The profile as a 200 answer, with the user's version as its ETag. */
async function answerProfile(tx: Executor, reply: FastifyReply, userUuid: string): Promise<{ statusCode: 200; body: UserProfile }> {
  const { profile, version } = await profileOf(tx, userUuid);
  void reply.header('ETag', `"${version}"`);
  return { statusCode: 200, body: profile };
}

const bumpVersion = (now: Date) => ({ version: sql`${users.version} + 1`, updatedAt: now });

/**
 * What a PATCH body may not say, before its schema is checked: own grants (403, whatever else the
 * body holds), the email (400: it has its own route), a telephone or image other than null, and any
 * other key (400, each named).
 */
async function guardPatch(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const keys = Object.keys(body);
  if (keys.some((key) => (OWN_GRANT_KEYS as readonly string[]).includes(key))) {
    throw HttpError.of(403, ERROR_CODES.forbidden, PROFILE_MESSAGES.ownGrants);
  }
  const items: ApiErrorItem[] = [];
  const record = body as Record<string, unknown>;
  for (const key of keys) {
    if (key === 'email') items.push({ code: ERROR_CODES.validation, message: PROFILE_MESSAGES.emailByPost, field: 'email' });
    else if (key === 'telephone') {
      if (record.telephone !== null) items.push({ code: ERROR_CODES.validation, message: PROFILE_MESSAGES.telephoneByPost, field: 'telephone' });
    } else if (key === 'image') {
      if (record.image !== null) items.push({ code: ERROR_CODES.validation, message: PROFILE_MESSAGES.imageByPost, field: 'image' });
    } else items.push({ code: ERROR_CODES.validation, message: PROFILE_MESSAGES.unknownKey(key), field: key });
  }
  if (items.length > 0) throw new HttpError(400, items);
}

/** Revokes every sign-in of the user but `keepFamily`: other devices are signed out at once. */
async function revokeOtherFamilies(tx: Executor, userUuid: string, keepFamily: string, now: Date): Promise<void> {
  await tx
    .update(tokenFamilies)
    .set({ revokedAt: now })
    .where(and(eq(tokenFamilies.userUuid, userUuid), ne(tokenFamilies.uuid, keepFamily), isNull(tokenFamilies.revokedAt)));
  await tx.delete(accessTokens).where(and(eq(accessTokens.userUuid, userUuid), ne(accessTokens.familyUuid, keepFamily)));
}

export const profileWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, limits } = app.lobby;
  const publicRateLimit = { max: limits.publicRequestsPerMinute, timeWindow: '1 minute' };

  // merge-patch JSON is JSON (same parser, same body limit); only the routes of this plugin take it
  app.addContentTypeParser(MERGE_PATCH, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 5, headerPairs: 20 },
    throwFileSizeLimit: true,
    isPartAFile: (fieldName, contentType, fileName) => fieldName === IMAGE_FIELD || contentType === 'application/octet-stream' || fileName !== undefined,
  });

  app.patch(
    PROFILE,
    {
      onRequest: app.authenticate,
      preValidation: guardPatch,
      schema: {
        tags: ['user profile'],
        summary: 'Change your own profile (merge patch)',
        description:
          `\`Content-Type: ${MERGE_PATCH}\` (or application/json). \`{"telephone": null}\` removes the telephone (and its validation), ` +
          '`{"image": null}` removes the profile image. A body naming permissions, memberships, active or status answers 403 and changes ' +
          `nothing; email answers 400 (use POST ${PROFILE}/email), and so does any other key. Honours Idempotency-Key and If-Match ` +
          '(the user\'s version, answered as the ETag); a stale version answers 412 with the current profile and its version in `current`.',
        security: BEARER,
        consumes: [MERGE_PATCH, 'application/json'],
        body: profilePatchSchema,
        response: { 200: userProfileSchema, ...errorResponses(400, 401, 403, 422), 412: staleProfileSchema },
      },
    },
    async (request, reply) =>
      withMutation(request, reply, async (tx) => {
        const me = caller(request);
        const user = await lockUser(tx, me);
        const { profile } = await profileOf(tx, me);
        assertVersion(request, user, { currentBody: { ...profile, version: user.version } });
        const now = app.lobby.now();
        const patch = request.body;
        const set: Partial<typeof users.$inferInsert> = {};
        if (patch.telephone === null) {
          set.telephone = null;
          set.phoneValidated = false;
          await retireCodes(tx, me, now, ['phone', 'phone-code']);
        }
        if (patch.image === null) {
          set.image = null;
          await tx.delete(images).where(and(eq(images.userUuid, me), isNull(images.orgUuid)));
        }
        if (Object.keys(set).length > 0) {
          await tx.update(users).set({ ...set, ...bumpVersion(now) }).where(eq(users.uuid, me));
          await recordProfileChange(tx, request, user);
        }
        return answerProfile(tx, reply, me);
      }),
  );

  app.post(
    `${PROFILE}/email`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user profile'],
        summary: 'Change your email address: a confirmation link goes to the new address',
        description:
          `Answers 202 \`{}\` and mails a link (${'`'}{PUBLIC_URL}/validate/email/{emailToken}${'`'}, valid 24 hours) to the new address; the ` +
          `email changes only when the link is used (POST ${PROFILE}/validate/email). An address another user has gets the same answer, after ` +
          'the same work, and its owner a mail saying it was asked for, with no link: the answer never tells whether an address has an account ' +
          `(docs/adr/0007, 0020). 429 after ${EMAIL_CHANGES_PER_HOUR} requests in an hour, counted before anything else; 400 field email for an ` +
          'invalid address or your current one. Honours Idempotency-Key.',
        security: BEARER,
        body: emailChangeRequestSchema,
        response: { 202: z.object({}), ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request, reply) => {
      const parsed = emailSchema.safeParse(request.body.email);
      if (!parsed.success) throw validationError('email', [EMAIL_MESSAGE]);
      const email = parsed.data;
      const recorded: RecordedMail[] = [];
      const answer = await withMutation(request, reply, async (tx) => {
        const now = app.lobby.now();
        const user = await lockUser(tx, caller(request));
        // the throttle first: past it every address answers alike, so it cannot be used to test many
        const attempt = await beginAttempt(tx, [{ key: `email-change:${user.uuid}`, limit: EMAIL_CHANGES_PER_HOUR, windowMs: HOUR_MS }], now);
        if (attempt.delay > 0) throw throttledError('Too many email address changes.', attempt.delay);
        if (user.email === email) throw validationError('email', [PROFILE_MESSAGES.sameEmail]);
        // the same statements and the same answer whether another user has the address or not: a code
        // is issued either way (earlier links stop working alike), but only a free address gets it
        const holder = await findUserByEmail(tx, email);
        const code = await issueCode(tx, user.uuid, 'email', EMAIL_CODE_TTL_MS, now, email);
        const mail =
          holder !== null && holder.uuid !== user.uuid
            ? { to: email, subject: EMAIL_IN_USE_SUBJECT, body: emailInUseMailBody() }
            : { to: email, subject: EMAIL_CHANGE_SUBJECT, body: emailChangeMailBody(`${config.publicUrl}/validate/email/${code}`) };
        recorded.push(await app.lobby.mailer.record(tx, mail));
        return { statusCode: 202, body: {} };
      });
      // sent once the code and the mail are committed; a replay sends nothing again
      for (const mail of recorded) app.lobby.background(() => app.lobby.mailer.deliver(mail));
      return answer;
    },
  );

  app.post(
    `${PROFILE}/validate/email`,
    {
      config: { rateLimit: publicRateLimit },
      schema: {
        tags: ['user profile'],
        summary: 'Confirm an email change with the token of the mailed link',
        description:
          'Needs no bearer: the token is the proof. Sets the new address as the user\'s email, validated (204). An unknown, used or ' +
          'expired token answers 422 auth.activation_code_invalid; 409 conflict when another user took the address meanwhile (the token ' +
          'then stays unused).',
        body: emailValidationRequestSchema,
        response: { 204: noContent, ...errorResponses(400, 409, 422) },
      },
    },
    async (request, reply) => {
      const now = app.lobby.now();
      try {
        await db.transaction(async (tx) => {
          const consumed = await consumeEmailCode(tx, request.body.emailToken, now);
          if (consumed === null) throw codeInvalid();
          const holder = await findUserByEmail(tx, consumed.email);
          if (holder && holder.uuid !== consumed.userUuid) throw emailTaken();
          await retireCodes(tx, consumed.userUuid, now, ['email']);
          const before = await lockUser(tx, consumed.userUuid);
          await tx
            .update(users)
            .set({ email: consumed.email, emailValidated: true, ...bumpVersion(now) })
            .where(eq(users.uuid, consumed.userUuid));
          // no bearer here: the mailed token proves the user
          await recordProfileChange(tx, request, before, consumed.userUuid);
        });
      } catch (error) {
        // another user took the address between the check and the write
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return reply.code(204).send();
    },
  );

  app.post(
    `${PROFILE}/phone`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user profile'],
        summary: 'Change your telephone number: a 6-digit code and a link go to it by SMS',
        description:
          'Sets the telephone (normalized: digits with the leading + kept), not validated, and sends one SMS to it with a 6-digit code ' +
          '(valid 15 minutes, 5 tries, entered signed in) and a link (`{PUBLIC_URL}/validate/phone/{phoneToken}`, valid 24 hours); ' +
          `both go to POST ${PROFILE}/validate/phone. Earlier codes stop working. Answers 200 with the profile. 400 field telephone ` +
          `for an invalid number, 429 after ${PHONE_CHANGES_PER_HOUR} changes in an hour. Honours Idempotency-Key.`,
        security: BEARER,
        body: phoneChangeRequestSchema,
        response: { 200: userProfileSchema, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request, reply) => {
      const parsed = telephoneSchema.safeParse(request.body.telephone);
      if (!parsed.success) throw validationError('telephone', [TELEPHONE_MESSAGE]);
      const telephone = parsed.data;
      return withMutation(request, reply, async (tx) => {
        const now = app.lobby.now();
        const user = await lockUser(tx, caller(request));
        const attempt = await beginAttempt(tx, [{ key: `phone:${user.uuid}`, limit: PHONE_CHANGES_PER_HOUR, windowMs: HOUR_MS }], now);
        if (attempt.delay > 0) throw throttledError('Too many telephone number changes.', attempt.delay);
        await tx
          .update(users)
          .set({ telephone, phoneValidated: false, ...bumpVersion(now) })
          .where(eq(users.uuid, user.uuid));
        await recordProfileChange(tx, request, user);
        const token = await issueCode(tx, user.uuid, 'phone', PHONE_TOKEN_TTL_MS, now, telephone);
        const code = await issueSmsCode(tx, user.uuid, telephone, now);
        await app.lobby.mailer.sms(tx, { to: telephone, body: smsBody(code, `${config.publicUrl}/validate/phone/${token}`) });
        return answerProfile(tx, reply, user.uuid);
      });
    },
  );

  app.post(
    `${PROFILE}/image`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user profile'],
        summary: 'Upload your profile image',
        description:
          `A \`multipart/form-data\` body with one file in the field \`${IMAGE_FIELD}\`. The type is judged from the content: PNG, JPEG, ` +
          `GIF or WebP; anything else answers 415, a name or declared type naming another image type 400, both with "${IMAGE_MESSAGES.failed}"; ` +
          'more than 5 MB answers 413. The image replaces the previous one; the profile\'s image becomes its URL (GET /api/images/{key}, ' +
          'no authentication). Answers 200 with the profile.',
        security: BEARER,
        consumes: ['multipart/form-data'],
        response: { 200: userProfileSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      let upload: Awaited<ReturnType<typeof readImage>>;
      try {
        upload = await readImage(request);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 413) throw error;
        throw imageFailed(400);
      }
      const { part, bytes } = upload;
      const contentType = imageTypeOf(bytes);
      if (contentType === null) throw imageFailed(415);
      if (liesAboutType(contentType, part.mimetype, part.filename)) throw imageFailed(400);
      const key = randomBytes(32).toString('base64url');
      const origin = config.publicUrl || `${request.protocol}://${request.host}`;
      const body = await db.transaction(async (tx) => {
        const now = app.lobby.now();
        const user = await lockUser(tx, caller(request));
        await tx.delete(images).where(and(eq(images.userUuid, user.uuid), isNull(images.orgUuid)));
        await tx.insert(images).values({
          key,
          orgUuid: null,
          userUuid: user.uuid,
          contentType,
          fileName: sanitizeFileName(part.filename),
          size: bytes.length,
          bytes,
          uploadedBy: user.uuid,
          createdAt: now,
        });
        await tx
          .update(users)
          .set({ image: uploadedImageUrl(origin, key), ...bumpVersion(now) })
          .where(eq(users.uuid, user.uuid));
        await recordProfileChange(tx, request, user);
        return (await answerProfile(tx, reply, user.uuid)).body;
      });
      return reply.code(200).send(body);
    },
  );

  app.post(
    `${PROFILE}/password`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user profile'],
        summary: 'Change your password',
        description:
          'Needs the current password: a wrong one answers 422 field currentPassword, and after ' +
          `${PASSWORD_FAILURES} wrong ones in 15 minutes the change answers 429 until they age out. The new password follows the ` +
          'new-password rules (400 field password, one entry per rule broken). Success (204) signs out every other session of the ' +
          'user; the session that made the change stays signed in. Idempotency-Key is not taken here.',
        security: BEARER,
        body: passwordChangeRequestSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (auth === null) throw unauthenticated();
      const { currentPassword, password } = request.body;
      const problems = newPasswordProblems(password);
      if (problems.length > 0) throw validationError('password', problems);
      const now = app.lobby.now();
      const key = `password-change:${auth.userUuid}`;
      const attempt = await beginAttempt(db, [{ key, limit: PASSWORD_FAILURES, windowMs: PASSWORD_FAILURE_WINDOW_MS }], now);
      if (attempt.delay > 0) throw throttledError('Too many wrong passwords.', attempt.delay);
      const user = await findUserByUuid(db, auth.userUuid);
      if (!(await verifyPassword(user?.passwordHash ?? null, currentPassword))) {
        throw HttpError.of(422, ERROR_CODES.invalidCredentials, PROFILE_MESSAGES.wrongPassword, 'currentPassword');
      }
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await clearEvents(tx, key);
        const before = await lockUser(tx, auth.userUuid);
        await tx
          .update(users)
          .set({ passwordHash, ...bumpVersion(now) })
          .where(eq(users.uuid, auth.userUuid));
        await revokeOtherFamilies(tx, auth.userUuid, auth.familyUuid, now);
        // the password itself never enters the history: the entry says it changed
        await recordProfileChange(tx, request, before);
      });
      return reply.code(204).send();
    },
  );
};
