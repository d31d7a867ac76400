import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    // the app's connectivity heartbeat calls this every few seconds per open tab: keep it out of the info log
    { logLevel: 'warn', schema: { tags: ['health'], summary: 'Liveness of the gateway', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
};
