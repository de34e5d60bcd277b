import { randomUUID } from 'node:crypto';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { RealtimeEvent } from '#contracts/realtime';
import { createSessionRequestSchema } from '#contracts/sessions';
import type { Clock } from '#domain/clock';
import { onDemandPrice } from '#domain/money/pricing';
import { createDemoPaymentProvider } from '../adapters/payments/demo-provider';
import { createSessionsRepository } from '../modules/sessions/sessions.repository';
import { createSessionsService } from '../modules/sessions/sessions.service';
import { createCouponsRepository } from '../modules/coupons/coupons.repository';
import { createCouponsService } from '../modules/coupons/coupons.service';
import { createLedgerRepository } from '../modules/ledger/ledger.repository';
import { createLedgerService } from '../modules/ledger/ledger.service';
import { createOutboxRepository } from '../modules/outbox/outbox.repository';
import { createOutboxService } from '../modules/outbox/outbox.service';
import { createReviewsRepository } from '../modules/reviews/reviews.repository';
import { createReviewsService } from '../modules/reviews/reviews.service';
import { createSessionRequestsRepository } from '../modules/session-requests/session-requests.repository';
import { createSafetyRepository } from '../modules/messages/messages.safety.repository';
import { createMessagesRepository } from '../modules/messages/messages.repository';
import { createAttachmentsRepository } from '../modules/messages/messages.attachments.repository';
import { createMessagesService } from '../modules/messages/messages.service';
import { createNotificationsRepository } from '../modules/notifications/notifications.repository';
import { createNotificationsService } from '../modules/notifications/notifications.service';
import { createSessionRequestsService } from '../modules/session-requests/session-requests.service';
import { createSettlementRepository } from '../modules/settlement/settlement.repository';
import { createSettlementService } from '../modules/settlement/settlement.service';
import { createWalletRepository } from '../modules/wallet/wallet.repository';
import { createWalletService } from '../modules/wallet/wallet.service';
import type { EmitEvents, RecordInput } from '../realtime/realtime.service';
import type { Database, DbExecutor } from '../db/client';
import { DEMO_COACHES } from './demo-coaches';
import {
  DEMO_CLIENTS,
  DEMO_CONVERSATIONS,
  DEMO_HISTORY,
  DEMO_VISITOR_INQUIRIES,
  type DemoClientKey,
  type DemoReview,
} from './demo-history';
import { claimSeedMarker, insertDemoUser, insertRoles, userIdByEmail } from './demo-users';
import { profiles, users } from '../db/schema/index';

/**
 * The marker of the demo history. It keeps the key of the earlier money-only seed, so a database
 * seeded by that version is left as it is instead of getting a second history on top.
 */
const SEED_KEY = 'demo_money_seed';
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The demo client's first top-up, and a recent one so the wallet has money to book with. */
const FIRST_TOP_UP = 50_000;
const RECENT_TOP_UP = 20_000;
const DEMO_CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, cvc: '123' };

type DemoClient = { email: string; fullName: string };

type Step = { at: number; order: number; run: () => Promise<void> };

/**
 * Seeds the demo marketplace's past once per database (its own marker, one transaction): the demo
 * clients (server/seed/demo-history.ts), and every past session exactly as the real flow leaves it,
 * through the real services on a clock moved to each moment: the client tops up with the demo card
 * (wallet), asks (session request, price held), the coach accepts (chat session), both join (timer),
 * the session completes on its timer (payment captured; coach_stats and client_coach_stats refreshed
 * by the reviews module), then the client and sometimes the coach write their reviews (double-blind)
 * and the coach replies. Finally the review-visibility job counts what became visible by `now`. So
 * every figure shown (ratings, review and session counts, wallets, revenue) is computed from rows
 * that are there, and a new session adds to them. Returns whether it seeded now.
 */
export async function seedDemoHistory(db: Database, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimSeedMarker(tx, SEED_KEY, now))) return false;
    await writeHistory(tx, now);
    return true;
  });
}

