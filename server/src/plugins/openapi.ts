import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * A route whose body is multipart/form-data (read by its own parser, so no zod body schema) names
 * its fields here; the document then describes the form, and the route walk sends hostile forms.
 */
export interface MultipartForm {
  /** `file`: one file; `files`: the field repeated; `text`: a short text field. */
  fields: Record<string, 'file' | 'files' | 'text'>;
  required: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    multipart?: MultipartForm;
  }
}

function formSchema(form: MultipartForm) {
  const file = { type: 'string', format: 'binary' };
  return {
    type: 'object',
    required: form.required,
    properties: Object.fromEntries(
      Object.entries(form.fields).map(([name, kind]) => [
        name,
        kind === 'text' ? { type: 'string' } : kind === 'files' ? { type: 'array', items: file } : file,
      ]),
    ),
  };
}

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
      const form = input.route.config?.multipart;
      const schema = form
        ? { ...output.schema, consumes: ['multipart/form-data'], body: formSchema(form) }
        : output.schema;
      return permission
        ? { ...output, schema: { ...schema, 'x-permission': permission } }
        : { ...output, schema };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export const openapiDocsPlugin = fp(openapiPlugin, { name: 'parta-openapi' });
