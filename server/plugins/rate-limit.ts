import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#domain/errors/app-error';

export type RateBudget = { max: number; windowMs: number };

/**
 * Only the API is counted: static files and page loads (anything outside /api and /auth) never are,
 * so a person reloading a few tabs cannot use up their API budget with the app's own files.
 */
export const isCountedPath = (url: string) => url.startsWith('/api/') || url.startsWith('/auth/');

/**
 * A global per-IP limit on the API. request.ip honours X-Forwarded-For only from proxies trusted by
 * config (TRUST_PROXY), so a spoofed header changes nothing. Stricter per-endpoint and per-account
 * limits are declared on the routes that need them (route config `rateLimit`); each such route counts
 * in its own bucket, apart from this one. A limited answer is 429 RATE_LIMITED with Retry-After.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateBudget) => {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request) => request.ip,
    allowList: (request) => !isCountedPath(request.url),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new AppError('RATE_LIMITED'), { statusCode: context.statusCode }),
  });
});

const isRefreshGrant = (request: FastifyRequest) =>
  (request.query as { grant_type?: unknown } | undefined)?.grant_type === 'refresh_token';

/**
 * POST /auth/v1/token's route limit, in two buckets per IP: the sign-in grants (password, PKCE,
 * id_token) keep the strict auth budget (guessing passwords), while refreshing has its own generous
 * one — a refresh proves a 256-bit secret already held, and every open tab of a person refreshes on
 * each load, so a few tabs must never see 429 there.
 */
export function tokenEndpointLimit(budgets: RateBudget & { refresh: RateBudget }) {
  return {
    rateLimit: {
      keyGenerator: (request: FastifyRequest) =>
        `${request.ip}|${isRefreshGrant(request) ? 'refresh' : 'sign-in'}`,
      max: (request: FastifyRequest) => (isRefreshGrant(request) ? budgets.refresh.max : budgets.max),
      timeWindow: (request: FastifyRequest) =>
        isRefreshGrant(request) ? budgets.refresh.windowMs : budgets.windowMs,
    },
  };
}
