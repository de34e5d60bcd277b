import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { couponSchema } from '#contracts/coupons';
import {
  REQUEST_ALERT_MS,
  SESSION_EVENTS,
  SESSION_MESSAGES,
  acceptResponseSchema,
  alternativesResponseSchema,
  pendingRequestResponseSchema,
  scheduledRequestsResponseSchema,
  sessionRequestSchema,
  type SessionRequest,
} from '#contracts/sessions';
import { AppError } from '#domain/errors/app-error';
import { errorOf, signUpWithRole } from '#test/support/auth';
import { balanceOf, topUpThroughEvent } from '#test/factories/money';
import { insertCoach, insertClient, type TestCoach } from '#test/factories/people';
import {
  eventsOf,
  holdOfRequest,
  postSessionRequest,
  buildSessionRequestBody,
} from '#test/factories/sessions';
import { recordStatements } from '#test/support/statements';
import { conversationsPageSchema, MESSAGE_EVENTS } from '#contracts/messages';
import { NOTIFICATION_EVENTS } from '#contracts/notifications';
import { useTestApp, type TestAppHandle } from '#test/support/test-app';
import type { OutboxService } from '../outbox/outbox.service';
import { createSessionRequestsRepository } from './session-requests.repository';
import { createSessionRequestsService } from './session-requests.service';

