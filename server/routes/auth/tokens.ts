/**
 * Sign-in, refresh and logout. Unknown user, wrong password and inactive user answer alike (same
 * status, body and argon2 work). Failures are throttled in the database per account AND address
 * with growing waits, and per address across accounts (ADR 0010): a stranger elsewhere cannot lock
 * an operator out, and one address guesses no faster than before.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, loginRequestSchema, refreshRequestSchema, sessionSchema } from '../../../src/domain/index';
import { verifyPassword } from '../../auth/passwords';
import type { ThrottleRule } from '../../auth/throttle';
import { addressKey, beginAttempt, clearEvents, forgetAttempt, isKnownAddress, pairKey, rememberAddress, throttledError } from '../../auth/throttle';
import type { TokenSettings } from '../../auth/tokens';
import { authenticateAccessToken, refreshSession, revokeByRefreshToken, revokeFamily, startSession } from '../../auth/tokens';
import { HttpError } from '../../http-error';
import { bearerToken } from '../../plugins/auth';
import { findUserByEmail } from '../../services/directory';
import { errorResponses, noContent } from '../schemas';

const invalidCredentials = () => HttpError.of(401, ERROR_CODES.invalidCredentials, 'Invalid email or password');
const invalidRefresh = () => HttpError.of(401, ERROR_CODES.invalidRefreshToken, 'The session is no longer valid. Please sign in again.');

export const revokeRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });

export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, limits, config } = app.lobby;
  const settings: TokenSettings = {
    now: () => app.lobby.now(),
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: limits.refreshTokenTtlSeconds,
    refreshGraceMs: limits.refreshGraceMs,
  };
  const rateLimit = { max: limits.publicRequestsPerMinute, timeWindow: '1 minute' };

  app.post(
    '/authentication/v1/users/tokens',
    {
      config: { rateLimit },
      schema: {
        tags: ['authentication'],
        summary: 'Sign in with email and password',
        body: loginRequestSchema,
        response: { 200: sessionSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const email = request.body.email.trim().toLowerCase();
      const ip = request.ip;
      const now = app.lobby.now();
      const rules: ThrottleRule[] = [
        { key: pairKey(email, ip), free: limits.pairFreeFailures, baseMs: limits.pairBaseDelayMs, capMs: limits.pairMaxDelayMs, windowMs: limits.pairWindowMs },
      ];
      // Someone spraying accounts from a shared address (an office, a hotel) must not keep out
      // the operators who already signed in there; their own account-and-address rule still holds.
      if (!(await isKnownAddress(db, email, ip, limits.knownAddressMs, now))) {
        rules.push({ key: addressKey(ip), limit: limits.addressFailures, windowMs: limits.failureWindowMs });
      }
      const attempt = await beginAttempt(db, rules, now);
      if (attempt.delay > 0) throw throttledError('Too many sign-in attempts.', attempt.delay);
      const user = await findUserByEmail(db, email);
      const passwordOk = await verifyPassword(user?.passwordHash ?? null, request.body.password);
      // a failure stays recorded under the pair and the address
      if (!user || !passwordOk || !user.active) throw invalidCredentials();
      await clearEvents(db, pairKey(email, ip));
      await forgetAttempt(db, attempt.ids);
      await rememberAddress(db, email, ip, now);
      return startSession(db, settings, user);
    },
  );

  app.post(
    '/authentication/v1/users/tokens/refresh',
    {
      config: { rateLimit },
      schema: {
        tags: ['authentication'],
        summary: 'Rotate the refresh token and get a new session',
        description:
          '`token` must be the access token issued with `refreshToken` (expired or not). Each refresh token works once. Using a spent one again revokes every token of the sign-in, except one more use of the most recently rotated token within 10 seconds (concurrent refreshes), which gets a fresh pair.',
        body: refreshRequestSchema,
        response: { 200: sessionSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const outcome = await refreshSession(db, settings, request.body);
      if (!outcome.ok) throw invalidRefresh();
      return outcome.session;
    },
  );

  app.post(
    '/authentication/v1/users/tokens/revoke',
    {
      config: { rateLimit },
      schema: {
        tags: ['authentication'],
        summary: 'Sign out: revoke the session of this refresh token',
        description: 'Works with an expired access token. The access tokens of the session stop working at once.',
        body: revokeRequestSchema,
        response: { 204: noContent, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const now = app.lobby.now();
      await revokeByRefreshToken(db, request.body.refreshToken, now);
      const bearer = bearerToken(request);
      if (bearer !== null) {
        const auth = await authenticateAccessToken(db, bearer, now);
        if (auth) await revokeFamily(db, auth.familyUuid, now);
      }
      return reply.code(204).send();
    },
  );
};
