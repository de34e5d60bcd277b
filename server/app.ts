import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../domain/clock';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { latestMigrationMillis } from './db/migrate';
import { createHealthRepository } from './modules/health/health.repository';
import { healthRoutes } from './modules/health/health.routes';
import { createHealthService } from './modules/health/health.service';
import { errorHandlerPlugin } from './plugins/error-handler';
import { createLogger, RequestLogController } from './plugins/logging';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webAppPlugin } from './plugins/web-app';

export type AppDeps = {
  config: Config;
  db: Database;
  clock: Clock;
  version: string;
  /** Where log lines go instead of stdout or LOG_FILE (tests capture them). */
  logStream?: NodeJS.WritableStream;
};

const REQUEST_ID_PATTERN = /^[\w.-]{1,64}$/;

export async function buildApp({ config, db, clock, version, logStream }: AppDeps) {
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

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(rateLimitPlugin, config.rateLimit);
  await app.register(cookie);

  // Modules, wired explicitly: repository -> service -> routes.
  const healthService = createHealthService({
    repository: createHealthRepository(db),
    clock,
    startedAt: clock.now(),
    version,
    expectedMigrationMillis: latestMigrationMillis(),
  });
  await app.register(healthRoutes, { service: healthService });

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  // Logs are written asynchronously: flush what is buffered when the app closes.
  app.addHook('onClose', async () => {
    logger.flush();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