const ENV = { RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' };

function helpers(t: TestAppHandle) {
  async function create(client: AuthSession, body: object, key = randomUUID()): Promise<SessionRequest> {
    const response = await postSessionRequest(t.app, client, body, key);
    expect(response.statusCode, response.body).toBe(201);
    return sessionRequestSchema.parse(response.json());
  }

  const act = (session: AuthSession, id: string, action: string, payload?: object) =>
    t.call(session, 'POST', `/api/session-requests/${id}/${action}`, payload);

  async function ok(session: AuthSession, id: string, action: string, payload?: object) {
    const response = await act(session, id, action, payload);
    expect(response.statusCode, response.body).toBe(200);
    return sessionRequestSchema.parse(response.json());
  }

  const wallet = (userId: string) => balanceOf(t.pool, 'client_wallet', userId);
  const held = (userId: string) => balanceOf(t.pool, 'client_held', userId);

  async function postings(requestId: string) {
    const result = await t.pool.query<{ kind: string }>(
      `select kind from ledger_transactions where reference_type = 'session_request' and reference_id = $1
        order by created_at, kind`,
      [requestId],
    );
    return result.rows.map((row) => row.kind);
  }

  async function emails(template: string, requestId: string) {
    const result = await t.pool.query<{
      recipient: string;
      subject: string;
      body_text: string;
      body_html: string;
      data: Record<string, unknown>;
    }>(
      `select recipient, subject, body_text, body_html, data from outbox_messages
        where template = $1 and data ->> 'requestId' = $2`,
      [template, requestId],
    );
    return result.rows;
  }

  async function requestsOf(clientId: string) {
    const result = await t.pool.query<{ id: string; status: string }>(
      'select id, status from session_requests where client_id = $1',
      [clientId],
    );
    return result.rows;
  }

  async function redemptionOf(requestId: string) {
    const result = await t.pool.query<{ status: string; discount_amount: string }>(
      `select status, discount_amount from coupon_redemptions
        where reference_type = 'session_request' and reference_id = $1`,
      [requestId],
    );
    return result.rows.map((row) => ({ status: row.status, discount: Number(row.discount_amount) }));
  }

  async function coupon(coach: TestCoach, body: object) {
    const response = await t.call(coach.session, 'POST', '/api/coupons', body);
    expect(response.statusCode, response.body).toBe(201);
    return couponSchema.parse(response.json());
  }

  async function confirmEmail(userId: string) {
    await t.pool.query('update users set email_confirmed_at = now() where id = $1', [userId]);
  }

  async function invariantsHold() {
    const report = await t.app.ledger.service.checkInvariants(t.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  }

  const eventTypes = async (userId: string) => (await eventsOf(t.pool, userId)).map((event) => event.type);

  return {
    create,
    act,
    ok,
    wallet,
    held,
    postings,
    emails,
    requestsOf,
    redemptionOf,
    coupon,
    confirmEmail,
    invariantsHold,
    eventTypes,
  };
}

describe('creating a request', () => {
  const t = useTestApp(ENV);
  const h = helpers(t);

  it('holds the quoted price, stores the quote, rings the coach, and an Idempotency-Key replay creates nothing more', async () => {
    const coach = await insertCoach(t.app, t.pool, { fullName: 'Lena Ortiz', rates: { video: 2_400 } });
    const client = await insertClient(t.app, t.pool, 10_000, { fullName: 'Maya Thompson' });
    const key = randomUUID();
    const body = buildSessionRequestBody(coach.id, { description: '  Falling asleep is hard  ' });

    const first = await postSessionRequest(t.app, client.session, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const request = sessionRequestSchema.parse(first.json());
    expect(request).toMatchObject({
      coach_id: coach.id,
      client_id: client.id,
      coach_name: 'Lena Ortiz',
      coach_username: coach.username,
      client_name: 'Maya Thompson',
      // Not confirmed yet: no address is shared with the coach.
      client_email: null,
      format: 'video',
      duration_minutes: 30,
      purpose: 'Sleep better before exams',
      description: 'Falling asleep is hard',
      scheduled: false,
      price: 4_800,
      original_price: 4_800,
      discount_amount: null,
      coupon_code: null,
      coupon_discount_type: null,
      status: 'pending',
      session_id: null,
      coach_message: null,
      created_at: t.clock.now().toISOString(),
      expires_at: new Date(t.clock.now().getTime() + REQUEST_ALERT_MS).toISOString(),
    });

    // The money: exactly the price moved from the wallet to held, one hold.
    expect(await h.wallet(client.id)).toBe(5_200);
    expect(await h.held(client.id)).toBe(4_800);
    expect(await holdOfRequest(t.pool, request.id)).toEqual({ status: 'held', amount: 4_800 });
    expect(await h.postings(request.id)).toEqual(['hold']);

    // The coach's topic rings with the request; the client's topic has nothing yet.
    const coachEvents = await eventsOf(t.pool, coach.id);
    expect(coachEvents).toHaveLength(1);
    expect(coachEvents[0]?.type).toBe(SESSION_EVENTS.requestCreated);
    expect(sessionRequestSchema.parse(coachEvents[0]?.payload.request)).toEqual(request);
    expect(await eventsOf(t.pool, client.id)).toEqual([]);

    // The same key again: the first answer, nothing new.
    const replay = await postSessionRequest(t.app, client.session, body, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await h.requestsOf(client.id)).toHaveLength(1);
    expect(await h.wallet(client.id)).toBe(5_200);
    expect(await h.postings(request.id)).toEqual(['hold']);
    expect(await eventsOf(t.pool, coach.id)).toHaveLength(1);

    // Both parties see it; nobody else does.
    for (const party of [client.session, coach.session]) {
      const seen = await t.call(party, 'GET', `/api/session-requests/${request.id}`);
      expect(seen.statusCode).toBe(200);
      expect(sessionRequestSchema.parse(seen.json())).toEqual(request);
    }
    const stranger = await signUpWithRole(t.app, 'client');
    expect((await t.call(stranger, 'GET', `/api/session-requests/${request.id}`)).statusCode).toBe(404);
    await h.invariantsHold();
  });

  it('reads what it needs in one statement and writes no re-read: the create, and the cancel', async () => {
    const coach = await insertCoach(t.app, t.pool, { rates: { video: 2_400 } });
    const client = await insertClient(t.app, t.pool, 10_000);
    const flat = (statements: string[]) => statements.map((text) => text.replace(/\s+/g, ' ').trim());
    const created = await recordStatements(() =>
      postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id), randomUUID()),
    );
    expect(created.result.statusCode, created.result.body).toBe(201);
    const createSql = flat(created.statements);
    // The coach (availability, rates), the client and their pending request: one read.
    expect(createSql.filter((text) => text.includes('coach_found'))).toHaveLength(1);
    // No separate read of the rates, the pending request or the inserted request's view.
    const otherReads = createSql.filter(
      (text) => !text.includes('coach_found') && /^select .*from "?(profiles|session_requests)"? /.test(text),
    );
    expect(otherReads).toEqual([]);

    const { id } = sessionRequestSchema.parse(created.result.json());
    const cancelled = await recordStatements(() =>
      t.call(client.session, 'POST', `/api/session-requests/${id}/cancel`),
    );
    expect(cancelled.result.statusCode, cancelled.result.body).toBe(200);
    expect(sessionRequestSchema.parse(cancelled.result.json())).toMatchObject({
      status: 'cancelled',
      coach_name: coach.fullName,
      coach_username: coach.username,
    });
    const cancelSql = flat(cancelled.statements);
    // The change answers the view itself; a request without a coupon looks for no coupon use.
    expect(cancelSql.filter((text) => /^select .*from "?session_requests"? /.test(text))).toEqual([]);
    expect(cancelSql.filter((text) => text.includes('coupon_redemptions'))).toEqual([]);
    // Both parties' requestUpdated in one statement.
    expect(cancelSql.filter((text) => text.includes('rt_input'))).toHaveLength(1);
  });

  it('refuses an unusable coupon (422); stores a coupon quote (original price, discount, code, type) and holds the final price; a cancel gives the use back', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, 10_000);
    await h.coupon(coach, { code: 'CALM25', discount_type: 'percent', value: 25 });
    const unknown = await postSessionRequest(
      t.app,
      client.session,
      buildSessionRequestBody(coach.id, { coupon_code: 'NOPE-NOPE' }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown)).toMatchObject({
      code: 'COUPON_INVALID',
      message: "This coupon code isn't valid.",
    });
    expect(await h.requestsOf(client.id)).toEqual([]);

    const request = await h.create(
      client.session,
      buildSessionRequestBody(coach.id, { coupon_code: 'calm25' }),
    );
    // Default video rate 4000 per 15 minutes: 8000 for 30 minutes, 25 % off.
    expect(request).toMatchObject({
      price: 6_000,
      original_price: 8_000,
      discount_amount: 2_000,
      coupon_code: 'CALM25',
      coupon_discount_type: 'percent',
    });
    expect(await holdOfRequest(t.pool, request.id)).toEqual({ status: 'held', amount: 6_000 });
    expect(await h.wallet(client.id)).toBe(4_000);
    expect(await h.redemptionOf(request.id)).toEqual([{ status: 'active', discount: 2_000 }]);

    const cancelled = await h.ok(client.session, request.id, 'cancel');
    expect(cancelled.status).toBe('cancelled');
    expect(await h.wallet(client.id)).toBe(10_000);
    expect(await h.redemptionOf(request.id)).toEqual([{ status: 'released', discount: 2_000 }]);
  });

  it('a 100 % coupon makes a $0 request: no hold, the coupon redeemed; a decline gives the use back', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, 0);
    await h.coupon(coach, { code: 'FREEHOUR', discount_type: 'percent', value: 100 });

    const request = await h.create(
      client.session,
      buildSessionRequestBody(coach.id, { coupon_code: 'FREEHOUR' }),
    );
    expect(request).toMatchObject({
      price: 0,
      original_price: 8_000,
      discount_amount: 8_000,
      coupon_code: 'FREEHOUR',
      coupon_discount_type: 'percent',
    });
    expect(await holdOfRequest(t.pool, request.id)).toBeUndefined();
    expect(await h.postings(request.id)).toEqual([]);
    expect(await h.redemptionOf(request.id)).toEqual([{ status: 'active', discount: 8_000 }]);

    const declined = await h.ok(coach.session, request.id, 'decline');
    expect(declined.status).toBe('declined');
    expect(await h.redemptionOf(request.id)).toEqual([{ status: 'released', discount: 8_000 }]);
    expect(await h.postings(request.id)).toEqual([]);
  });

  it("refuses a blank or missing purpose with 'Session purpose is required' and creates nothing", async () => {
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, 10_000);
    const { purpose: _purpose, ...withoutPurpose } = buildSessionRequestBody(coach.id);
    for (const body of [buildSessionRequestBody(coach.id, { purpose: '   ' }), withoutPurpose]) {
      const response = await postSessionRequest(t.app, client.session, body);
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details).toContainEqual({
        path: 'body.purpose',
        message: SESSION_MESSAGES.purposeRequired,
      });
    }
    expect(await h.requestsOf(client.id)).toEqual([]);
    expect(await h.wallet(client.id)).toBe(10_000);
  });

  it('refuses a request the wallet cannot cover with 402 saying how much is missing; nothing is created', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, 1_000);
    const response = await postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id));
    expect(response.statusCode).toBe(402);
    const error = errorOf(response);
    expect(error.code).toBe('INSUFFICIENT_FUNDS');
    expect(error.message).toBe(
      'This session costs $80.00 and your wallet has $10.00. Top up at least $70.00, then try again.',
    );
    expect(error.details).toEqual([
      { path: 'price', message: '8000' },
      { path: 'wallet_balance', message: '1000' },
      { path: 'shortfall', message: '7000' },
    ]);
    expect(await h.requestsOf(client.id)).toEqual([]);
    expect(await h.wallet(client.id)).toBe(1_000);
    expect(await h.held(client.id)).toBe(0);
    expect(await eventsOf(t.pool, coach.id)).toEqual([]);

    // Topped up, the same request goes through.
    await topUpThroughEvent(t.app, t.pool, client.id, 7_000);
    await h.create(client.session, buildSessionRequestBody(coach.id));
    expect(await h.wallet(client.id)).toBe(0);
  });

  it('allows one pending request per client: the second gets 409 with the pending request id', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const other = await insertCoach(t.app, t.pool, { fullName: 'Kenji Sato' });
    const client = await insertClient(t.app, t.pool, 20_000);
    const first = await h.create(client.session, buildSessionRequestBody(coach.id));
    const second = await postSessionRequest(t.app, client.session, buildSessionRequestBody(other.id));
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({
      code: 'CONFLICT',
      details: [{ path: 'request_id', message: first.id }],
    });
    expect(await h.wallet(client.id)).toBe(12_000);
    // Once it is answered the client may ask again.
    await h.ok(client.session, first.id, 'cancel');
    await h.create(client.session, buildSessionRequestBody(other.id));
  });

  it('refuses an offline, busy or unlisted coach (409), oneself (400), a non-client (403) and a missing key (400)', async () => {
    const offline = await insertCoach(t.app, t.pool, { online: false });
    const unapproved = await insertCoach(t.app, t.pool, { approved: false });
    // Online but in a session (busy): an instant request would only ring unanswered.
    const busy = await insertCoach(t.app, t.pool);
    const earlier = await insertClient(t.app, t.pool, 10_000);
    const accepted = await h.create(earlier.session, buildSessionRequestBody(busy.id));
    expect((await h.act(busy.session, accepted.id, 'accept')).statusCode).toBe(200);
    const client = await insertClient(t.app, t.pool, 10_000);
    for (const coach of [offline, unapproved, busy]) {
      const response = await postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id));
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({
        code: 'CONFLICT',
        message:
          'This coach is not available right now. Try another coach who is online, or book a time with this coach.',
      });
    }
    const unknown = await postSessionRequest(t.app, client.session, buildSessionRequestBody(randomUUID()));
    expect(unknown.statusCode).toBe(409);

    const dual = await signUpWithRole(t.app, ['coach', 'client']);
    await t.pool.query(
      `insert into coach_applications (user_id, status, experience, bio) values ($1, 'approved', 'x', 'x')`,
      [dual.user.id],
    );
    await t.pool.query('update profiles set is_online = true where user_id = $1', [dual.user.id]);
    const self = await postSessionRequest(t.app, dual, buildSessionRequestBody(dual.user.id));
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).message).toBe('You cannot request a session with yourself.');

    const coachOnly = await insertCoach(t.app, t.pool);
    const asCoach = await postSessionRequest(t.app, coachOnly.session, buildSessionRequestBody(offline.id));
    expect(asCoach.statusCode).toBe(403);

    const available = await insertCoach(t.app, t.pool);
    const noKey = await postSessionRequest(
      t.app,
      client.session,
      buildSessionRequestBody(available.id),
      null,
    );
    expect(noKey.statusCode).toBe(400);
    expect(errorOf(noKey).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await h.requestsOf(client.id)).toEqual([]);
    expect(await h.wallet(client.id)).toBe(10_000);
  });

  it('a scheduled request (date and time) expires at that time, never rings by email, and is listed for the coach', async () => {
    const coach = await insertCoach(t.app, t.pool, { online: false });
    const client = await insertClient(t.app, t.pool, 10_000);
    const past = await postSessionRequest(
      t.app,
      client.session,
      buildSessionRequestBody(coach.id, { preferred_date: '2026-11-20', preferred_time: '10:00' }),
    );
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).message).toBe(SESSION_MESSAGES.preferredPast);
    const half = await postSessionRequest(
      t.app,
      client.session,
      buildSessionRequestBody(coach.id, { preferred_date: '2026-11-25' }),
    );
    expect(half.statusCode).toBe(400);

    const request = await h.create(
      client.session,
      buildSessionRequestBody(coach.id, {
        preferred_date: '2026-11-25',
        preferred_time: '14:30',
        format: 'text',
      }),
    );
    expect(request).toMatchObject({
      scheduled: true,
      preferred_date: '2026-11-25',
      preferred_time: '14:30',
      expires_at: '2026-11-25T14:30:00.000Z',
      price: 6_000,
    });
    expect(await h.emails('coach_session_alert', request.id)).toEqual([]);
    const scheduled = scheduledRequestsResponseSchema.parse(
      (await t.call(coach.session, 'GET', '/api/session-requests/scheduled')).json(),
    );
    expect(scheduled.requests.map((entry) => entry.id)).toEqual([request.id]);
    // The safety net is for instant requests only.
    const pending = pendingRequestResponseSchema.parse(
      (await t.call(coach.session, 'GET', '/api/session-requests/pending')).json(),
    );
    expect(pending.request).toBeNull();
    expect((await t.call(client.session, 'GET', '/api/session-requests/scheduled')).statusCode).toBe(403);
    expect((await t.call(client.session, 'GET', '/api/session-requests/pending')).statusCode).toBe(403);
  });

  it('emails coach_session_alert for an instant request only when the coach has no open tab', async () => {
    const client = await insertClient(t.app, t.pool, 20_000, { fullName: 'Maya Thompson' });
    const away = await insertCoach(t.app, t.pool, { fullName: 'Lena Ortiz', rates: { audio: 1_200 } });
    const request = await h.create(client.session, buildSessionRequestBody(away.id, { format: 'audio' }));
    const [alert, ...more] = await h.emails('coach_session_alert', request.id);
    expect(more).toEqual([]);
    expect(alert?.recipient).toBe(away.email);
    expect(alert?.subject).toBe('Maya Thompson is requesting a session now');
    expect(alert?.data).toEqual({
      coachName: 'Lena Ortiz',
      coachEmail: away.email,
      clientName: 'Maya Thompson',
      sessionType: 'audio',
      sessionDuration: 30,
      sessionPrice: '$24.00',
      sessionUrl: `${t.config.publicUrl}/portal`,
      expiresIn: '3 minutes',
      requestId: request.id,
    });
    expect(alert?.body_text).toContain(`${t.config.publicUrl}/portal`);
    await h.ok(client.session, request.id, 'cancel');

    // A coach with a tab open (a fresh realtime_connections row) gets the banner, not an email.
    const present = await insertCoach(t.app, t.pool);
    await t.pool.query(
      `insert into realtime_connections (socket_id, instance_id, user_id, connected_at, seen_at)
       values ($1, 'instance-test', $2, $3, $3)`,
      [randomUUID(), present.id, t.clock.now()],
    );
    const second = await h.create(client.session, buildSessionRequestBody(present.id));
    expect(await h.emails('coach_session_alert', second.id)).toEqual([]);
    expect(await h.eventTypes(present.id)).toEqual([SESSION_EVENTS.requestCreated]);
  });
});

