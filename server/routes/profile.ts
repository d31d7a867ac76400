/** The caller's profile and the profiles the caller may see (server-side authorization). */
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, managedUserListSchema, userProfileSchema } from '../../src/domain/index';
import { users } from '../db/schema';
import { forbidden, HttpError, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { BEARER } from '../plugins/swagger';
import { findUserByUuid, loadGrantee, loadTreeFor, membershipsOf, toManagedUser, toProfile } from '../services/directory';
import { canSee, userFilterFor } from '../services/user-visibility';
import { errorResponses } from './schemas';
import { UUID } from '../resources/define-resource';


const profileQuery = z.object({
  includeOuDescendants: z.string().max(8).optional().describe('Accepted for compatibility; memberships are answered as granted'),
  includeOrgDescendants: z.string().max(8).optional().describe('Accepted for compatibility; memberships are answered as granted'),
});

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;

  const callerGrants = async (uuid: string) => {
    const grantee = await loadGrantee(db, uuid);
    if (!grantee) throw unauthenticated();
    return grantee;
  };

  app.get(
    '/user-profile/v1/user-profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user profile'],
        summary: 'Profile of the signed-in user',
        security: BEARER,
        querystring: profileQuery,
        response: { 200: userProfileSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = await callerGrants(caller(request));
      return toProfile(me.user, me.memberships);
    },
  );

  app.get(
    '/user-profile/v1/user-profile/users',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user profile'],
        summary: 'Users the caller may see',
        description: 'Omnipresent MANAGEMENT: everyone. MANAGE_USER: users with memberships within what the caller manages, plus the caller. Otherwise 403.',
        security: BEARER,
        response: { 200: managedUserListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const me = await callerGrants(caller(request));
      const filter = userFilterFor(me, await loadTreeFor(db, me));
      if (filter === 'none') throw forbidden();
      const all = await db.select().from(users).orderBy(asc(users.email));
      const byUser = await membershipsOf(
        db,
        all.map((u) => u.uuid),
      );
      const data = all
        .filter((u) => u.uuid === me.user.uuid || canSee(filter, byUser.get(u.uuid) ?? []))
        .map((u) => toManagedUser(u, byUser.get(u.uuid) ?? []));
      return { data };
    },
  );

  app.get(
    '/user-profile/v1/user-profile/:uuid',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user profile'],
        summary: 'Profile of one user (self, or a user the caller may see)',
        security: BEARER,
        params: z.object({ uuid: z.string().max(64) }),
        response: { 200: userProfileSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const me = await callerGrants(caller(request));
      const { uuid } = request.params;
      if (uuid.toLowerCase() === me.user.uuid) return toProfile(me.user, me.memberships);
      const filter = userFilterFor(me, await loadTreeFor(db, me));
      if (filter === 'none') throw forbidden();
      const target = UUID.test(uuid) ? await findUserByUuid(db, uuid) : null;
      if (!target) throw HttpError.of(404, ERROR_CODES.userNotFound, 'User not found');
      const targetMemberships = (await membershipsOf(db, [target.uuid])).get(target.uuid) ?? [];
      if (!canSee(filter, targetMemberships)) throw forbidden();
      return toProfile(target, targetMemberships);
    },
  );
};
