/** Organizations the caller may see, filtered on the server with the domain's visibility rule. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizationListResponseSchema, visibleOrganizationUuids } from '../../src/domain/index';
import { organizations } from '../db/schema';
import { unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { BEARER } from '../plugins/swagger';
import { loadGrantee, loadTree } from '../services/directory';
import { errorResponses } from './schemas';

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.lobby;

  app.get(
    '/organization/v1/organization',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['organization'],
        summary: 'Organizations visible to the caller, sorted by name',
        description: 'Omnipresent memberships see all; otherwise organizations and units of the memberships, with descendants.',
        security: BEARER,
        response: { 200: organizationListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = await loadGrantee(db, caller(request));
      if (!me) throw unauthenticated();
      const visible = visibleOrganizationUuids(me.memberships, await loadTree(db));
      const rows = await db.select().from(organizations);
      const data = rows
        .filter((org) => visible.has(org.uuid))
        .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.uuid.localeCompare(b.uuid))
        .map((org) => ({ uuid: org.uuid, name: org.name, legalCompanyName: org.legalCompanyName, status: org.status, version: org.version }));
      return { data };
    },
  );
};