describe('accepting, declining, cancelling, messaging', () => {
  const t = useTestApp(ENV);
  const h = helpers(t);

  it('accept: the request becomes accepted with its session (active, coach present, client not); the hold stays', async () => {
    const coach = await insertCoach(t.app, t.pool, { fullName: 'Lena Ortiz' });
    const client = await insertClient(t.app, t.pool, 10_000);
    const request = await h.create(client.session, buildSessionRequestBody(coach.id));

    // Only the coach of the request may accept; to the client it does not exist as an action.
    expect((await h.act(client.session, request.id, 'accept')).statusCode).toBe(404);
    const otherCoach = await insertCoach(t.app, t.pool);
    expect((await h.act(otherCoach.session, request.id, 'accept')).statusCode).toBe(404);

    const response = await h.act(coach.session, request.id, 'accept');
    expect(response.statusCode, response.body).toBe(200);
    const { request: accepted, session } = acceptResponseSchema.parse(response.json());
    expect(accepted).toMatchObject({
      id: request.id,
      status: 'accepted',
      session_id: session.id,
      accepted_at: t.clock.now().toISOString(),
      responded_at: t.clock.now().toISOString(),
    });
    expect(session).toMatchObject({
      request_id: request.id,
      coach_id: coach.id,
      client_id: client.id,
      status: 'active',
      coach_present: true,
      client_present: false,
      payment_amount: 8_000,
      client_purpose: request.purpose,
    });
    const sessions = await t.pool.query('select id from chat_sessions where request_id = $1', [request.id]);
    expect(sessions.rows).toEqual([{ id: session.id }]);
    // The money stays held for the session (captured when it completes).
    expect(await holdOfRequest(t.pool, request.id)).toEqual({ status: 'held', amount: 8_000 });
    expect(await h.wallet(client.id)).toBe(2_000);

    // Events: the coach heard the request and its acceptance; the client the session and the acceptance.
    expect(await h.eventTypes(coach.id)).toEqual([
      SESSION_EVENTS.requestCreated,
      SESSION_EVENTS.sessionUpdated,
      SESSION_EVENTS.requestUpdated,
    ]);
    expect(await h.eventTypes(client.id)).toEqual([
      SESSION_EVENTS.sessionUpdated,
      SESSION_EVENTS.sessionCreated,
      SESSION_EVENTS.requestUpdated,
      NOTIFICATION_EVENTS.created, // session_accepted (notifications.integration.test.ts)
    ]);
    const clientEvents = await eventsOf(t.pool, client.id);
    expect(clientEvents.at(-2)?.payload.request).toMatchObject({
      status: 'accepted',
      session_id: session.id,
    });

    // A second accept, a decline or a cancel now: 409 with the status.
    for (const [who, action] of [
      [coach.session, 'accept'],
      [coach.session, 'decline'],
      [client.session, 'cancel'],
    ] as const) {
      const late = await h.act(who, request.id, action);
      expect(late.statusCode).toBe(409);
      expect(errorOf(late)).toMatchObject({
        code: 'CONFLICT',
        message: 'This request was already accepted.',
        details: [{ path: 'status', message: 'accepted' }],
      });
    }
    expect(await holdOfRequest(t.pool, request.id)).toEqual({ status: 'held', amount: 8_000 });
    // An accepted request cannot be messaged about (the session is where they talk).
    const message = await h.act(coach.session, request.id, 'message', { message: 'Hi' });
    expect(message.statusCode).toBe(409);
    await h.invariantsHold();
  });

  it('decline: hold released into the wallet once, both told; then one message to the client, emailed', async () => {
    const coach = await insertCoach(t.app, t.pool, { fullName: 'Lena Ortiz' });
    const client = await insertClient(t.app, t.pool, 10_000, { fullName: 'Maya Thompson' });
    await h.confirmEmail(client.id);
    const request = await h.create(client.session, buildSessionRequestBody(coach.id));
    expect(request.client_email).toBe(client.email);

    // Before it is answered there is nothing to write about.
    const early = await h.act(coach.session, request.id, 'message', { message: 'Hello' });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(
      'You can write to the client after the request is declined, cancelled or expired.',
    );
    expect((await h.act(client.session, request.id, 'decline')).statusCode).toBe(404);

    const declined = await h.ok(coach.session, request.id, 'decline');
    expect(declined).toMatchObject({ status: 'declined', responded_at: t.clock.now().toISOString() });
    expect(await holdOfRequest(t.pool, request.id)).toEqual({ status: 'released', amount: 8_000 });
    expect(await h.wallet(client.id)).toBe(10_000);
    expect(await h.held(client.id)).toBe(0);
    expect(await h.postings(request.id)).toEqual(['hold', 'release']);
    // The decline and the client's lasting session_rejected notification.
    expect(await h.eventTypes(client.id)).toEqual([
      SESSION_EVENTS.requestUpdated,
      NOTIFICATION_EVENTS.created,
    ]);
    expect(await h.eventTypes(coach.id)).toEqual([
      SESSION_EVENTS.requestCreated,
      SESSION_EVENTS.requestUpdated,
    ]);

    const again = await h.act(coach.session, request.id, 'decline');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).details).toEqual([{ path: 'status', message: 'declined' }]);
    expect(await h.postings(request.id)).toEqual(['hold', 'release']);

    // The message: validated (SPEC §5), written once, sent to both topics and emailed.
    for (const [payload, text] of [
      [{ message: '   ' }, SESSION_MESSAGES.messageRequired],
      [{ message: 'x'.repeat(501) }, SESSION_MESSAGES.messageTooLong],
      [{}, SESSION_MESSAGES.messageRequired],
    ] as const) {
      const invalid = await h.act(coach.session, request.id, 'message', payload);
      expect(invalid.statusCode).toBe(400);
      expect(errorOf(invalid).details?.[0]?.message).toBe(text);
    }
    const text = `Sorry, I'm <busy> right now & can do tomorrow. ${'.'.repeat(440)}`;
    expect(text.length).toBeLessThanOrEqual(500);
    expect((await h.act(client.session, request.id, 'message', { message: 'hi' })).statusCode).toBe(404);
    const messaged = await h.ok(coach.session, request.id, 'message', { message: `  ${text}  ` });
    expect(messaged).toMatchObject({ status: 'declined', coach_message: text });
    const clientEvents = await eventsOf(t.pool, client.id);
    expect(clientEvents.map((event) => event.type)).toEqual([
      SESSION_EVENTS.requestUpdated,
      NOTIFICATION_EVENTS.created,
      SESSION_EVENTS.requestUpdated,
      NOTIFICATION_EVENTS.created, // coach_message: the note is a message in the conversation
      MESSAGE_EVENTS.created,
    ]);
    expect(clientEvents[2]?.payload.request).toMatchObject({ coach_message: text });
    // The same words in the pair's conversation, where the client can answer them (#17).
    const conversations = conversationsPageSchema.parse(
      (await t.call(client.session, 'GET', '/api/conversations')).json(),
    ).conversations;
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({
      role: 'client',
      coach: { user_id: coach.id },
      unread_count: 1,
      last_message: { sender_type: 'coach', sender_user_id: coach.id, content: text },
    });
    expect(clientEvents[4]?.payload.message).toEqual(conversations[0]?.last_message);

    const [email, ...more] = await h.emails('coach_decline_notification', request.id);
    expect(more).toEqual([]);
    expect(email?.recipient).toBe(client.email);
    expect(email?.data).toEqual({
      coachMessage: text,
      clientName: 'Maya Thompson',
      sessionType: 'video',
      requestStatus: 'declined',
      coachName: 'Lena Ortiz',
      requestId: request.id,
    });
    expect(email?.subject).toBe('A message from Lena Ortiz about your session request');
    expect(email?.body_text).toContain(text);
    expect(email?.body_html).toContain('&lt;busy&gt;');
    expect(email?.body_html).not.toContain('<busy>');

    const twice = await h.act(coach.session, request.id, 'message', { message: 'One more thing' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe('You already sent the client a message about this request.');
    await h.invariantsHold();
  });

  it('cancel by the client: released, the coach told; the coach may then write (no email without a confirmed address)', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, 9_000);
    const request = await h.create(client.session, buildSessionRequestBody(coach.id));
    expect((await h.act(coach.session, request.id, 'cancel')).statusCode).toBe(404);

    const cancelled = await h.ok(client.session, request.id, 'cancel');
    expect(cancelled.status).toBe('cancelled');
    expect(await holdOfRequest(t.pool, request.id)).toEqual({ status: 'released', amount: 8_000 });
    expect(await h.wallet(client.id)).toBe(9_000);
    const coachEvents = await eventsOf(t.pool, coach.id);
    expect(coachEvents.at(-1)).toMatchObject({ type: SESSION_EVENTS.requestUpdated });
    expect(coachEvents.at(-1)?.payload.request).toMatchObject({ status: 'cancelled' });

    const accept = await h.act(coach.session, request.id, 'accept');
    expect(accept.statusCode).toBe(409);
    expect(errorOf(accept)).toMatchObject({
      message: 'The client cancelled this request.',
      details: [{ path: 'status', message: 'cancelled' }],
    });
    const sessions = await t.pool.query('select 1 from chat_sessions where request_id = $1', [request.id]);
    expect(sessions.rowCount).toBe(0);

    const messaged = await h.ok(coach.session, request.id, 'message', {
      message: 'No problem, see you soon.',
    });
    expect(messaged.coach_message).toBe('No problem, see you soon.');
    expect(await h.emails('coach_decline_notification', request.id)).toEqual([]);
    expect(await h.postings(request.id)).toEqual(['hold', 'release']);
  });

  it('a failing email queue is only logged: the request and the message still go through', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, 10_000);
    await h.confirmEmail(client.id);
    const logged: string[] = [];
    const failingOutbox: OutboxService = {
      enqueue: () => Promise.reject(new AppError('INTERNAL_ERROR', 'SMTP queue is on fire')),
    };
    const service = createSessionRequestsService({
      db: t.db,
      repository: createSessionRequestsRepository(),
      settlement: t.app.settlement,
      coupons: {
        redeem: () => Promise.reject(new Error('not used: no coupon')),
        releaseFor: () => Promise.reject(new Error('not used: the request has a hold')),
      },
      ledger: t.app.ledger.service,
      realtime: t.app.realtime,
      outbox: failingOutbox,
      chatSessions: t.app.chatSessions,
      messages: t.app.messages,
      notifications: t.app.notifications,
      clock: t.clock,
      publicUrl: t.config.publicUrl,
      logger: { error: (_fields, message) => logged.push(message) },
    });
    const created = await t.db.transaction((tx) =>
      service.create(
        tx,
        client.id,
        {
          coach_id: coach.id,
          format: 'video',
          duration_minutes: 30,
          purpose: 'Talk it through',
          coupon_code: undefined,
        },
        { coachHasOpenTab: false },
      ),
    );
    expect(created.request.status).toBe('pending');
    expect(logged).toHaveLength(1);
    const declined = await service.decline(coach.id, created.request.id);
    expect(declined.body.status).toBe('declined');
    const messaged = await service.message(coach.id, created.request.id, 'Try me tomorrow');
    expect(messaged.body.coach_message).toBe('Try me tomorrow');
    expect(logged).toHaveLength(2);
    expect(logged.every((line) => line.includes('could not be queued'))).toBe(true);
    const stored = await t.pool.query('select coach_message from session_requests where id = $1', [
      created.request.id,
    ]);
    expect(stored.rows).toEqual([{ coach_message: 'Try me tomorrow' }]);
  });
});

