/**
 * OpenAPI generated from the routes' zod schemas (fastify-type-provider-zod's transform), served as
 * JSON at /api/docs/json and through Swagger UI at /api/docs under the gateway's own CSP.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { CSP_HEADER } from './security-headers';

export const BEARER = [{ bearerAuth: [] as string[] }];

async function swaggerPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Lobby gateway',
        description:
          'Gateway of the Lobby back office. Errors answer `{ errors: [{ code, message, field? }] }`. ' +
          'Mutations honour `Idempotency-Key`; updates and deletes honour `If-Match: "<version>"` (412 with `current`).',
        version: '1.0.0',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: CSP_HEADER,
    uiConfig: { validatorUrl: null, persistAuthorization: false },
  });
}

export default fp(swaggerPlugin, { name: 'lobby-swagger' });
