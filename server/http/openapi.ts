import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrorBodySchema } from '#contracts/auth-errors';
import { errorBodySchema } from '#contracts/errors';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

const zodTransform = createJsonSchemaTransform({
  skipList: [],
  // A transform or a custom check has no JSON Schema: described as "any value" instead of failing.
  zodToJsonConfig: { unrepresentable: 'any' },
});

const errorBodies = {
  api: z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12', io: 'output' }),
  auth: z.toJSONSchema(authErrorBodySchema, { target: 'draft-2020-12', io: 'output' }),
};

/**
 * The OpenAPI 3.1 document of every route, built by @fastify/swagger from the routes as registered
 * (which come from the endpoint definitions in contracts/), served at /api/openapi.json, with a
 * readable reference (Swagger UI) at /api/docs. Every operation also lists the error body: the app's
 * `{ error: { code, message, … } }`, or GoTrue's shape under /auth/v1.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, options: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Wellspring API',
        version: options.version,
        description:
          'The HTTP API of the Wellspring coaching marketplace. Amounts are integer cents. Signed-in calls carry `Authorization: Bearer <access token>` from /auth/v1/token; money-moving POSTs need an `Idempotency-Key` header.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (document) => {
      const transformed = zodTransform(document);
      const schema = (transformed.schema ?? {}) as Record<string, unknown> & {
        response?: Record<string, unknown>;
      };
      if (schema.hide) return transformed;
      const errorBody = document.url.startsWith('/auth/v1') ? errorBodies.auth : errorBodies.api;
      schema.response = {
        ...schema.response,
        '4XX': { description: 'The request was refused: the error body says why.', ...errorBody },
        '5XX': { description: 'The server could not answer.', ...errorBody },
      };
      return { ...transformed, schema };
    },
  });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true }, config: { rateLimit: false } }, async () =>
    app.swagger(),
  );
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { url: OPENAPI_JSON_PATH, docExpansion: 'list', deepLinking: true },
    staticCSP: false,
  });
});