describe('expiry on the injected clock', () => {
  const t = useTestApp(ENV);
  const h = helpers(t);

  it('a pending instant request rings for 180 s: not expired before, expired (and released once) after', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, 10_000);
    const request = await h.create(client.session, buildSessionRequestBody(coach.id));
    const status = async () =>
      (
        await t.pool.query<{ status: string }>('select status from session_requests where id = $1', [
          request.id,
        ])
      ).rows[0]?.status;

    const pending = async () =>
      pendingRequestResponseSchema.parse(
        (await t.call(coach.session, 'GET', '/api/session-requests/pending')).json(),
      ).request;
    expect((await pending())?.id).toBe(request.id);

    t.clock.advance(REQUEST_ALERT_MS - 1);
    await t.app.sessionRequests.expireDue(t.clock.now());
    expect(await status()).toBe('pending');
    expect(await holdOfRequest(t.pool, request.id)).toEqual({ status: 'held', amount: 8_000 });
    expect((await pending())?.id).toBe(request.id);

    t.clock.advance(1);
    // Reads already say expired (the job settles it within seconds); the safety net no longer offers it.
    expect(await pending()).toBeNull();
    const shown = sessionRequestSchema.parse(
      (await t.call(client.session, 'GET', `/api/session-requests/${request.id}`)).json(),
    );
    expect(shown.status).toBe('expired');
    // An accept at the deadline loses: 409 expired, nothing created.
    const late = await h.act(coach.session, request.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).details).toEqual([{ path: 'status', message: 'expired' }]);

    expect(await t.app.sessionRequests.expireDue(t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await status()).toBe('expired');
    expect(await holdOfRequest(t.pool, request.id)).toEqual({ status: 'released', amount: 8_000 });
    expect(await h.wallet(client.id)).toBe(10_000);
    // The expiry and the client's lasting session_cancelled notification.
    expect(await h.eventTypes(client.id)).toEqual([
      SESSION_EVENTS.requestUpdated,
      NOTIFICATION_EVENTS.created,
    ]);
    expect(await h.eventTypes(coach.id)).toEqual([
      SESSION_EVENTS.requestCreated,
      SESSION_EVENTS.requestUpdated,
    ]);
    const expiredEvent = (await eventsOf(t.pool, client.id))[0];
    expect(expiredEvent?.payload.request).toMatchObject({
      status: 'expired',
      responded_at: t.clock.now().toISOString(),
    });

    // Again: nothing more happens.
    await t.app.sessionRequests.expireDue(t.clock.now());
    expect(await h.postings(request.id)).toEqual(['hold', 'release']);
    // Expired once: one change, one notification.
    expect(await h.eventTypes(client.id)).toEqual([
      SESSION_EVENTS.requestUpdated,
      NOTIFICATION_EVENTS.created,
    ]);
    const sessions = await t.pool.query('select 1 from chat_sessions where request_id = $1', [request.id]);
    expect(sessions.rowCount).toBe(0);

    // The coach may still write to the client once.
    const messaged = await h.ok(coach.session, request.id, 'message', { message: 'Sorry I missed you!' });
    expect(messaged).toMatchObject({ status: 'expired', coach_message: 'Sorry I missed you!' });
  });

  it('a message after the deadline but before the job settles the expiry first (released once)', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, 10_000);
    const request = await h.create(client.session, buildSessionRequestBody(coach.id));
    t.clock.advance(REQUEST_ALERT_MS);
    const messaged = await h.ok(coach.session, request.id, 'message', { message: 'I was away, sorry.' });
    expect(messaged).toMatchObject({ status: 'expired', coach_message: 'I was away, sorry.' });
    expect(await holdOfRequest(t.pool, request.id)).toEqual({ status: 'released', amount: 8_000 });
    expect(await h.wallet(client.id)).toBe(10_000);
    await t.app.sessionRequests.expireDue(t.clock.now());
    expect(await h.postings(request.id)).toEqual(['hold', 'release']);
  });

  it('expires many due requests across batches, each once', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const clients = await Promise.all(Array.from({ length: 7 }, () => insertClient(t.app, t.pool, 8_000)));
    const ids: string[] = [];
    for (const client of clients)
      ids.push((await h.create(client.session, buildSessionRequestBody(coach.id))).id);
    t.clock.advance(REQUEST_ALERT_MS);
    const expired = await t.app.sessionRequests.expireDue(t.clock.now(), 3);
    expect(expired).toBeGreaterThanOrEqual(7);
    const rows = await t.pool.query<{ status: string }>(
      'select status from session_requests where id = any($1::uuid[])',
      [ids],
    );
    expect(rows.rows.every((row) => row.status === 'expired')).toBe(true);
    for (const client of clients) expect(await h.wallet(client.id)).toBe(8_000);
    await h.invariantsHold();
  });
});

