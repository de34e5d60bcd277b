import type { FastifyReply, FastifyRequest } from 'fastify';
import { authApi as endpoints } from '#contracts/auth.api';
import type { HttpApp, Route } from '#server/http/route';
import { describeErrorForLog } from '#server/plugins/log-safety';
import { contextOf } from '../auth.routes';
import type { OAuthService } from './oauth.service';

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
export function oauthRoutes(
  app: HttpApp,
  route: Route,
  options: { service: OAuthService; rateLimit: { max: number; windowMs: number } },
) {
  const { service } = options;
  const limited = {
    config: { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.windowMs } },
  };

  route(app, endpoints.authorize, limited, async ({ query, reply }) => {
    const { code_challenge, redirect_to, role, skip_http_redirect } = query;
    const url = await service.startSignIn({ codeChallenge: code_challenge, redirectTo: redirect_to, role });
    return skip_http_redirect === 'true' ? { url } : redirectPrivately(reply, url);
  });

  route(app, endpoints.linkIdentity, limited, async ({ caller, query, reply }) => {
    const { code_challenge, redirect_to, skip_http_redirect } = query;
    const url = await service.startLink(caller, { codeChallenge: code_challenge, redirectTo: redirect_to });
    return skip_http_redirect === 'true' ? { url } : redirectPrivately(reply, url);
  });

  route(app, endpoints.callback, limited, async ({ query, request, reply }) => {
    let location: string;
    try {
      location = await service.completeCallback(query, rawQueryOf(request), contextOf(request));
    } catch (error) {
      // A browser is waiting on this redirect: it gets the return page with an error, never JSON.
      request.log.error({ err: describeErrorForLog(error) }, 'google sign-in callback failed');
      location = service.unexpectedErrorPage();
    }
    return redirectPrivately(reply, location);
  });

  route(app, endpoints.unlinkIdentity, limited, async ({ caller, params, request }) =>
    service.unlinkIdentity(caller, params.id, contextOf(request)),
  );
}
