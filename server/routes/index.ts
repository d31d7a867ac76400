/** Every API area, registered under /api by the app. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationRoutes } from './auth/activation';
import { tokenRoutes } from './auth/tokens';
import { healthRoutes } from './health';
import { organizationRoutes } from './organizations';
import { pmsConnectionRoutes } from './pms-connections';
import { profileRoutes } from './profile';

export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(tokenRoutes);
  await app.register(activationRoutes);
  await app.register(profileRoutes);
  await app.register(organizationRoutes);
  await app.register(pmsConnectionRoutes);
};
