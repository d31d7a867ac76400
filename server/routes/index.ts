/** Every API area, registered under /api by the app. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationRoutes } from './auth/activation';
import { tokenRoutes } from './auth/tokens';
import { contractRoutes } from './contracts';
import { deviceRoutes } from './devices';
import { discountRoutes } from './discounts';
import { healthRoutes } from './health';
import { hotelRoutes } from './hotels';
import { imageRoutes } from './images';
import { orderItemRoutes } from './order-items';
import { organizationRoutes } from './organizations';
import { pmsConnectionRoutes } from './pms-connections';
import { pmsExtraRoutes } from './pms-extras';
import { posRoutes } from './pos';
import { profileRoutes } from './profile';
import { profileWriteRoutes } from './profile-writes';
import { unitRoutes } from './units';
import { userRoutes } from './users';

export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
  await app.register(tokenRoutes);
  await app.register(activationRoutes);
  await app.register(profileRoutes);
  await app.register(profileWriteRoutes);
  await app.register(userRoutes);
  await app.register(organizationRoutes);
  await app.register(pmsConnectionRoutes);
  await app.register(pmsExtraRoutes);
  await app.register(unitRoutes);
  await app.register(contractRoutes);
  await app.register(imageRoutes);
  await app.register(hotelRoutes);
  await app.register(deviceRoutes);
  await app.register(posRoutes);
  await app.register(orderItemRoutes);
  await app.register(discountRoutes);
};