describe('alternatives after an expiry or decline', () => {
  const t = useTestApp(ENV);
  const h = helpers(t);

  it('offers online, free coaches in the same category (not this coach), and names this coach', async () => {
    const coach = await insertCoach(t.app, t.pool, { fullName: 'Lena Ortiz', categories: ['sleep'] });
    const free = await insertCoach(t.app, t.pool, {
      fullName: 'Free Sleep',
      categories: ['sleep', 'yoga'],
    });
    await insertCoach(t.app, t.pool, { fullName: 'Offline Sleep', categories: ['sleep'], online: false });
    await insertCoach(t.app, t.pool, { fullName: 'Online Career', categories: ['career'] });
    const busy = await insertCoach(t.app, t.pool, { fullName: 'Busy Sleep', categories: ['sleep'] });
    const busyClient = await insertClient(t.app, t.pool, 10_000);
    const busyRequest = await h.create(busyClient.session, buildSessionRequestBody(busy.id));
    // The busy coach is in a session now.
    expect((await h.act(busy.session, busyRequest.id, 'accept')).statusCode).toBe(200);

    const client = await insertClient(t.app, t.pool, 10_000);
    const request = await h.create(client.session, buildSessionRequestBody(coach.id));
    await h.ok(coach.session, request.id, 'decline');

    const response = await t.call(client.session, 'GET', `/api/session-requests/${request.id}/alternatives`);
    expect(response.statusCode, response.body).toBe(200);
    const alternatives = alternativesResponseSchema.parse(response.json());
    expect(alternatives.coach).toEqual({ id: coach.id, username: coach.username, full_name: 'Lena Ortiz' });
    expect(alternatives.online_coaches.map((entry) => entry.full_name)).toEqual(['Free Sleep']);
    expect(alternatives.online_coaches[0]).toMatchObject({ id: free.id, categories: ['sleep', 'yoga'] });

    // The request's own category wins over the coach's.
    const careerClient = await insertClient(t.app, t.pool, 10_000);
    const career = await h.create(
      careerClient.session,
      buildSessionRequestBody(coach.id, { session_category: 'career' }),
    );
    const careerAlternatives = alternativesResponseSchema.parse(
      (await t.call(careerClient.session, 'GET', `/api/session-requests/${career.id}/alternatives`)).json(),
    );
    expect(careerAlternatives.online_coaches.map((entry) => entry.full_name)).toEqual(['Online Career']);

    // Only the client of the request.
    expect(
      (await t.call(coach.session, 'GET', `/api/session-requests/${request.id}/alternatives`)).statusCode,
    ).toBe(404);
    expect(
      (await t.call(careerClient.session, 'GET', `/api/session-requests/${request.id}/alternatives`))
        .statusCode,
    ).toBe(404);
  });
});
