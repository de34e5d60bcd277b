import type { Clock } from '#domain/clock';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { latestMigrationMillis } from './db/migrate';
import { DEMO_ACCOUNTS } from './seed/seed';
import { createAdmin, registerAdmin } from './modules/admin/admin.module';
import { registerProfiles } from './modules/profiles/profiles.module';
import { registerRoles } from './modules/roles/roles.module';
import {
  createSecurityEvents,
  registerSecurityEvents,
} from './modules/security-events/security-events.module';
import { createAuth, listenForSessionChanges, registerAuthRoutes } from './modules/auth/auth.module';
import { createObjectStorage } from './adapters/storage/create-object-storage';
import { registerUploads } from './modules/uploads/uploads.module';
import { createOutboxRepository } from './modules/outbox/outbox.repository';
import { createOutboxService } from './modules/outbox/outbox.service';
import { registerLedger } from './modules/ledger/ledger.module';
import { registerHealth } from './modules/health/health.module';
import { registerMailbox } from './modules/outbox/mailbox.module';
import { webAppPlugin } from './plugins/web-app';
import { createStripePaymentProvider } from './adapters/payments/stripe-provider';
import { createStripeWebhookVerifier } from './adapters/payments/stripe-webhook';
import { registerPayments } from './modules/payments/payments.module';
import { createDemoPaymentProvider } from './adapters/payments/demo-provider';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import { createIdempotencyService } from './modules/idempotency/idempotency.service';
import { registerWallet } from './modules/wallet/wallet.module';
import { registerSettlement } from './modules/settlement/settlement.module';
import { registerCoupons } from './modules/coupons/coupons.module';
import { registerAdminMoney } from './modules/admin-money/admin-money.module';
import { registerDiscovery } from './modules/discovery/discovery.module';
import { registerServices } from './modules/services/services.module';
import { registerPrograms } from './modules/programs/programs.module';
import { registerApplications } from './modules/applications/applications.module';
import { registerCoachPages } from './modules/coach-pages/coach-pages.module';
import { registerGifts } from './modules/gifts/gifts.module';
import { registerEarnings } from './modules/earnings/earnings.module';
import { registerPayouts } from './modules/payouts/payouts.module';
import { registerPlatformSettings } from './modules/platform-settings/platform-settings.module';
import { registerSessionRequests } from './modules/session-requests/session-requests.module';
import { createHttpApp, type RegisteredRoute } from './http/http-app';
import { createRouter } from './http/route';
import { attachRealtimeGateway, createRealtime } from './realtime/create-realtime';
import { rememberHeldRoles } from './db/role-queries';
import type { AdminPermission } from '#domain/auth/permissions';
import { registerSessions } from './modules/sessions/sessions.module';
import { registerSessionRoom } from './modules/session-room/session-room.module';
import { registerChat } from './modules/chat/chat.module';
import { registerReviews } from './modules/reviews/reviews.module';
import { registerSessionExtensions } from './modules/session-extensions/session-extensions.module';
import { registerSessionInvitations } from './modules/session-invitations/session-invitations.module';
// A guest link answers like a sign-in: the auth module's request context and cookies.
import { answerSession, contextOf } from './modules/auth/auth.routes';
import { registerFollowups } from './modules/followups/followups.module';
import { registerMessages } from './modules/messages/messages.module';
import { registerNotifications } from './modules/notifications/notifications.module';
import { createPresence, registerPresence } from './modules/presence/presence.module';
import { registerScheduling } from './modules/scheduling/scheduling.module';
import { registerBookings } from './modules/bookings/bookings.module';

export type AppDeps = {
  config: Config;
  db: Database;
  clock: Clock;
  version: string;
  /** Where log lines go instead of stdout or LOG_FILE (tests capture them). */
  logStream?: NodeJS.WritableStream;
};

