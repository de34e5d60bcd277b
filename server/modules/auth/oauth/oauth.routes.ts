import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '../../../../contracts/auth';
import {
  authorizeQuerySchema,
  authorizeUrlResponseSchema,
  identityIdParamsSchema,
  linkAuthorizeQuerySchema,
  oauthCallbackQuerySchema,
} from '../../../../contracts/oauth';
import type { AuthGuard } from '../../../plugins/auth-guard';
import { describeErrorForLog } from '../../../plugins/log-safety';
import { useAuthApiConventions } from '../auth-errors';
import { contextOf } from '../auth.routes';
import type { OAuthService } from './oauth.service';

export type OAuthRoutesOptions = {
  service: OAuthService;
  guard: AuthGuard;
  rateLimit: { max: number; windowMs: number };
};

/** Nothing about a sign-in in progress may be cached or leak through the Referer header. */
function redirectPrivately(reply: FastifyReply, location: string) {
  reply.header('cache-control', 'no-store');
  reply.header('referrer-policy', 'no-referrer');
  return reply.redirect(location, 302);
}

/** The query string exactly as the provider sent it (the OIDC client checks code, state and iss from it). */
const rawQueryOf = (request: FastifyRequest) => {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index + 1);
};

/**
 * Google sign-in and identity linking under /auth/v1 (registered only when Google is configured).
 * The token exchange itself (grant_type=pkce and id_token) lives in auth.routes.ts.
 */
export const oauthRoutes: FastifyPluginAsyncZod<OAuthRoutesOptions> = async (app, options) => {
  const { service, guard } = options;
  useAuthApiConventions(app);
  const limited = { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.windowMs } };

  app.get(
    '/auth/v1/authorize',
    {
      config: limited,
      schema: { querystring: authorizeQuerySchema, response: { 200: authorizeUrlResponseSchema } },
    },
    async (request, reply) => {
      const { code_challenge, redirect_to, role, skip_http_redirect } = request.query;
      const url = await service.startSignIn({ codeChallenge: code_challenge, redirectTo: redirect_to, role });
      return skip_http_redirect === 'true' ? { url } : redirectPrivately(reply, url);
    },
  );

  app.get(
    '/auth/v1/user/identities/authorize',
    {
      config: limited,
      schema: { querystring: linkAuthorizeQuerySchema, response: { 200: authorizeUrlResponseSchema } },
    },
    async (request, reply) => {
      const caller = await guard.authenticate(request);
      const { code_challenge, redirect_to, skip_http_redirect } = request.query;
      const url = await service.startLink(caller, { codeChallenge: code_challenge, redirectTo: redirect_to });
      return skip_http_redirect === 'true' ? { url } : redirectPrivately(reply, url);
    },
  );

  app.get(
    '/auth/v1/callback',
    { config: limited, schema: { querystring: oauthCallbackQuerySchema } },
    async (request, reply) => {
      let location: string;
      try {
        location = await service.completeCallback(request.query, rawQueryOf(request), contextOf(request));
      } catch (error) {
        // A browser is waiting on this redirect: it gets the return page with an error, never JSON.
        request.log.error({ err: describeErrorForLog(error) }, 'google sign-in callback failed');
        location = service.unexpectedErrorPage();
      }
      return redirectPrivately(reply, location);
    },
  );

  app.delete(
    '/auth/v1/user/identities/:id',
    { config: limited, schema: { params: identityIdParamsSchema, response: { 200: userSchema } } },
    async (request) => {
      const caller = await guard.authenticate(request);
      return service.unlinkIdentity(caller, request.params.id, contextOf(request));
    },
  );
};
