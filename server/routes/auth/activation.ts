/**
 * Password reset, activation and phone validation with one-time codes. Nothing here tells whether
 * an address or a user uuid has an account: a code request answers the same 202 `{}` and does the
 * same work either way (only an active user gets a code and a mail), and setting a password answers
 * the same 422 for an unknown user, a wrong, used or expired code, or a deactivated user.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activationCodeRequestSchema,
  ERROR_CODES,
  makeResetToken,
  newPasswordProblems,
  NIL_UUID,
  newPasswordRequestSchema,
  phoneValidationRequestSchema,
  SMS_CODE_PATTERN,
} from '../../../src/domain/index';
import type { CodeOwnerRule } from '../../auth/codes';
import { consumeCode, isCodeValid, issueCode, retireCodes } from '../../auth/codes';
import { hashPassword } from '../../auth/passwords';
import { checkSmsCode, consumePhoneToken } from '../../auth/profile-codes';
import { beginAttempt, codeRequestKey, throttledError } from '../../auth/throttle';
import { revokeAllFamilies } from '../../auth/tokens';
import type { ActivationPurpose } from '../../db/schema';
import { users } from '../../db/schema';
import { HttpError, validationError } from '../../http-error';
import { caller } from '../../plugins/auth';
import { BEARER } from '../../plugins/swagger';
import type { RecordedMail } from '../../mail/outbox';
import type { UserRow } from '../../services/directory';
import { findUserByEmail } from '../../services/directory';
import { errorResponses, noContent } from '../schemas';
import { UUID } from '../../resources/define-resource';

const codeInvalid = () => HttpError.of(422, ERROR_CODES.activationCodeInvalid, 'The activation code is not valid');

export const RESET_MAIL_SUBJECT = 'Reset your Lobby password';

export function resetMailBody(link: string): string {
  return [
    'Hello,',
    '',
    'Someone asked to reset the password of your Lobby account. Open this link within one hour to choose a new password:',
    link,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
}

const codeParams = z.object({ uuid: z.string().max(64), code: z.string().min(1).max(512) });

export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, limits, config } = app.lobby;
  const rateLimit = { max: limits.publicRequestsPerMinute, timeWindow: '1 minute' };

  /**
   * The code and the mail of a reset request, run after the answer has gone. Without an active user
   * the same statements run for a uuid no user has (the code insert writes nothing) and the
   * transaction is rolled back: the work, and so the delay it adds to whatever request comes next,
   * does not tell whether the address has an account. Only a real mail is delivered.
   */
  async function resetCodeAndMail(user: UserRow | null, email: string, now: Date): Promise<void> {
    const recipient = user ?? { uuid: randomUUID(), email };
    let recorded: RecordedMail;
    try {
      recorded = await db.transaction(async (tx) => {
        const code = await issueCode(tx, recipient.uuid, 'reset', limits.activationCodeTtlMs, now);
        const link = `${config.publicUrl}/password/reset/${makeResetToken(recipient.uuid, code)}`;
        const mail = await app.lobby.mailer.record(tx, { to: recipient.email, subject: RESET_MAIL_SUBJECT, body: resetMailBody(link) });
        if (user === null) tx.rollback();
        return mail;
      });
    } catch (error) {
      if (error instanceof TransactionRollbackError) return;
      throw error;
    }
    await app.lobby.mailer.deliver(recorded);
  }

  app.post(
    '/authentication/v1/users/request-activation-code',
    {
      config: { rateLimit },
      schema: {
        tags: ['authentication'],
        summary: 'Request a password reset link by mail',
        description: 'Answers 202 `{}` whether or not an active user has this email; only an active user gets a mail with a one-hour link.',
        body: activationCodeRequestSchema,
        response: { 202: z.object({}), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const now = app.lobby.now();
      const key = codeRequestKey(request.ip);
      // every request counts, answered or not
      const attempt = await beginAttempt(db, [{ key, limit: limits.codeRequestsPerAddress, windowMs: limits.codeRequestWindowMs }], now);
      if (attempt.delay > 0) throw throttledError('Too many requests.', attempt.delay);
      const found = await findUserByEmail(db, request.body.email);
      // A deactivated user gets no code: a reset must not be a way back in. The work is done after
      // the answer has gone, for every address alike (see resetCodeAndMail).
      const user = found?.active ? found : null;
      const email = request.body.email.trim().toLowerCase();
      app.lobby.background(() => resetCodeAndMail(user, email, now));
      return reply.code(202).send({});
    },
  );

  /**
   * Shared by reset and activation: code (with its user), then password rules; one transaction to
   * apply. The code check is one statement for every failure, answered alike (see the file comment);
   * a malformed uuid is looked up as the nil uuid so it costs the same.
   */
  const setPassword = (purpose: ActivationPurpose, extra: Partial<typeof users.$inferInsert>, rule: CodeOwnerRule) =>
    async (uuid: string, code: string, password: string) => {
      const userUuid = UUID.test(uuid) ? uuid.toLowerCase() : NIL_UUID;
      const now = app.lobby.now();
      if (!(await isCodeValid(db, userUuid, purpose, code, now, rule))) throw codeInvalid();
      const problems = newPasswordProblems(password);
      if (problems.length > 0) throw validationError('password', problems);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        if ((await consumeCode(tx, purpose, code, now, userUuid, rule)) === null) throw codeInvalid();
        await tx
          .update(users)
          .set({ ...extra, passwordHash, version: sql`${users.version} + 1`, updatedAt: now })
          .where(eq(users.uuid, userUuid));
        await revokeAllFamilies(tx, userUuid, now);
      });
    };
  // a reset is for active users only; activation is how an invited (inactive) user becomes active
  const resetPassword = setPassword('reset', {}, { activeOwner: true });
  const activate = setPassword('activate', { active: true, emailValidated: true }, {});

  app.post(
    '/authentication/v1/users/:uuid/password/:code',
    {
      config: { rateLimit },
      schema: {
        tags: ['authentication'],
        summary: 'Set a new password with a reset code',
        description:
          'Signs the user out everywhere. An unknown user, a wrong, used or expired code and a deactivated user all answer the same 422 auth.activation_code_invalid; 400 with field password for a weak password.',
        params: codeParams,
        body: newPasswordRequestSchema,
        response: { 204: noContent, ...errorResponses(400, 422) },
      },
    },
    async (request, reply) => {
      await resetPassword(request.params.uuid, request.params.code, request.body.password);
      return reply.code(204).send();
    },
  );

  app.post(
    '/authentication/v1/users/:uuid/activate/:code',
    {
      config: { rateLimit },
      schema: {
        tags: ['authentication'],
        summary: 'Activate a user with an activation code and set the password',
        description: 'An unknown user and a wrong, used or expired code answer the same 422 auth.activation_code_invalid.',
        params: codeParams,
        body: newPasswordRequestSchema,
        response: { 204: noContent, ...errorResponses(400, 422) },
      },
    },
    async (request, reply) => {
      await activate(request.params.uuid, request.params.code, request.body.password);
      return reply.code(204).send();
    },
  );

  app.post(
    '/user-profile/v1/user-profile/validate/phone',
    {
      config: { rateLimit },
      schema: {
        tags: ['user profile'],
        summary: 'Validate a phone number with the link token or the 6-digit code sent by SMS',
        description:
          'A `phoneToken` of 6 digits is the SMS code: it needs the signed-in user\'s bearer token (401 without) and is checked against ' +
          'the latest code sent to the telephone the user has now; each wrong code counts, and after 5 the code is spent. Any other ' +
          '`phoneToken` is the token of the SMS link, which needs no bearer. Either works once, for the number it was sent to only. ' +
          'Success sets phoneValidated (204); an unknown, used, expired or spent code, or one sent to another number, answers 422 ' +
          'auth.activation_code_invalid.',
        security: [{}, ...BEARER],
        body: phoneValidationRequestSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 422) },
      },
    },
    async (request, reply) => {
      const now = app.lobby.now();
      const { phoneToken } = request.body;
      if (SMS_CODE_PATTERN.test(phoneToken)) {
        // the short code is only ever checked for its signed-in owner
        await app.authenticate(request, reply);
        if (!(await checkSmsCode(db, caller(request), phoneToken, now))) throw codeInvalid();
        return reply.code(204).send();
      }
      await db.transaction(async (tx) => {
        const owner = await consumePhoneToken(tx, phoneToken, now);
        if (owner === null) throw codeInvalid();
        await retireCodes(tx, owner, now, ['phone', 'phone-code']);
        await tx
          .update(users)
          .set({ phoneValidated: true, version: sql`${users.version} + 1`, updatedAt: now })
          .where(eq(users.uuid, owner));
      });
      return reply.code(204).send();
    },
  );
};