export async function buildApp({ config, db, clock, version, logStream }: AppDeps) {
  const { app, logger } = await createHttpApp({ config, version, logStream });

  // Modules, wired explicitly: repository -> service -> routes.
  const securityEvents = createSecurityEvents({ db, clock });
  const outbox = createOutboxService({ repository: createOutboxRepository(), clock });
  // Realtime (docs/decisions/003-realtime.md): record + deliver through the bus; the socket gateway is
  // attached further down, once the session room that adds its commands exists.
  const realtimeLogger = app.log.child({ module: 'realtime' });
  const { realtime, bus: realtimeBus } = createRealtime({
    redisUrl: config.redisUrl,
    db,
    clock,
    logger: realtimeLogger,
  });
  app.decorate('realtime', realtime);
  // Idempotency-Key handling for money-moving POSTs: a route option (endpoint.idempotent), see server/http/route.ts.
  const idempotency = createIdempotencyService({ db, clock });
  app.decorate('idempotency', idempotency);
  // Tokens, sign-in sessions and the guard every access rule uses; the /auth/v1 routes come after the router.
  const authModule = createAuth({ db, config, clock, outbox, securityEvents });
  const { sessions, guard, auth } = authModule;
  // Sessions changed on any instance are forgotten here when the change commits (decision 011).
  app.decorate('sessionChanges', listenForSessionChanges(app, authModule, db));
  const admin = createAdmin({ db, sessions, clock });
  // Every endpoint of contracts/ is registered through this: access rule, idempotency, events after commit.
  const route = createRouter({
    guard,
    holdsRole: rememberHeldRoles(db),
    authorizeAdmin: (caller, permission) =>
      admin.authorize(caller, permission as AdminPermission | undefined),
    runIdempotent: (request, work) => idempotency.run(request, work),
    deliver: (events) => realtime.deliver(events),
  });
  // The refresh-token cookie of every sign-in (the /auth/v1 routes and a guest link's).
  const refreshCookie = {
    secure: config.auth.secureCookies,
    maxAgeSeconds: Math.floor(config.auth.maxLifetimeMs / 1000),
  };
  await registerAuthRoutes(app, route, authModule, {
    cookie: refreshCookie,
    rateLimit: config.auth.rateLimit,
    settings: {
      google: config.google !== undefined,
      mailbox: config.mailboxEnabled,
      demoAccounts: config.demoMode
        ? DEMO_ACCOUNTS.map(({ label, email, password }) => ({ label, email, password }))
        : [],
    },
  });

  // The ledger: no HTTP routes yet; server/main.ts runs its invariant job, health reads the result.
  const { service: ledger, invariants: ledgerInvariants } = registerLedger(app, { clock });
  registerHealth(app, {
    route,
    db,
    clock,
    startedAt: clock.now(),
    version,
    expectedMigrationMillis: latestMigrationMillis(),
    ledgerInvariants: ledgerInvariants.current,
  });
  const roles = registerRoles(app, {
    route,
    db,
    admin,
    hasVerifiedFactor: (userId) => auth.hasVerifiedFactor(userId),
    clock,
  });
  registerAdmin(app, { route, admin });
  registerSecurityEvents(app, { route, securityEvents });
  // One object store: the public pictures (uploads) and the private chat attachments (chat/<session>/…).
  const objectStorage = createObjectStorage(config.uploads.storage, clock);
  const uploads = registerUploads(app, {
    route,
    storage: objectStorage,
    quotaBytes: config.uploads.quotaBytes,
  });
  // What a coach shows (online, busy) is announced in the changing transaction: by profiles (showing
  // one's online status), by presence (online/offline) and by the chat sessions (busy).
  const presenceAnnouncer = createPresence({ realtime });
  const profiles = registerProfiles(app, {
    route,
    db,
    clock,
    pictures: uploads,
    presence: presenceAnnouncer,
  });
  if (config.mailboxEnabled) {
    // The demo's stand-in for an inbox: it shows sign-in codes, so only without a real provider.
    registerMailbox(app, { route, db });
  }

  // What a person is told, kept (a table per person): written by the modules that cause it, in their
  // transaction (notify), listed, read and dismissed by its person.
  const notifications = registerNotifications(app, { route, db, realtime, clock });
  app.decorate('notifications', notifications);

  registerCoachPages(app, { route, db, clock });

  const applications = registerApplications(app, {
    route,
    db,
    admin,
    roles,
    profiles,
    outbox,
    notifications,
    clock,
    publicUrl: config.publicUrl,
  });

  registerServices(app, { route, db, clock });
  registerPrograms(app, { route, db, clock });

  registerDiscovery(app, { route, db, clock });

  // Wallet top-ups: provider events reach the ledger only through wallet.applyPaymentEvent.
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

  // Coupons: validated by settlement's quote, redeemed and released with its holds.
  const coupons = registerCoupons(app, {
    route,
    db,
    clock,
    logAdminActivity: (executor, actor, action) => admin.logActivity(executor, actor, action),
  });
  app.decorate('coupons', coupons);
  // Holds and settlement: the sessions capability calls it in its own transactions; its one
  // route is the quote (settlement uses coupons, never the other way round).
  const settlement = registerSettlement(app, { route, db, ledger, coupons, clock });
  app.decorate('settlement', settlement);

  const gifts = registerGifts(app, {
    route,
    db,
    ledger,
    settlement,
    isApprovedCoach: (userId) => applications.isApprovedCoach(userId),
    outbox,
    notifications,
    clock,
    publicUrl: config.publicUrl,
  });
  app.decorate('gifts', gifts);

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
    notifications,
    clock,
  });
  app.decorate('payouts', payouts);

  registerAdminMoney(app, { route, db, settlement, admin, clock });

  // Approved coaches go online/offline; every change of what a coach shows is announced in its transaction.
  const presence = registerPresence(app, {
    route,
    db,
    realtime,
    clock,
    isApprovedCoach: (userId) => applications.isApprovedCoach(userId),
    announcer: presenceAnnouncer,
  });
  app.decorate('presence', presence);

  // A coach's bookable hours in their own zone and the free times around their sessions (#18).
  const scheduling = registerScheduling(app, { route, db, clock });

  // Sessions start in the accept transaction of session-requests (chatSessions.createFromRequest) and
  // complete when the coach ends them or, on the server's clock, by the lifecycle job that
  // server/main.ts runs (completeDue); completion captures the request's hold exactly once. Modules
  // built on a session (reviews, session extensions) subscribe to its completing transaction.
  const chatSessions = registerSessions(app, {
    route,
    db,
    settlement,
    realtime,
    clock,
    announcePresence: (tx, coachId) => presenceAnnouncer.announce(tx, coachId),
    logger: app.log.child({ module: 'sessions' }),
  });
  app.decorate('chatSessions', chatSessions);

  // A service booked at a free time: the slot checked, the price held, the coach told (#18); from 10
  // minutes before, a join opens its session room (chatSessions.createFromBooking), and the session's
  // completion completes the booking.
  const bookings = registerBookings(app, {
    route,
    db,
    scheduling,
    settlement,
    ledger,
    coupons,
    notifications,
    realtime,
    sessions: chatSessions,
    clock,
  });
  app.decorate('bookings', bookings);

  // Presence (who has the room open, per socket, on any instance -> coach_present / client_present and
  // the timer) and call signalling travel over the realtime socket: the gateway runs the module's
  // commands ('session.join', 'session.leave', 'session.signal') and its disconnect and sweep hooks.
  const sessionRoom = registerSessionRoom(app, {
    route,
    db,
    sessions: chatSessions,
    realtime,
    clock,
    rtc: config.rtc,
  });
  app.decorate('sessionRoom', sessionRoom);

  // The socket gateway attaches to the HTTP server once it listens (app.inject tests open no socket
  // or LISTEN); the session room adds its commands to it.
  attachRealtimeGateway(app, realtimeBus, {
    realtime,
    authenticateToken: (token) => guard.authenticateToken(token),
    activeSessionIds: (ids) => sessions.activeSessionIds(ids),
    allowedOrigins: config.realtime.allowedOrigins,
    clock,
    logger: realtimeLogger,
    extensions: [sessionRoom.gatewayExtension],
  });

  // A client's request holds the quoted price; the coach accepts (chatSessions.createFromRequest in the
  // same transaction), declines, or it expires (expireDue, run by the lifecycle job); the client may cancel.
  // Conversations between sessions: one per coach and client, messages under the conversation's row
  // lock, both parties' events delivered after commit. The coach's note after a declined request lands
  // in the pair's conversation (sessionRequests.message calls messages.sendWithin in its transaction).
  const messages = await registerMessages(app, {
    route,
    db,
    realtime,
    storage: objectStorage,
    outbox,
    admin,
    notifications,
    clock,
    publicUrl: config.publicUrl,
    inquiryRateLimitMax: config.inquiryRateLimitMax,
    logger: app.log.child({ module: 'messages' }),
  });
  app.decorate('messages', messages);

  const sessionRequests = registerSessionRequests(app, {
    route,
    db,
    settlement,
    coupons,
    ledger,
    realtime,
    outbox,
    chatSessions,
    messages,
    notifications,
    clock,
    publicUrl: config.publicUrl,
    logger: app.log.child({ module: 'session-requests' }),
  });
  app.decorate('sessionRequests', sessionRequests);

  // Who is a party is the chat sessions' decision (chatSessions.get: 404 for anyone else); messages and
  // read receipts are recorded on both parties' `user:` topics in their transaction.
  await registerChat(app, { route, db, chatSessions, realtime, storage: objectStorage, clock });

  // A party invites by email (session_invitation through the
  // outbox); the one-time token makes a guest account, adds it to session_guests (chatSessions.get then
  // answers 'guest' when asked with guests: true) and signs it in through the auth module's sessions.
  registerSessionInvitations(app, {
    route,
    db,
    chatSessions,
    startSignIn: (executor, user, options) => sessions.start(executor, user, options),
    signIn: {
      contextOf,
      answer: (request, reply, session) => answerSession(request, reply, session, refreshCookie),
    },
    outbox,
    securityEvents,
    clock,
    publicUrl: config.publicUrl,
    rateLimit: config.auth.rateLimit,
  });

  // The coach's notes and resources after a session: the row, the coach_followup email and the
  // client's event in one transaction (behind an Idempotency-Key); parties decided by chatSessions.get.
  await registerFollowups(app, {
    route,
    db,
    chatSessions,
    outbox,
    realtime,
    notifications,
    clock,
    publicUrl: config.publicUrl,
    logger: app.log.child({ module: 'followups' }),
  });

  // Double-blind under the session's row lock; parties decided by
  // chatSessions.get; server/main.ts runs the visibility job (reviews visible after 7 days are counted).
  // The coach's stats are refreshed in every completing transaction (chatSessions.onSessionCompleted).
  const reviews = registerReviews(app, { route, db, chatSessions, realtime, notifications, clock });
  app.decorate('reviews', reviews);

  // The client buys more minutes (quoted and held, Idempotency-Key); the coach accepts (chatSessions.extend
  // in the same transaction) or declines; completion captures accepted asks (chatSessions.onSessionSettling);
  // server/main.ts's lifecycle job expires unanswered ones (expireDue).
  const sessionExtensions = await registerSessionExtensions(app, {
    route,
    db,
    chatSessions,
    settlement,
    ledger,
    realtime,
    clock,
    logger: app.log.child({ module: 'session-extensions' }),
  });
  app.decorate('sessionExtensions', sessionExtensions);

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  // Logs are written asynchronously: flush what is buffered when the app closes.
  app.addHook('onClose', async () => {
    logger.flush();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
export type { RegisteredRoute };
