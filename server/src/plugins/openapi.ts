import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/json. */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Parta API', description: 'API школьной платформы Parta', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Each operation names the permission key it needs (`x-permission`): integrators read it, and the
    // project's route-walking tests use it to know which routes a role must be refused.
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const permission = input.route.config?.permission;
      return permission ? { ...output, schema: { ...output.schema, 'x-permission': permission } } : output;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export const openapiDocsPlugin = fp(openapiPlugin, { name: 'parta-openapi' });
