import type { Clock } from '#domain/clock';
import type { Config } from '#server/config/env';
import type { Database } from '#server/db/client';
import { inScope, type HttpApp, type Route } from '#server/http/route';
import { createAuthGuard } from '#server/plugins/auth-guard';
import type { OutboxService } from '../outbox/outbox.service';
import type { SecurityEventsService } from '../security-events/security-events.service';
import { useAuthApiConventions } from './auth-errors';
import { createAuthRepository } from './auth.repository';
import { authRoutes, type AuthRoutesOptions } from './auth.routes';
import { createAuthService } from './auth.service';
import { createFactorsService } from './factors/factors.service';
import { createOidcClient } from './oauth/oauth.oidc-client';
import { createOAuthRepository } from './oauth/oauth.repository';
import { oauthRoutes } from './oauth/oauth.routes';
import { createOAuthService } from './oauth/oauth.service';
import { createSessionCheckCache } from './sessions/session-check-cache';
import { createSessionService } from './sessions/session.service';
import { createTokenService } from './sessions/tokens';

/**
 * The auth module's services: tokens, sign-in sessions and the guard every other module's access
 * rules use, accounts, second factors and (when configured) Google sign-in. Made before any route,
 * because the router needs the guard; `registerAuthRoutes` adds the /auth/v1 routes.
 */
export function createAuth(deps: {
  db: Database;
  config: Config;
  clock: Clock;
  outbox: OutboxService;
  securityEvents: SecurityEventsService;
}) {
  const { db, config, clock, outbox, securityEvents } = deps;
  // The session check cache hears of every session row this instance writes.
  const checks = createSessionCheckCache({ clock });
  const repository = createAuthRepository({ sessionsChanged: checks.changed });
  const tokens = createTokenService({
    db,
    repository,
    clock,
    issuer: config.auth.issuer,
    accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
  });
  const sessions = createSessionService({
    db,
    repository,
    tokens,
    securityEvents,
    clock,
    policy: {
      idleTimeoutMs: config.auth.idleTimeoutMs,
      maxLifetimeMs: config.auth.maxLifetimeMs,
      refreshReuseIntervalMs: config.auth.refreshReuseIntervalMs,
    },
    checks,
  });
  const guard = createAuthGuard({ tokens, sessions });
  const auth = createAuthService({
    db,
    repository,
    sessions,
    outbox,
    securityEvents,
    clock,
    publicUrl: config.publicUrl,
  });
  const factors = createFactorsService({ db, repository, sessions, securityEvents, clock });
  const oauth = config.google
    ? createOAuthService({
        db,
        authRepository: repository,
        oauthRepository: createOAuthRepository(),
        sessions,
        securityEvents,
        oidc: createOidcClient({
          ...config.google,
          redirectUri: `${config.publicUrl}/auth/v1/callback`,
          clock,
        }),
        clock,
      })
    : undefined;
  return { tokens, sessions, guard, auth, factors, oauth };
}

export type AuthModule = ReturnType<typeof createAuth>;

/** The /auth/v1 routes, in their own scope: GoTrue's error bodies and body conventions apply there only. */
export async function registerAuthRoutes(
  app: HttpApp,
  route: Route,
  module: AuthModule,
  options: Pick<AuthRoutesOptions, 'cookie' | 'rateLimit' | 'settings'>,
) {
  await inScope(app, (scope) => {
    useAuthApiConventions(scope);
    authRoutes(scope, route, { ...module, ...options });
    if (module.oauth) oauthRoutes(scope, route, { service: module.oauth, rateLimit: options.rateLimit });
  });
}