async function writeHistory(tx: DbExecutor, now: Date): Promise<void> {
  // A clock that only moves forward: the services see the moments in the order they happened.
  let current = now.getTime() - 90 * DAY;
  const clock: Clock = { now: () => new Date(current) };
  const advance = (to: number) => {
    current = Math.max(current, to);
  };

  // The services are the app's own (server/app.ts wires them the same way), on this transaction: each
  // of their own transactions becomes a savepoint of it, so the history is written all or nothing.
  // Nobody is connected while it runs: realtime events are not recorded and no email is queued.
  const db = tx as unknown as Database;
  const recorded = (input: RecordInput): RealtimeEvent => ({
    ...input,
    seq: 1,
    created_at: clock.now().toISOString(),
  });
  const realtime = {
    record: async (_executor: DbExecutor, input: RecordInput) => recorded(input),
    recordMany: async (_executor: DbExecutor, inputs: readonly RecordInput[]) => inputs.map(recorded),
    deliver: async () => undefined,
    recordingCtes: (): SQL => {
      throw new Error("the demo seed records no events in a writer's statement");
    },
    publish: async (input: RecordInput) => recorded(input),
    transaction: <T>(work: (tx: DbExecutor, emit: EmitEvents) => Promise<T>) =>
      db.transaction((tx) => work(tx, () => undefined)),
    hasOpenTab: async () => true,
  };
  const quiet = { error: () => undefined, warn: () => undefined };
  const ledger = createLedgerService({ repository: createLedgerRepository(), clock });
  const coupons = createCouponsService({ db, repository: createCouponsRepository(), clock });
  const settlement = createSettlementService({
    db,
    repository: createSettlementRepository(),
    ledger,
    coupons,
    clock,
  });
  const wallet = createWalletService({
    db,
    repository: createWalletRepository(),
    ledger,
    provider: createDemoPaymentProvider(),
    clock,
    log: quiet,
  });
  const chatSessions = createSessionsService({
    db,
    repository: createSessionsRepository(),
    settlement,
    realtime,
    clock,
    // completeDue logs a session it could not complete and goes on: here that is a broken seed.
    logger: {
      warn: () => undefined,
      error: (fields, message) => {
        throw new Error(`demo history: ${message} ${JSON.stringify(fields)}`);
      },
    },
  });
  const notifications = createNotificationsService({
    db,
    repository: createNotificationsRepository(),
    realtime,
    clock,
  });
  const reviews = createReviewsService({
    db,
    repository: createReviewsRepository(),
    findSession: (userId, sessionId) => chatSessions.get(userId, sessionId),
    realtime,
    notifications,
    clock,
  });
  chatSessions.onSessionCompleted((executor, session) =>
    reviews.refreshStats(executor, session.coachId, session.clientId),
  );
  const outbox = createOutboxService({ repository: createOutboxRepository(), clock });
  const messages = createMessagesService({
    db,
    repository: createMessagesRepository(),
    safety: createSafetyRepository(),
    attachments: createAttachmentsRepository(),
    // Every seeded message takes the transaction path (its events are not recorded, as none here are).
    texts: { appendTexts: async () => new Map() },
    // The seed's messages are text: nothing is stored or read.
    storage: {
      put: () => Promise.reject(new Error('the demo seed stores no attachments')),
      get: () => Promise.resolve(null),
      delete: () => Promise.resolve(false),
    },
    realtime,
    outbox,
    // The seed writes messages; it lists no reports (the one use of the audit log here).
    admin: { logActivity: () => Promise.reject(new Error('the demo seed lists no message reports')) },
    notifications,
    clock,
    publicUrl: 'http://localhost',
    logger: quiet,
  });
  const sessionRequests = createSessionRequestsService({
    db,
    repository: createSessionRequestsRepository(),
    settlement,
    coupons,
    ledger,
    realtime,
    outbox,
    chatSessions,
    messages,
    notifications,
    clock,
    publicUrl: 'http://localhost',
    logger: quiet,
  });

  // ---- People
  const clientIds = new Map<DemoClientKey, string>();
  const emailOf = new Map<string, string>();
  for (const [key, client] of Object.entries(DEMO_CLIENTS) as [DemoClientKey, DemoClient][]) {
    const id = await ensureClient(tx, client, new Date(current));
    clientIds.set(key, id);
    emailOf.set(id, client.email);
  }
  const coachRows = await tx
    .select({ id: users.id, username: profiles.username })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      inArray(
        users.email,
        DEMO_COACHES.map((coach) => coach.email),
      ),
    );
  const coachIds = new Map(coachRows.map((row) => [row.username ?? '', row.id]));
  // Instant requests ring only coaches who are online: they all were when these sessions were asked.
  const offline = DEMO_COACHES.filter((coach) => !coach.online).flatMap((coach) => {
    const id = coachIds.get(coach.username);
    return id ? [id] : [];
  });
  if (offline.length > 0)
    await tx.update(profiles).set({ isOnline: true }).where(inArray(profiles.userId, offline));

  // ---- Money in
  /** What each client's wallet holds as the timeline runs (the seed starts every wallet empty). */
  const balances = new Map<string, number>();
  const topUp = async (clientId: string, amount: number) => {
    balances.set(clientId, (balances.get(clientId) ?? 0) + amount);
    const email = emailOf.get(clientId) ?? null;
    const payment = await wallet.createTopUp(tx, { userId: clientId, amount, email });
    await wallet.demoConfirm(tx, {
      userId: clientId,
      paymentId: payment.payment_id,
      card: { ...DEMO_CARD, exp_year: new Date(current).getUTCFullYear() + 3 },
    });
  };

  // ---- The timeline: every session, review and reply at its moment, in the order they happened.
  const steps: Step[] = [];
  const sessionIds = new Map<string, string>();
  const clientReviewIds = new Map<string, string>();
  /** When each session ended, by coach/client@daysAgo: demo conversations follow their session. */
  const sessionEnds = new Map<string, number>();
  const mayaId = clientIds.get('maya');
  if (mayaId)
    steps.push({
      at: now.getTime() - 88 * DAY,
      order: 0,
      run: () => topUp(mayaId, FIRST_TOP_UP),
    });

  for (const [coachIndex, coach] of DEMO_COACHES.entries()) {
    const history = DEMO_HISTORY[coach.username];
    const coachId = coachIds.get(coach.username);
    if (!history || !coachId) continue;
    for (const [index, past] of history.sessions.entries()) {
      const clientId = clientIds.get(past.client);
      if (!clientId) continue;
      const key = `${coach.username}#${index}`;
      // Sessions in the afternoons and evenings of their day; the coach answers within a minute or two.
      const start = now.getTime() - past.daysAgo * DAY - (2 + ((coachIndex * 5 + index * 3) % 9)) * HOUR;
      const answerAfter = (25 + ((coachIndex * 17 + index * 29) % 70)) * 1000;
      const end = start + past.minutes * MINUTE;
      sessionEnds.set(`${coach.username}/${past.client}@${past.daysAgo}`, end);
      // What the request will quote (settlement.quote reads the same rates from the profile).
      const price = onDemandPrice(past.format, past.minutes, {
        on_demand_text_price: coach.prices.text,
        on_demand_audio_price: coach.prices.audio,
        on_demand_video_price: coach.prices.video,
      });
      steps.push({
        at: start - 10 * MINUTE,
        order: 1,
        run: async () => {
          // The client tops up when the wallet would not cover the session (the request would be refused).
          const balance = balances.get(clientId) ?? 0;
          if (balance < price)
            await topUp(clientId, Math.max(20_000, Math.ceil((price - balance) / 10_000) * 10_000));
          balances.set(clientId, (balances.get(clientId) ?? 0) - price);
          advance(start - answerAfter);
          const { request } = await sessionRequests.create(
            tx,
            clientId,
            // The body the request dialog sends, read as the route reads it.
            createSessionRequestSchema.parse({
              coach_id: coachId,
              format: past.format,
              duration_minutes: past.minutes,
              purpose: history.purposes[index % history.purposes.length] ?? 'A session',
              session_category: coach.categories[0],
            }),
            { coachHasOpenTab: true },
          );
          advance(start);
          const accepted = await sessionRequests.accept(coachId, request.id);
          const sessionId = accepted.body.session.id;
          sessionIds.set(key, sessionId);
          // Both in the room starts the timer: the session runs its minutes from then, and the
          // lifecycle job completes it when they are up.
          advance(start + 40 * 1000);
          const timerStarted = current;
          await chatSessions.applyPresence(tx, sessionId, async () => ({ coach: true, client: true }));
          advance(timerStarted + past.minutes * MINUTE);
          await chatSessions.completeDue(clock.now());
        },
      });
      const write = (authorId: string, review: DemoReview, at: number, isClient: boolean) =>
        steps.push({
          at,
          order: 2,
          run: async () => {
            const sessionId = sessionIds.get(key);
            if (!sessionId) throw new Error(`demo history: ${key} was not seeded before its review`);
            const written = await reviews.create(authorId, sessionId, {
              rating: review.rating,
              body: review.body,
            });
            if (isClient && written.mine) clientReviewIds.set(key, written.mine.id);
          },
        });
      const clientReviewAt = end + (1 + (index % 3)) * HOUR;
      const coachReviewAt = end + (4 + (index % 4)) * HOUR;
      if (past.review) write(clientId, past.review, clientReviewAt, true);
      if (past.coachReview) write(coachId, past.coachReview, coachReviewAt, false);
      // The review-visibility job runs as it would have: the minute a session's 7 blind days end.
      const dueAt = end + 7 * DAY + MINUTE;
      if ((past.review || past.coachReview) && dueAt <= now.getTime())
        steps.push({
          at: dueAt,
          order: 1,
          run: async () => void (await reviews.countDueVisible(new Date(dueAt))),
        });
      const reply = past.review?.reply;
      if (reply) {
        // The coach can reply once the review is visible: when they wrote theirs, else after 7 days.
        const visibleAt = past.coachReview ? coachReviewAt : end + 7 * DAY;
        steps.push({
          at: visibleAt + 2 * HOUR,
          order: 3,
          run: async () => {
            const reviewId = clientReviewIds.get(key);
            if (!reviewId) throw new Error(`demo history: ${key} has a reply but no review`);
            await reviews.reply(coachId, reviewId, reply);
          },
        });
      }
    }
  }
  if (mayaId) steps.push({ at: now.getTime() - 6 * HOUR, order: 0, run: () => topUp(mayaId, RECENT_TOP_UP) });

  // Conversations between sessions, written through the messages service as the screens send them.
  for (const demo of DEMO_CONVERSATIONS) {
    const coachId = coachIds.get(demo.coach);
    const clientId = clientIds.get(demo.client);
    const end = sessionEnds.get(`${demo.coach}/${demo.client}@${demo.afterDaysAgo}`);
    if (!coachId || !clientId || end === undefined)
      throw new Error(
        `demo conversation ${demo.coach}/${demo.client}: no session ${demo.afterDaysAgo} days ago`,
      );
    for (const line of demo.messages)
      steps.push({
        at: end + line.minutesAfter * MINUTE,
        order: 4,
        run: async () => {
          const { conversation } = await messages.start(clientId, { coach_id: coachId });
          const senderId = line.from === 'coach' ? coachId : clientId;
          await messages.send(senderId, conversation.id, { id: randomUUID(), content: line.text });
        },
      });
  }

  for (const demo of DEMO_VISITOR_INQUIRIES) {
    const coachId = coachIds.get(demo.coach);
    if (!coachId) throw new Error(`demo visitor inquiry: no coach ${demo.coach}`);
    steps.push({
      at: now.getTime() - demo.hoursAgo * HOUR,
      order: 4,
      run: async () => {
        await messages.inquire(coachId, {
          id: randomUUID(),
          name: demo.name,
          email: demo.email,
          content: demo.text,
        });
      },
    });
  }

  steps.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const step of steps) {
    if (step.at > now.getTime()) throw new Error('demo history: a step lies in the future');
    advance(step.at);
    await step.run();
  }

  // What the demo people have seen: the accepted requests they joined, the reviews shown to them
  // along the way, and a coach's message they answered afterwards. Left unread: what their story
  // leaves unread (Kenji's exercise for Maya), and what the visibility job still shows at `now`.
  await tx.execute(sql`update notifications n
       set read_at = n.created_at + interval '1 minute', dismissed_at = n.created_at + interval '1 minute'
     where n.type in ('session_accepted', 'review_visible')
        or (n.type = 'coach_message' and exists (
              select 1 from inquiry_conversations c join inquiry_messages m on m.conversation_id = c.id
               where n.action_url = '/chat/' || c.id and m.sender_type = 'client' and m.created_at > n.created_at))`);

  // The review-visibility job's run at `now`: reviews whose 7 blind days have passed are counted.
  current = now.getTime();
  await reviews.countDueVisible(now);
  if (offline.length > 0)
    await tx
      .update(profiles)
      .set({ isOnline: false, lastOnlineConfirmAt: null })
      .where(inArray(profiles.userId, offline));
}

/** The client's user id: the demo account when it exists, else a new client without a password. */
async function ensureClient(tx: DbExecutor, client: DemoClient, now: Date): Promise<string> {
  const existing = await userIdByEmail(tx, client.email);
  if (existing) return existing;
  const userId = await insertDemoUser(tx, {
    email: client.email,
    fullName: client.fullName,
    now,
    createdAt: now,
  });
  await tx.insert(profiles).values({
    userId,
    fullName: client.fullName,
    username: client.fullName.toLowerCase().replace(/\s+/g, '-'),
    email: client.email,
  });
  await insertRoles(tx, userId, ['client']);
  return userId;
}
