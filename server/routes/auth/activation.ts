/**
 * Password reset, activation and phone validation with one-time codes. A code request answers the
 * same 202 `{}` whether or not the address belongs to a user; only an existing user gets a mail.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activationCodeRequestSchema,
  ERROR_CODES,
  makeResetToken,
  newPasswordProblems,
  newPasswordRequestSchema,
  phoneValidationRequestSchema,
} from '../../../src/domain/index';
import { consumeCode, isCodeValid, issueCode } from '../../auth/codes';
import { hashPassword } from '../../auth/passwords';
import { beginAttempt, codeRequestKey, throttledError } from '../../auth/throttle';
import { revokeAllFamilies } from '../../auth/tokens';
import type { ActivationPurpose } from '../../db/schema';
import { users } from '../../db/schema';
import { HttpError, validationError } from '../../http-error';
import { findUserByEmail, findUserByUuid } from '../../services/directory';
import { errorResponses, noContent } from '../schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const userNotFound = () => HttpError.of(404, ERROR_CODES.userNotFound, 'User not found');
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

  app.post(
    '/authentication/v1/users/request-activation-code',
    {
      config: { rateLimit },
      schema: {
        tags: ['authentication'],
        summary: 'Request a password reset link by mail',
        description: 'Answers 202 `{}` whether or not a user has this email; a user gets a mail with a one-hour link.',
        body: activationCodeRequestSchema,
        response: { 202: z.object({}), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const now = app.lobby.now();
      const key = codeRequestKey(request.ip);
      // every request counts, answered or not
      const attempt = await beginAttempt(db, [{ key, limit: limits.codeRequestsPerAddress }], limits.codeRequestWindowMs, now);
      if (attempt.delay > 0) throw throttledError('Too many requests.', attempt.delay);
      const user = await findUserByEmail(db, request.body.email);
      // The code and the mail are made after the answer has gone: a known address must not answer
      // later than an unknown one (that would tell who has an account).
      if (user) {
        app.lobby.background(() =>
          db.transaction(async (tx) => {
            const code = await issueCode(tx, user.uuid, 'reset', limits.activationCodeTtlMs, now);
            const link = `${config.publicUrl}/password/reset/${makeResetToken(user.uuid, code)}`;
            await app.lobby.mailer.mail(tx, { to: user.email, subject: RESET_MAIL_SUBJECT, body: resetMailBody(link) });
          }),
        );
      }
      return reply.code(202).send({});
    },
  );

  /** Shared by reset and activation: user, then code, then password rules; one transaction to apply. */
  const setPassword = (purpose: ActivationPurpose, extra: Partial<typeof users.$inferInsert>) =>
    async (uuid: string, code: string, password: string) => {
      const user = UUID.test(uuid) ? await findUserByUuid(db, uuid) : null;
      if (!user) throw userNotFound();
      const now = app.lobby.now();
      if (!(await isCodeValid(db, user.uuid, purpose, code, now))) throw codeInvalid();
      const problems = newPasswordProblems(password);
      if (problems.length > 0) throw validationError('password', problems);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        if ((await consumeCode(tx, purpose, code, now, user.uuid)) === null) throw codeInvalid();
        await tx
          .update(users)
          .set({ ...extra, passwordHash, version: sql`${users.version} + 1`, updatedAt: now })
          .where(eq(users.uuid, user.uuid));
        await revokeAllFamilies(tx, user.uuid, now);
      });
    };
  const resetPassword = setPassword('reset', {});
  const activate = setPassword('activate', { active: true, emailValidated: true });

  app.post(
    '/authentication/v1/users/:uuid/password/:code',
    {
      config: { rateLimit },
      schema: {
        tags: ['authentication'],
        summary: 'Set a new password with a reset code',
        description: 'Signs the user out everywhere. 404 user.not_found, 422 auth.activation_code_invalid, 400 with field password for a weak password.',
        params: codeParams,
        body: newPasswordRequestSchema,
        response: { 204: noContent, ...errorResponses(400, 404, 422) },
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
        params: codeParams,
        body: newPasswordRequestSchema,
        response: { 204: noContent, ...errorResponses(400, 404, 422) },
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
        summary: 'Validate a phone number with the token sent by SMS',
        body: phoneValidationRequestSchema,
        response: { 204: noContent, ...errorResponses(400, 422) },
      },
    },
    async (request, reply) => {
      const now = app.lobby.now();
      await db.transaction(async (tx) => {
        const owner = await consumeCode(tx, 'phone', request.body.phoneToken, now);
        if (owner === null) throw codeInvalid();
        await tx
          .update(users)
          .set({ phoneValidated: true, version: sql`${users.version} + 1`, updatedAt: now })
          .where(eq(users.uuid, owner));
      });
      return reply.code(204).send();
    },
  );
};
