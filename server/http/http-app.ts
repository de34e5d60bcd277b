import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config/env';
import { errorHandlerPlugin } from '../plugins/error-handler';
import { inputSafetyPlugin } from '../plugins/input-safety';
import { createLogger, RequestLogController } from '../plugins/logging';
import { rateLimitPlugin } from '../plugins/rate-limit';
import { securityHeadersPlugin } from '../plugins/security-headers';
import { openApiPlugin } from './openapi';

/** A route as registered: its method, URL pattern and schemas (zod: params, querystring, body, …). */
export type RegisteredRoute = { method: string; url: string; schema: FastifySchema | undefined };

const REQUEST_ID_PATTERN = /^[\w.-]{1,64}$/;

/**
 * The Fastify instance every module registers on, with what every request goes through first: request
 * ids, the error handler, input safety, security headers, the rate limit, cookies, and the OpenAPI
 * document that collects each route registered after it. The logger is returned to be flushed last.
 */
export async function createHttpApp({
  config,
  version,
  logStream,
}: {
  config: Config;
  version: string;
  logStream?: NodeJS.WritableStream;
}) {
  const logger = createLogger(config, logStream);
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Accept a well-formed request id from a trusted edge, otherwise make one.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    logController: new RequestLogController(),
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // Every route the app serves, with its schemas, for the access matrix test (test/authz: a route
  // missing there fails it) and the fuzz test (test/fuzz: every route gets hostile input).
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url, schema: route.schema });
  });
  app.decorate('registeredRoutes', registeredRoutes);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  // Text PostgreSQL cannot store and over-deep nesting: 400 before any schema or handler sees them.
  await app.register(inputSafetyPlugin);
  await app.register(securityHeadersPlugin, { paymentsProvider: config.paymentsProvider });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  await app.register(rateLimitPlugin, config.rateLimit);
  await app.register(cookie);
  // Before any route: it collects each one for /api/openapi.json.
  await app.register(openApiPlugin, { version });
  return { app, logger };
}

declare module 'fastify' {
  // Declaration merging with Fastify's own type needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}
