import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../domain/errors/app-error';

/**
 * A global per-IP limit on the API. request.ip honours X-Forwarded-For only from proxies trusted by
 * config (TRUST_PROXY), so a spoofed header changes nothing. Stricter per-endpoint and per-account
 * limits are declared on the routes that need them (route config `rateLimit`).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { max: number; windowMs: number }) => {
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: options.windowMs,
      keyGenerator: (request) => request.ip,
      allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/auth/'),
      errorResponseBuilder: (_request, context) =>
        Object.assign(new AppError('RATE_LIMITED'), { statusCode: context.statusCode }),
    });
  },
);
