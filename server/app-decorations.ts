// The services buildApp (server/app.ts) decorates the Fastify instance with, for the jobs server/main.ts
// starts and for the tests.
import type { LedgerInvariantStatus, LedgerService } from './modules/ledger/ledger.service';
import type { WalletService } from './modules/wallet/wallet.service';
import type { SettlementService } from './modules/settlement/settlement.service';
import type { GiftsService } from './modules/gifts/gifts.service';
import type { PayoutsService } from './modules/payouts/payouts.service';
import type { SessionRequestsService } from './modules/session-requests/session-requests.service';
import type { MessagesService } from './modules/messages/messages.service';
import type { NotificationsService } from './modules/notifications/notifications.service';
import type { SessionRoomService } from './modules/session-room/session-room.service';
import type { SessionsService } from './modules/sessions/sessions.service';
import type { BookingsService } from './modules/bookings/bookings.service';
import type { ReviewsService } from './modules/reviews/reviews.service';
import type { SessionExtensionsService } from './modules/session-extensions/session-extensions.service';
import type { PresenceService } from './modules/presence/presence.service';
import type { IdempotencyService } from './modules/idempotency/idempotency.service';

declare module 'fastify' {
  // Declaration merging with Fastify's own type needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
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
    /** Chat sessions: createFromRequest (accept), end, completeDue (the lifecycle job), lists. */
    chatSessions: SessionsService;
    /** Bookings: create, join (opens the session room), closeMissed (the lifecycle job). */
    bookings: BookingsService;
    sessionRoom: SessionRoomService;
    /** Coach presence: get/set/confirm, and announce(tx, coachId) for busy changes (PRESENCE_EVENT). */
    presence: PresenceService;
    /** Conversations between sessions; sendWithin(tx, …) for another module's transaction. */
    messages: MessagesService;
    /** What a person is told: notify(tx, …) for the modules that cause it. */
    notifications: NotificationsService;
    /** Session requests: create (hold), accept/decline/cancel/message, expireDue (the lifecycle job). */
    sessionRequests: SessionRequestsService;
    /** Reviews after a session: create/reply/lists, refreshStats(tx, coachId, clientId), countDueVisible (job). */
    reviews: ReviewsService;
    /** More minutes in a live session: ask (hold), accept/decline/cancel, settleForCompletion, expireDue (job). */
    sessionExtensions: SessionExtensionsService;
  }
}
