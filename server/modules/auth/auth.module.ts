import type { Clock } from '#domain/clock';
import type { Config } from '#server/config/env';
import type { Database } from '#server/db/client';
import { inScope, type HttpApp, type Route } from '#server/http/route';
import { createPgListener } from '#server/db/pg-listener';
import { describeErrorForLog } from '#server/plugins/log-safety';
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
  return { tokens, sessions, guard, auth, factors, oauth, checks };
}

export type AuthModule = ReturnType<typeof createAuth>;

/** The channel a trigger on auth_sessions announces every committed change on (migration 0015). */
export const SESSION_CHANGES_CHANNEL = 'auth_session_changed';

/**
 * Once the app listens (app.inject tests open no LISTEN), every instance's committed session changes
 * reach this instance's session check cache, which may then keep sessions longer (decision 011). While
 * the listener is away the cache falls back to its short TTL.
 */
export function listenForSessionChanges(app: HttpApp, module: AuthModule, db: Database) {
  const { checks } = module;
  const listener = createPgListener({
    connection: db.$client.options,
    name: 'session-changes',
    channels: [SESSION_CHANGES_CHANNEL],
    logger: app.log.child({ module: 'auth' }),
    onNotification: (_channel, sessionId) => {
      if (sessionId) checks.remoteChanged([sessionId]);
    },
    onLost: () => checks.setPushed(false),
    onReconnected: () => checks.setPushed(true),
  });
  // Not awaited: the app serves meanwhile (Fastify runs onListen hooks one after another, after listen()
  // has resolved), with the short TTL until the listener is up; a failure is logged and retried.
  app.addHook('onListen', async () => {
    listener.start().then(
      () => checks.setPushed(true),
      (error: unknown) =>
        app.log.warn({ err: describeErrorForLog(error) }, 'session-changes: LISTEN failed; retrying'),
    );
  });
  app.addHook('onClose', async () => {
    checks.setPushed(false);
    await listener.close();
  });
  return { pushed: () => checks.isPushed() };
}

declare module 'fastify' {
  // Declaration merging with Fastify's own type needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Whether every instance's session changes reach this one's session check cache (decision 011). */
    sessionChanges: { pushed: () => boolean };
  }
}

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
