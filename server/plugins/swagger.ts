/**
 * OpenAPI generated from the routes' zod schemas (fastify-type-provider-zod's transform), served as
 * JSON at /api/docs/json and through Swagger UI at /api/docs under the gateway's own CSP.
 *
 * A recursive schema cannot be written inline: it is a named component, referenced from itself and
 * from every route that uses it (REFERENCED_SCHEMAS). Swagger UI and the document are routes of the
 * /api scope (swaggerUiRoutes), so they are compressed like every other API answer.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unitTreeNodeSchema } from '../../src/domain/index';
import { CSP_HEADER } from './security-headers';

export const BEARER = [{ bearerAuth: [] as string[] }];

/** Schemas shown once under components/schemas and referenced by name (the recursive ones must be). */
const REFERENCED_SCHEMAS: ReadonlyArray<readonly [z.ZodType, string]> = [[unitTreeNodeSchema, 'UnitTreeNode']];

/**
 * Adds the named components (the transform writes an input and an output one for each) and keeps
 * only those the document uses: a response-only schema has no use for its input twin.
 */
const transformObject: SwaggerTransformObject = (document) => {
  const transformed = jsonSchemaTransformObject(document);
  // a fresh object each time (the transform spreads components and schemas): pruned in place
  const schemas: Record<string, unknown> | undefined = 'components' in transformed ? transformed.components?.schemas : undefined;
  if (!schemas) return transformed;
  for (const [name, schema] of Object.entries(schemas)) {
    delete schemas[name];
    if (JSON.stringify(transformed).includes(`"#/components/schemas/${name}"`)) schemas[name] = schema;
  }
  return transformed;
};

async function swaggerPlugin(app: FastifyInstance) {
  for (const [schema, id] of REFERENCED_SCHEMAS) {
    // the transform names a component by the id its schema holds in zod's global registry
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
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
    transformObject,
  });
}

/** Swagger UI at /docs and the document at /docs/json, registered in the /api scope. */
export async function swaggerUiRoutes(api: FastifyInstance) {
  await api.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: CSP_HEADER,
    uiConfig: { validatorUrl: null, persistAuthorization: false },
  });
}

export default fp(swaggerPlugin, { name: 'lobby-swagger' });
