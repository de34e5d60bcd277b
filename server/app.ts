import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../domain/clock';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { latestMigrationMillis } from './db/migrate';
import { DEMO_ACCOUNTS } from './db/seed';
import { createAdminRepository } from './modules/admin/admin.repository';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminService } from './modules/admin/admin.service';
import { createProfilesRepository } from './modules/profiles/profiles.repository';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { createProfilesService } from './modules/profiles/profiles.service';
import { createRolesRepository } from './modules/roles/roles.repository';
import { rolesRoutes } from './modules/roles/roles.routes';
import { createRolesService } from './modules/roles/roles.service';
import { securityEventsRoutes } from './modules/security-events/security-events.routes';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createFactorsService } from './modules/auth/factors.service';
import { createOidcClient } from './modules/auth/oauth/oauth.oidc-client';
import { createOAuthRepository } from './modules/auth/oauth/oauth.repository';
import { oauthRoutes } from './modules/auth/oauth/oauth.routes';
import { createOAuthService } from './modules/auth/oauth/oauth.service';
import { createSessionService } from './modules/auth/session.service';
import { createTokenService } from './modules/auth/tokens';
import { createObjectStorage } from './adapters/storage/create-object-storage';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createOutboxRepository } from './modules/outbox/outbox.repository';
import { createOutboxService } from './modules/outbox/outbox.service';
import { createSecurityEventsRepository } from './modules/security-events/security-events.repository';
import { createSecurityEventsService } from './modules/security-events/security-events.service';
import { createAuthGuard } from './plugins/auth-guard';
import { registerLedger } from './modules/ledger/ledger.module';
import type { LedgerInvariantStatus, LedgerService } from './modules/ledger/ledger.service';
import { createHealthRepository } from './modules/health/health.repository';
import { healthRoutes } from './modules/health/health.routes';
import { createHealthService } from './modules/health/health.service';
import { mailboxRoutes } from './modules/outbox/outbox.routes';
import { createMailboxService } from './modules/outbox/outbox.service';
import { errorHandlerPlugin } from './plugins/error-handler';
import { inputSafetyPlugin } from './plugins/input-safety';
import { createLogger, RequestLogController } from './plugins/logging';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webAppPlugin } from './plugins/web-app';
import { createStripePaymentProvider } from './adapters/payments/stripe-provider';
import { createStripeWebhookVerifier } from './adapters/payments/stripe-webhook';
import { registerPayments } from './modules/payments/payments.module';
import { createDemoPaymentProvider } from './adapters/payments/demo-provider';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import { createIdempotencyService, type IdempotencyService } from './modules/idempotency/idempotency.service';
import { registerWallet } from './modules/wallet/wallet.module';
import type { WalletService } from './modules/wallet/wallet.service';
import { registerSettlement } from './modules/settlement/settlement.module';
import type { SettlementService } from './modules/settlement/settlement.service';
import { registerCoupons } from './modules/coupons/coupons.module';
import { registerAdminMoney } from './modules/admin-money/admin-money.module';
import { createDiscoveryRepository } from './modules/discovery/discovery.repository';
import { discoveryRoutes } from './modules/discovery/discovery.routes';
import { createDiscoveryService } from './modules/discovery/discovery.service';
import { createFavoritesRepository } from './modules/discovery/favorites.repository';
import { favoritesRoutes } from './modules/discovery/favorites.routes';
import { createFavoritesService } from './modules/discovery/favorites.service';
import { createServicesRepository } from './modules/services/services.repository';
import { servicesRoutes } from './modules/services/services.routes';
import { createServicesService } from './modules/services/services.service';
import { createProgramsRepository } from './modules/programs/programs.repository';
import { programsRoutes } from './modules/programs/programs.routes';
import { createProgramsService } from './modules/programs/programs.service';
import { createApplicationsRepository } from './modules/applications/applications.repository';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { createApplicationsService } from './modules/applications/applications.service';
import { createCoachPagesRepository } from './modules/coach-pages/coach-pages.repository';
import { coachPagesRoutes } from './modules/coach-pages/coach-pages.routes';
import { createCoachPagesService } from './modules/coach-pages/coach-pages.service';
import { registerGifts } from './modules/gifts/gifts.module';
import type { GiftsService } from './modules/gifts/gifts.service';
import { registerEarnings } from './modules/earnings/earnings.module';
import { registerPayouts } from './modules/payouts/payouts.module';
import type { PayoutsService } from './modules/payouts/payouts.service';
import { registerPlatformSettings } from './modules/platform-settings/platform-settings.module';
import { registerSessionRequests } from './modules/session-requests/session-requests.module';
import type { SessionRequestsService } from './modules/session-requests/session-requests.service';
import { createRouter } from './http/route';
import { openApiPlugin } from './http/openapi';
import { holdsRole } from './db/role-queries';
import type { AdminPermission } from '../domain/auth/permissions';
import { createRealtimeBus } from './realtime/bus/create-bus';
import { createRealtimeGateway, type RealtimeGateway } from './realtime/gateway';
import { createRealtimeRepository } from './realtime/realtime.repository';
import { createRealtimeService, type RealtimeService } from './realtime/realtime.service';
import { createChatSessionsRepository } from './modules/chat-sessions/chat-sessions.repository';
import { chatSessionsRoutes } from './modules/chat-sessions/chat-sessions.routes';
import { createSessionRoomRepository } from './modules/session-room/session-room.repository';
import { sessionRoomRoutes } from './modules/session-room/session-room.routes';
import {
  createSessionRoomService,
  type SessionRoomService,
} from './modules/session-room/session-room.service';
import {
  createChatSessionsService,
  type ChatSessionsService,
} from './modules/chat-sessions/chat-sessions.service';
import { createChatRepository } from './modules/chat/chat.repository';
import { chatRoutes } from './modules/chat/chat.routes';
import { createChatService, type ChatService } from './modules/chat/chat.service';
import { createReviewsRepository } from './modules/reviews/reviews.repository';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { createReviewsService, type ReviewsService } from './modules/reviews/reviews.service';
import { createSessionExtensionsRepository } from './modules/session-extensions/session-extensions.repository';
import { sessionExtensionsRoutes } from './modules/session-extensions/session-extensions.routes';
import {
  createSessionExtensionsService,
  type SessionExtensionsService,
} from './modules/session-extensions/session-extensions.service';
import { createSessionInvitationsRepository } from './modules/session-invitations/session-invitations.repository';
import { sessionInvitationsRoutes } from './modules/session-invitations/session-invitations.routes';
import { createSessionInvitationsService } from './modules/session-invitations/session-invitations.service';
import { createFollowupsRepository } from './modules/followups/followups.repository';
import { followupsRoutes } from './modules/followups/followups.routes';
import { createFollowupsService } from './modules/followups/followups.service';
import { createPresenceRepository } from './modules/presence/presence.repository';
import { presenceRoutes } from './modules/presence/presence.routes';
import { createPresenceService, type PresenceService } from './modules/presence/presence.service';

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
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(rateLimitPlugin, config.rateLimit);
  await app.register(cookie);
  // Before any route: it collects each one for /api/openapi.json.
  await app.register(openApiPlugin, { version });

  // Modules, wired explicitly: repository -> service -> routes.
  const securityEvents = createSecurityEventsService({
    db,
    repository: createSecurityEventsRepository(),
    clock,
  });
  const outbox = createOutboxService({ repository: createOutboxRepository(), clock });
  // Realtime (docs/decisions/003-realtime.md): record + deliver through the bus; the socket gateway
  // attaches to the HTTP server once it listens (app.inject tests open no socket or LISTEN).
  const realtimeLogger = app.log.child({ module: 'realtime' });
  const realtimeRepository = createRealtimeRepository();
  const realtimeBus = createRealtimeBus({
    redisUrl: config.redisUrl,
    db,
    repository: realtimeRepository,
    logger: realtimeLogger,
  });
  const realtime = createRealtimeService({
    db,
    repository: realtimeRepository,
    bus: realtimeBus,
    clock,
    logger: realtimeLogger,
  });
  app.decorate('realtime', realtime);
  app.decorate('realtimeGateway', null as RealtimeGateway | null);
  app.addHook('onListen', async () => {
    if (app.realtimeGateway) return;
    const gateway = createRealtimeGateway({
      server: app.server,
      realtime,
      authenticateToken: (token) => guard.authenticateToken(token),
      activeSessionIds: (ids) => sessions.activeSessionIds(ids),
      allowedOrigins: config.realtime.allowedOrigins,
      clock,
      logger: realtimeLogger,
      // Registered after the gateway's hook is set up (the session room comes later in this file).
      extensions: [app.sessionRoom.gatewayExtension],
    });
    app.realtimeGateway = gateway;
    await realtimeBus.subscribe((event) => gateway.emitLocal(event));
  });
  app.addHook('preClose', async () => {
    app.realtimeGateway?.close();
  });
  app.addHook('onClose', async () => {
    await realtimeBus.close();
  });
  // Idempotency-Key handling for money-moving POSTs: a route option (endpoint.idempotent), see server/http/route.ts.
  const idempotency = createIdempotencyService({ db, clock });
  app.decorate('idempotency', idempotency);
  const authRepository = createAuthRepository();
  const tokens = createTokenService({
    db,
    repository: authRepository,
    clock,
    issuer: config.auth.issuer,
    accessTokenTtlSeconds: config.auth.accessTokenTtlSeconds,
  });
  const sessions = createSessionService({
    db,
    repository: authRepository,
    tokens,
    securityEvents,
    clock,
    policy: {
      idleTimeoutMs: config.auth.idleTimeoutMs,
      maxLifetimeMs: config.auth.maxLifetimeMs,
      refreshReuseIntervalMs: config.auth.refreshReuseIntervalMs,
    },
  });
  const guard = createAuthGuard({ tokens, sessions });
  const auth = createAuthService({
    db,
    repository: authRepository,
    sessions,
    outbox,
    securityEvents,
    clock,
    publicUrl: config.publicUrl,
  });
  const factors = createFactorsService({ db, repository: authRepository, sessions, securityEvents, clock });
  const oauth = config.google
    ? createOAuthService({
        db,
        authRepository,
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
  const admin = createAdminService({ db, repository: createAdminRepository(), sessions, clock });
  // Every endpoint of contracts/ is registered through this: access rule, idempotency, events after commit.
  const route = createRouter({
    guard,
    holdsRole: (userId, role) => holdsRole(db, userId, role),
    authorizeAdmin: (caller, permission) =>
      admin.authorize(caller, permission as AdminPermission | undefined),
    runIdempotent: (request, work) => idempotency.run(request, work),
    deliver: (events) => realtime.deliver(events),
  });
  const roles = createRolesService({ db, repository: createRolesRepository(), admin, clock });
  await app.register(authRoutes, {
    auth,
    sessions,
    factors,
    tokens,
    guard,
    oauth,
    cookie: {
      secure: config.auth.secureCookies,
      maxAgeSeconds: Math.floor(config.auth.maxLifetimeMs / 1000),
    },
    rateLimit: config.auth.rateLimit,
    settings: {
      google: config.google !== undefined,
      mailbox: config.mailboxEnabled,
      demoAccounts: config.demoMode
        ? DEMO_ACCOUNTS.map(({ label, email, password }) => ({ label, email, password }))
        : [],
    },
  });
  if (oauth) await app.register(oauthRoutes, { service: oauth, guard, rateLimit: config.auth.rateLimit });

  // The ledger (issue #5): no HTTP routes yet; server/main.ts runs its invariant job, health reads the result.
  const { service: ledger, invariants: ledgerInvariants } = registerLedger(app, { clock });
  const healthService = createHealthService({
    repository: createHealthRepository(db),
    clock,
    startedAt: clock.now(),
    version,
    expectedMigrationMillis: latestMigrationMillis(),
    ledgerInvariants: ledgerInvariants.current,
  });
  await app.register(healthRoutes, { service: healthService });
  await app.register(rolesRoutes, { roles, auth, guard });
  await app.register(adminRoutes, { admin, guard });
  await app.register(securityEventsRoutes, { securityEvents, guard });
  // One object store: the public pictures (uploads) and the private chat attachments (chat/<session>/…).
  const objectStorage = createObjectStorage(config.uploads.storage, clock);
  const uploads = createUploadsService({
    storage: objectStorage,
    quotaBytes: config.uploads.quotaBytes,
  });
  const profiles = createProfilesService({
    db,
    repository: createProfilesRepository(),
    clock,
    pictures: uploads,
    // The presence module is wired further down; by the time a request arrives it exists.
    presence: {
      announce: (tx, userId) => app.presence.announce(tx, userId),
      deliver: (events) => app.realtime.deliver(events),
    },
  });
  await app.register(profilesRoutes, { profiles, guard });
  await app.register(uploadsRoutes, { uploads, guard });
  if (config.mailboxEnabled) {
    // The demo's stand-in for an inbox: it shows sign-in codes, so only without a real provider.
    const mailboxService = createMailboxService({ db, repository: createOutboxRepository() });
    await app.register(mailboxRoutes, { service: mailboxService });
  }

  const coachPages = createCoachPagesService({ db, repository: createCoachPagesRepository(), clock });
  await app.register(coachPagesRoutes, { coachPages, guard });

  const applications = createApplicationsService({
    db,
    repository: createApplicationsRepository(),
    admin,
    roles,
    profiles,
    outbox,
    clock,
    publicUrl: config.publicUrl,
  });
  await app.register(applicationsRoutes, { applications, admin, guard });

  const services = createServicesService({ db, repository: createServicesRepository(), clock });
  await app.register(servicesRoutes, { services, guard });
  const programs = createProgramsService({ db, repository: createProgramsRepository(), clock });
  await app.register(programsRoutes, { programs, guard });

  const discovery = createDiscoveryService({ repository: createDiscoveryRepository(db), clock });
  await app.register(discoveryRoutes, { discovery, guard });
  const favorites = createFavoritesService({ db, repository: createFavoritesRepository(), clock });
  await app.register(favoritesRoutes, { favorites, guard });

  // Wallet top-ups (issue #5): provider events reach the ledger only through wallet.applyPaymentEvent.
  // Stripe when configured (its events arrive by the signed webhook below); otherwise the demo provider,
  // which delivers its own events (refunds) back through applyPaymentEvent.
  const stripeSecretKey = config.paymentsProvider === 'stripe' ? config.stripe.secretKey : undefined;
  const wallet = registerWallet(app, {
    route,
    db,
    ledger,
    provider: (payments): PaymentProvider =>
      stripeSecretKey
        ? createStripePaymentProvider({ secretKey: stripeSecretKey })
        : createDemoPaymentProvider({ deliver: (event) => payments.applyPaymentEvent(event) }),
    stripePublishableKey: stripeSecretKey ? (config.stripe.publishableKey ?? null) : null,
    clock,
    log: app.log,
  });
  app.decorate('wallet', wallet);

  if (config.stripe.webhookSecret) {
    // Stripe's signed webhook: the only way a Stripe top-up or refund reaches the wallet.
    await registerPayments(app, {
      route,
      verifier: createStripeWebhookVerifier({ webhookSecret: config.stripe.webhookSecret, clock }),
      applyPaymentEvent: (event) => wallet.applyPaymentEvent(event),
    });
  }

  // Coupons (issue #5): validated by settlement's quote, redeemed and released with its holds.
  const coupons = registerCoupons(app, {
    route,
    db,
    clock,
    logAdminActivity: (executor, actor, action) => admin.logActivity(executor, actor, action),
  });
  app.decorate('coupons', coupons);
  // Holds and settlement (issue #5): the sessions capability calls it in its own transactions; its one
  // route is the quote (settlement uses coupons, never the other way round).
  app.decorate('settlement', registerSettlement(app, { route, db, ledger, coupons, clock }));

  // ---- #5 gifts (wired by the gifts module)
  const gifts = registerGifts(app, {
    route,
    db,
    ledger,
    settlement: app.settlement,
    isApprovedCoach: (userId) => applications.isApprovedCoach(userId),
    outbox,
    clock,
    publicUrl: config.publicUrl,
  });
  app.decorate('gifts', gifts);
  // ---- end gifts

  // ---- #5 coach earnings, payout methods and withdrawals (wired by the earnings module)
  // Money settings (withdrawal minimum, earnings hold days) are read from platform_settings on each use.
  const platformSettings = registerPlatformSettings();
  const earnings = registerEarnings(app, {
    route,
    db,
    ledger,
    settings: platformSettings,
    clock,
  });
  // server/main.ts runs earnings.releaseDue (pending -> available after the hold days) as a job.
  app.decorate('earnings', earnings);
  const payouts = registerPayouts(app, {
    route,
    db,
    ledger,
    settings: platformSettings,
    admin,
    clock,
  });
  app.decorate('payouts', payouts);
  // ---- end earnings

  // ---- #5 admin money: refunds and platform revenue (wired by the admin-money module)
  registerAdminMoney(app, { route, db, settlement: app.settlement, admin, clock });
  // ---- end admin money

  // ---- #6 presence (wired by the presence module: app.presence, /api/me/presence)
  // Approved coaches go online/offline; every change of what a coach shows (online, busy) is recorded on
  // the broadcast topic in its transaction. The chat sessions call app.presence.announce(tx, coachId)
  // in theirs when a session starts or ends.
  const presence = createPresenceService({
    db,
    repository: createPresenceRepository(),
    realtime,
    clock,
    isApprovedCoach: (userId) => applications.isApprovedCoach(userId),
  });
  app.decorate('presence', presence);
  await app.register(presenceRoutes, { presence, guard });
  // ---- end presence

  // ---- #6 chat sessions (wired by the chat-sessions module: app.chatSessions, /api/sessions)
  // Sessions start in the accept transaction of session-requests (chatSessions.createFromRequest) and
  // complete when the coach ends them or, on the server's clock, by the lifecycle job that
  // server/main.ts runs (completeDue); completion captures the request's hold exactly once.
  const chatSessions = createChatSessionsService({
    db,
    repository: createChatSessionsRepository(),
    settlement: app.settlement,
    realtime,
    clock,
    announcePresence: (tx, coachId) => app.presence.announce(tx, coachId),
    // The reviews module (wired below) recomputes coach_stats and client_coach_stats in the completing transaction.
    onCompleted: (tx, s) => app.reviews.refreshStats(tx, s.coachId, s.clientId),
    // The session-extensions module (wired below) captures accepted extra time and releases pending asks.
    settleExtras: (tx, s, now) => app.sessionExtensions.settleForCompletion(tx, s, now),
    logger: app.log.child({ module: 'chat-sessions' }),
  });
  app.decorate('chatSessions', chatSessions);
  await app.register(chatSessionsRoutes, { chatSessions, guard });
  // ---- end chat sessions

  // ---- #7 session room (wired by the session-room module: app.sessionRoom, /api/sessions/:id/rtc)
  // Presence (who has the room open, per socket, on any instance -> coach_present / client_present and
  // the timer) and call signalling travel over the realtime socket: the gateway runs the module's
  // commands ('session.join', 'session.leave', 'session.signal') and its disconnect and sweep hooks.
  const sessionRoom = createSessionRoomService({
    db,
    repository: createSessionRoomRepository(),
    sessions: app.chatSessions,
    realtime,
    clock,
    rtc: config.rtc,
  });
  app.decorate('sessionRoom', sessionRoom);
  await app.register(sessionRoomRoutes, { sessionRoom, guard });
  // ---- end session room

  // A client's request holds the quoted price; the coach accepts (chatSessions.createFromRequest in the
  // same transaction), declines, or it expires (expireDue, run by the lifecycle job); the client may cancel.
  const sessionRequests = registerSessionRequests(app, {
    route,
    db,
    settlement: app.settlement,
    coupons,
    ledger,
    realtime,
    outbox,
    chatSessions: app.chatSessions,
    clock,
    publicUrl: config.publicUrl,
    logger: app.log.child({ module: 'session-requests' }),
  });
  app.decorate('sessionRequests', sessionRequests);

  // ---- #7 chat (wired by the chat module: app.chat, /api/sessions/:id/messages, /read, /typing,
  // /attachments and /messages/:messageId/attachment)
  // Who is a party is the chat sessions' decision (chatSessions.get: 404 for anyone else); messages and
  // read receipts are recorded on both parties' `user:` topics in their transaction.
  const chat = createChatService({
    db,
    repository: createChatRepository(),
    findSession: (userId, sessionId) => app.chatSessions.get(userId, sessionId, { guests: true }),
    realtime,
    storage: objectStorage,
    clock,
  });
  app.decorate('chat', chat);
  await app.register(chatRoutes, { chat, guard });
  // ---- end chat

  // ---- #7 guest links (wired by the session-invitations module: /api/sessions/:id/invitations and the
  // public /api/session-invitations/redeem). A party invites by email (session_invitation through the
  // outbox); the one-time token makes a guest account, adds it to session_guests (chatSessions.get then
  // answers 'guest' when asked with guests: true) and signs it in through the auth module's sessions.
  const sessionInvitations = createSessionInvitationsService({
    db,
    repository: createSessionInvitationsRepository(),
    findSession: (userId, sessionId, options) => app.chatSessions.get(userId, sessionId, options),
    startSignIn: (executor, user, options) => sessions.start(executor, user, options),
    outbox,
    securityEvents,
    clock,
    publicUrl: config.publicUrl,
  });
  await app.register(sessionInvitationsRoutes, {
    invitations: sessionInvitations,
    guard,
    cookie: {
      secure: config.auth.secureCookies,
      maxAgeSeconds: Math.floor(config.auth.maxLifetimeMs / 1000),
    },
    rateLimit: config.auth.rateLimit,
  });
  // ---- end guest links

  // ---- #7 follow-ups (wired by the followups module: /api/sessions/:id/followups)
  // The coach's notes and resources after a session: the row, the coach_followup email and the
  // client's event in one transaction (behind an Idempotency-Key); parties decided by chatSessions.get.
  const followups = createFollowupsService({
    db,
    repository: createFollowupsRepository(),
    findSession: (userId, sessionId) => app.chatSessions.get(userId, sessionId),
    outbox,
    realtime,
    clock,
    publicUrl: config.publicUrl,
    logger: app.log.child({ module: 'followups' }),
  });
  await app.register(followupsRoutes, { followups, idempotency, guard });
  // ---- end follow-ups

  // ---- #7 reviews (wired by the reviews module: app.reviews, /api/sessions/:id/reviews, /api/reviews,
  // /api/coaches/:coachId/reviews). Double-blind under the session's row lock; parties decided by
  // chatSessions.get; server/main.ts runs the visibility job (reviews visible after 7 days are counted).
  const reviews = createReviewsService({
    db,
    repository: createReviewsRepository(),
    findSession: (userId, sessionId) => app.chatSessions.get(userId, sessionId),
    realtime,
    clock,
  });
  app.decorate('reviews', reviews);
  await app.register(reviewsRoutes, { reviews, guard });
  // ---- end reviews

  // ---- #7 session extensions (wired by the session-extensions module: app.sessionExtensions,
  // /api/sessions/:id/extensions, /api/session-extensions/:id/accept|decline|cancel)
  // The client buys more minutes (quoted and held, Idempotency-Key); the coach accepts (chatSessions.extend
  // in the same transaction) or declines; completion captures accepted asks (settleExtras above);
  // server/main.ts's lifecycle job expires unanswered ones (expireDue).
  const sessionExtensions = createSessionExtensionsService({
    db,
    repository: createSessionExtensionsRepository(),
    chatSessions: app.chatSessions,
    settlement: app.settlement,
    ledger,
    realtime,
    clock,
    logger: app.log.child({ module: 'session-extensions' }),
  });
  app.decorate('sessionExtensions', sessionExtensions);
  await app.register(sessionExtensionsRoutes, { sessionExtensions, idempotency, guard });
  // ---- end session extensions

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  // Logs are written asynchronously: flush what is buffered when the app closes.
  app.addHook('onClose', async () => {
    logger.flush();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** A route as registered: its method, URL pattern and schemas (zod: params, querystring, body, …). */
export type RegisteredRoute = { method: string; url: string; schema: FastifySchema | undefined };

declare module 'fastify' {
  // Declaration merging with Fastify's own type needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
    /** The ledger service and its invariant status, for the jobs server/main.ts starts. */
    ledger: { service: LedgerService; invariants: LedgerInvariantStatus };
    /** The wallet service (applyPaymentEvent is the one path from a provider event to the ledger). */
    wallet: WalletService;
    /** Holds and settlement: quote, hold, release, capture, refund (compare-and-set on money_holds). */
    settlement: SettlementService;
    /** Idempotency-Key handling for money-moving POSTs (one service for every such route). */
    idempotency: IdempotencyService;
    /** Gifts: send, claim, cancel (compare-and-set on gifts.status with the ledger posting). */
    gifts: GiftsService;
    /** Payout methods and withdrawals (request, approve, reject, mark paid). */
    payouts: PayoutsService;
    /** Realtime events: record(tx, …) in a transaction, deliver(events) after commit (decision 003). */
    realtime: RealtimeService;
    /** The socket gateway, once the server listens (null under app.inject). */
    realtimeGateway: RealtimeGateway | null;
    /** Chat sessions: createFromRequest (accept), end, completeDue (the lifecycle job), lists. */
    chatSessions: ChatSessionsService;
    sessionRoom: SessionRoomService;
    /** Coach presence: get/set/confirm, and announce(tx, coachId) for busy changes (PRESENCE_EVENT). */
    presence: PresenceService;
    /** Session requests: create (hold), accept/decline/cancel/message, expireDue (the lifecycle job). */
    sessionRequests: SessionRequestsService;
    /** Chat messages of a session room: history, send (idempotent by message id), read receipts. */
    chat: ChatService;
    /** Reviews after a session: create/reply/lists, refreshStats(tx, coachId, clientId), countDueVisible (job). */
    reviews: ReviewsService;
    /** More minutes in a live session: ask (hold), accept/decline/cancel, settleForCompletion, expireDue (job). */
    sessionExtensions: SessionExtensionsService;
  }
}
