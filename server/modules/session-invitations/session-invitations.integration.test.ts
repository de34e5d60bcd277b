import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_EVENTS, chatHistorySchema, chatMessageEventPayloadSchema } from '#contracts/chat';
import type { CommandReply } from '#contracts/realtime';
import { SESSION_ROOM_COMMANDS } from '#contracts/session-room';
import {
  INVITATION_TOKEN_PATTERN,
  INVITATIONS_PER_SESSION_MAX,
  SESSION_INVITATION_MESSAGES,
  createInvitationResponseSchema,
  invitationsResponseSchema,
  redeemInvitationResponseSchema,
  type RedeemInvitationResponse,
} from '#contracts/session-invitations';
import {
  SESSION_EVENTS,
  acceptResponseSchema,
  activeSessionResponseSchema,
  chatSessionSchema,
  sessionEventPayloadSchema,
} from '#contracts/sessions';
import { GUEST_FORBIDDEN_MESSAGE } from '#server/plugins/auth-guard';
import { claimsOf, errorOf, outboxFor, signUpWithRole, uniqueEmail } from '#test/support/auth';
import { insertCoach, insertClient } from '#test/factories/people';
import { postSessionRequest, buildSessionRequestBody } from '#test/factories/sessions';
import { collectEvents, listen, socketPool, waitUntil } from '#test/support/sockets';
import { useTestApp } from '#test/support/test-app';

const ORIGIN = 'http://app.test';
const t = useTestApp({
  REALTIME_ALLOWED_ORIGINS: ORIGIN,
  RATE_LIMIT_MAX: '100000',
  AUTH_RATE_LIMIT_MAX: '100000',
});
const sockets = socketPool();
afterEach(() => sockets.closeAll());

/** A live session made the real way: a funded client's request (30 minutes of video), the coach's accept. */
async function liveSession() {
  const coach = await insertCoach(t.app, t.pool, { fullName: 'Lena Ortiz' });
  const client = await insertClient(t.app, t.pool, 10_000, { fullName: 'Maya Thompson' });
  const created = await postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id));
  expect(created.statusCode, created.body).toBe(201);
  const accepted = await t.call(coach.session, 'POST', `/api/session-requests/${created.json().id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { coach, client, sessionId: acceptResponseSchema.parse(accepted.json()).session.id };
}

type Who = Parameters<typeof t.call>[0];

const invite = (who: Who, sessionId: string, email: string) =>
  t.call(who, 'POST', `/api/sessions/${sessionId}/invitations`, { email });

/** The token in the newest session_invitation email to `email`. */
async function tokenSentTo(email: string): Promise<string> {
  const [message] = await outboxFor(t.db, email, 'session_invitation');
  const token = message ? /\/session\/([A-Za-z0-9_-]+)/.exec(message.bodyText)?.[1] : undefined;
  if (!token) throw new Error(`no invitation was sent to ${email}`);
  return token;
}

const redeem = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/session-invitations/redeem', payload: { token }, headers });

async function invitedGuest(who: Who, sessionId: string): Promise<RedeemInvitationResponse> {
  const email = uniqueEmail('guest');
  const invited = await invite(who, sessionId, email);
  expect(invited.statusCode, invited.body).toBe(201);
  const redeemed = await redeem(await tokenSentTo(email));
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  return redeemInvitationResponseSchema.parse(redeemed.json());
}

const command = (socket: Socket, name: string, payload: unknown) =>
  socket.timeout(5_000).emitWithAck(name, payload) as Promise<CommandReply>;

async function subscribedTab(url: string, token: string, userId: string) {
  const socket = await sockets.open(url, token, ORIGIN);
  const events = collectEvents(socket);
  await socket.timeout(5_000).emitWithAck('subscribe', { topic: `user:${userId}` });
  return { socket, events };
}

describe('inviting', () => {
  it('lets the coach and the client invite by email: the session_invitation email carries a one-time link', async () => {
    const { coach, client, sessionId } = await liveSession();
    const first = uniqueEmail('partner');
    const byCoach = await invite(coach.session, sessionId, `  ${first.toUpperCase()} `);
    expect(byCoach.statusCode, byCoach.body).toBe(201);
    const invitation = createInvitationResponseSchema.parse(byCoach.json()).invitation;
    expect(invitation).toMatchObject({
      session_id: sessionId,
      invitee_email: first,
      invited_by: 'coach',
      status: 'pending',
      redeemed_at: null,
    });
    // Valid until the session's end (30 minutes from the accept), which comes before 24 hours.
    const session = chatSessionSchema.parse(
      (await t.call(coach.session, 'GET', `/api/sessions/${sessionId}`)).json(),
    );
    expect(invitation.expires_at).toBe(session.ends_at);

    const [email] = await outboxFor(t.db, first, 'session_invitation');
    expect(email?.subject).toBe('Lena Ortiz invited you to a session on Wellspring');
    const token = await tokenSentTo(first);
    expect(token).toMatch(INVITATION_TOKEN_PATTERN);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(email?.bodyText).toContain(`${t.config.publicUrl}/session/${token}`);
    expect(email?.bodyText).toContain('video session with Lena Ortiz');
    expect(email?.bodyHtml).toContain(`href="${t.config.publicUrl}/session/${token}"`);
    // Only the token's hash is stored.
    const stored = await t.pool.query<{ token_hash: string }>(
      'select token_hash from session_invitations where id = $1',
      [invitation.id],
    );
    expect(stored.rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]?.token_hash).not.toContain(token);

    const second = uniqueEmail('friend');
    t.clock.advance(1_000);
    const byClient = await invite(client.session, sessionId, second);
    expect(byClient.statusCode, byClient.body).toBe(201);
    expect(byClient.json().invitation.invited_by).toBe('client');
    expect(await tokenSentTo(second)).not.toBe(token);

    for (const who of [coach.session, client.session]) {
      const listed = await t.call(who, 'GET', `/api/sessions/${sessionId}/invitations`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(
        invitationsResponseSchema
          .parse(listed.json())
          .invitations.map((row) => [row.invitee_email, row.status]),
      ).toEqual([
        [second, 'pending'],
        [first, 'pending'],
      ]);
    }
  });

  it("refuses strangers (404), anonymous callers (401), one's own address, a bad address and an ended session", async () => {
    const { coach, client, sessionId } = await liveSession();
    const stranger = await signUpWithRole(t.app, 'client', { fullName: 'Sam Stranger' });
    expect((await invite(stranger, sessionId, uniqueEmail())).statusCode).toBe(404);
    expect((await t.call(stranger, 'GET', `/api/sessions/${sessionId}/invitations`)).statusCode).toBe(404);
    expect((await invite(null, sessionId, uniqueEmail())).statusCode).toBe(401);
    expect((await invite(coach.session, randomUUID(), uniqueEmail())).statusCode).toBe(404);

    const own = await invite(client.session, sessionId, client.email);
    expect(own.statusCode).toBe(400);
    expect(errorOf(own).message).toBe(SESSION_INVITATION_MESSAGES.self);
    const bad = await invite(coach.session, sessionId, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details?.[0]?.message).toBe(SESSION_INVITATION_MESSAGES.email);

    const ended = await t.call(coach.session, 'POST', `/api/sessions/${sessionId}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    const late = await invite(coach.session, sessionId, uniqueEmail());
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(SESSION_INVITATION_MESSAGES.notActive);
    expect(
      (await t.pool.query('select 1 from session_invitations where session_id = $1', [sessionId])).rowCount,
    ).toBe(0);
  });

  it(`stops at ${INVITATIONS_PER_SESSION_MAX} invitations a session`, async () => {
    const { coach, sessionId } = await liveSession();
    const results = await Promise.all(
      Array.from({ length: INVITATIONS_PER_SESSION_MAX + 2 }, () =>
        invite(coach.session, sessionId, uniqueEmail()),
      ),
    );
    expect(results.filter((response) => response.statusCode === 201)).toHaveLength(
      INVITATIONS_PER_SESSION_MAX,
    );
    const refused = results.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(errorOf(refused[0]!).message).toBe(SESSION_INVITATION_MESSAGES.tooMany);
  });
});

describe('redeeming a guest link', () => {
  it('works once, for its own session only, and signs the guest in like a password sign-in', async () => {
    const a = await liveSession();
    const b = await liveSession();
    const email = uniqueEmail('guest');
    expect((await invite(a.client.session, a.sessionId, email)).statusCode).toBe(201);
    const token = await tokenSentTo(email);

    const response = await redeem(token, { 'x-refresh-cookie': '1' });
    expect(response.statusCode, response.body).toBe(200);
    const body = redeemInvitationResponseSchema.parse(response.json());
    expect(body.session_id).toBe(a.sessionId);
    // Cookie mode, as the web app signs in: the refresh token only in the HttpOnly cookie.
    expect(body.refresh_token).toBeNull();
    const cookies = [response.headers['set-cookie']].flat().join('\n');
    expect(cookies).toMatch(/wellspring-refresh=[^;]+;.*HttpOnly/);
    expect(claimsOf(body.access_token)).toMatchObject({ sub: body.user.id, aal: 'aal1' });

    // A guest account of its own: no password, no email, no role.
    const account = await t.pool.query<{ encrypted_password: string | null; email: string | null }>(
      'select encrypted_password, email from users where id = $1',
      [body.user.id],
    );
    expect(account.rows[0]).toEqual({ encrypted_password: null, email: null });
    const me = await t.call(body, 'GET', '/api/me');
    expect(me.statusCode, me.body).toBe(200);
    // /api/me says so: the web app shows a guest only the session room.
    expect(me.json()).toMatchObject({ roles: [], active_role: null, is_guest: true });

    const seen = await t.call(body, 'GET', `/api/sessions/${a.sessionId}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(chatSessionSchema.parse(seen.json())).toMatchObject({
      id: a.sessionId,
      viewer: 'guest',
      earnings: null,
    });
    // Its live session is the one the link joined (the guest screen's way back to the room).
    const active = await t.call(body, 'GET', '/api/sessions/active');
    expect(active.statusCode, active.body).toBe(200);
    expect(activeSessionResponseSchema.parse(active.json()).session).toMatchObject({
      id: a.sessionId,
      viewer: 'guest',
    });
    // The token opened session A, never B.
    expect((await t.call(body, 'GET', `/api/sessions/${b.sessionId}`)).statusCode).toBe(404);
    expect((await t.call(body, 'GET', `/api/sessions/${b.sessionId}/messages`)).statusCode).toBe(404);

    const again = await redeem(token);
    expect(again.statusCode).toBe(410);
    expect(errorOf(again)).toMatchObject({ code: 'GONE', message: SESSION_INVITATION_MESSAGES.used });

    const listed = invitationsResponseSchema.parse(
      (await t.call(a.coach.session, 'GET', `/api/sessions/${a.sessionId}/invitations`)).json(),
    );
    expect(listed.invitations).toEqual([expect.objectContaining({ invitee_email: email, status: 'used' })]);
    const guests = await t.pool.query('select user_id from session_guests where session_id = $1', [
      a.sessionId,
    ]);
    expect(guests.rows).toEqual([{ user_id: body.user.id }]);
  });

  it('lets exactly one of two simultaneous redeems of a token through', async () => {
    const { coach, sessionId } = await liveSession();
    const email = uniqueEmail('guest');
    expect((await invite(coach.session, sessionId, email)).statusCode).toBe(201);
    const token = await tokenSentTo(email);
    const results = await Promise.all([redeem(token), redeem(token), redeem(token)]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 410, 410]);
    const guests = await t.pool.query('select 1 from session_guests where session_id = $1', [sessionId]);
    expect(guests.rowCount).toBe(1);
  });

  it('refuses an unknown token (404), an expired one and one whose session is over (410)', async () => {
    const unknown = await redeem('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(SESSION_INVITATION_MESSAGES.unknown);

    const { coach, client, sessionId } = await liveSession();
    const early = uniqueEmail('early');
    const late = uniqueEmail('late');
    expect((await invite(coach.session, sessionId, early)).statusCode).toBe(201);
    t.clock.advance(1_000);
    expect((await invite(client.session, sessionId, late)).statusCode).toBe(201);

    // Past its expiry (here moved 1 minute back) while the session is still on.
    await t.pool.query(`update session_invitations set expires_at = $2 where invitee_email = $1`, [
      early,
      new Date(t.clock.now().getTime() - 60_000),
    ]);
    const expired = await redeem(await tokenSentTo(early));
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).message).toBe(SESSION_INVITATION_MESSAGES.expired);

    const listed = invitationsResponseSchema.parse(
      (await t.call(coach.session, 'GET', `/api/sessions/${sessionId}/invitations`)).json(),
    );
    expect(listed.invitations.map((row) => [row.invitee_email, row.status])).toEqual([
      [late, 'pending'],
      [early, 'expired'],
    ]);

    // The session's time runs out (30 minutes): the other link stops working with it.
    t.clock.advance(31 * 60_000);
    const over = await redeem(await tokenSentTo(late));
    expect(over.statusCode).toBe(410);
    expect(errorOf(over).message).toBe(SESSION_INVITATION_MESSAGES.expired);
    expect(
      (await t.pool.query('select 1 from session_guests where session_id = $1', [sessionId])).rowCount,
    ).toBe(0);
  });

  it('refuses a token of a session the coach ended, even before its expiry', async () => {
    const { coach, sessionId } = await liveSession();
    const email = uniqueEmail('guest');
    expect((await invite(coach.session, sessionId, email)).statusCode).toBe(201);
    expect((await t.call(coach.session, 'POST', `/api/sessions/${sessionId}/end`)).statusCode).toBe(200);
    const response = await redeem(await tokenSentTo(email));
    expect(response.statusCode).toBe(410);
    expect(errorOf(response).message).toBe(SESSION_INVITATION_MESSAGES.expired);
  });
});

describe('a guest in the room', () => {
  it('reads and sends chat as a guest and hears messages and the end live', async () => {
    const url = await listen(t.app);
    const { coach, client, sessionId } = await liveSession();
    const guest = await invitedGuest(coach.session, sessionId);
    const guestTab = await subscribedTab(url, guest.access_token, guest.user.id);
    const coachTab = await subscribedTab(url, coach.session.access_token, coach.id);
    const clientTab = await subscribedTab(url, client.session.access_token, client.id);

    const fromCoach = await t.call(coach.session, 'POST', `/api/sessions/${sessionId}/messages`, {
      id: randomUUID(),
      content: 'Welcome, glad you could join',
    });
    expect(fromCoach.statusCode, fromCoach.body).toBe(201);
    const fromGuest = await t.call(guest, 'POST', `/api/sessions/${sessionId}/messages`, {
      id: randomUUID(),
      content: 'Thanks for having me',
    });
    expect(fromGuest.statusCode, fromGuest.body).toBe(201);
    expect(fromGuest.json().message).toMatchObject({
      sender_type: 'guest',
      sender_user_id: guest.user.id,
      seq: 2,
    });

    const messagesOn = (events: typeof guestTab.events) =>
      events
        .filter((event) => event.type === CHAT_EVENTS.messageCreated)
        .map((event) => chatMessageEventPayloadSchema.parse(event.payload).message)
        .map((message) => [message.seq, message.sender_type, message.message_content]);
    const both = [
      [1, 'coach', 'Welcome, glad you could join'],
      [2, 'guest', 'Thanks for having me'],
    ];
    await waitUntil(
      () => [guestTab, coachTab, clientTab].every((tab) => messagesOn(tab.events).length === 2),
      'both messages on every tab',
    );
    for (const tab of [guestTab, coachTab, clientTab]) expect(messagesOn(tab.events)).toEqual(both);

    const history = await t.call(guest, 'GET', `/api/sessions/${sessionId}/messages`);
    expect(history.statusCode, history.body).toBe(200);
    const parsed = chatHistorySchema.parse(history.json());
    expect(parsed.messages.map((message) => message.sender_type)).toEqual(['coach', 'guest']);
    // A guest's reading is not a read receipt of the client's.
    expect((await t.call(guest, 'POST', `/api/sessions/${sessionId}/read`, { seq: 2 })).statusCode).toBe(204);
    const afterRead = chatHistorySchema.parse(
      (await t.call(coach.session, 'GET', `/api/sessions/${sessionId}/messages`)).json(),
    );
    expect(afterRead.reads).toEqual({ coach: 0, client: 0 });

    const ended = await t.call(coach.session, 'POST', `/api/sessions/${sessionId}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    const updates = () =>
      guestTab.events
        .filter((event) => event.type === SESSION_EVENTS.sessionUpdated)
        .map((event) => sessionEventPayloadSchema.parse(event.payload));
    await waitUntil(
      () => updates().some((payload) => 'session' in payload && payload.session.status === 'completed'),
      'the end',
    );
    expect(updates().at(-1)).toMatchObject({
      session: { status: 'completed', viewer: 'guest', earnings: null },
    });
    // The transcript stays readable to the guest; sending is over.
    expect((await t.call(guest, 'GET', `/api/sessions/${sessionId}/messages`)).statusCode).toBe(200);
    expect(
      (
        await t.call(guest, 'POST', `/api/sessions/${sessionId}/messages`, {
          id: randomUUID(),
          content: 'Bye',
        })
      ).statusCode,
    ).toBe(409);
  });

  it("is not counted present, cannot signal, end, invite, review or get the call's ICE servers", async () => {
    const url = await listen(t.app);
    const { coach, sessionId } = await liveSession();
    const guest = await invitedGuest(coach.session, sessionId);
    const guestTab = await sockets.open(url, guest.access_token, ORIGIN);

    const joined = await command(guestTab, SESSION_ROOM_COMMANDS.join, { session_id: sessionId });
    expect(joined).toMatchObject({ ok: true, session: { id: sessionId, viewer: 'guest' } });
    const presence = await t.pool.query('select side from session_presence where session_id = $1', [
      sessionId,
    ]);
    expect(presence.rowCount).toBe(0);
    const flags = await t.pool.query<{ client_present: boolean }>(
      'select client_present from chat_sessions where id = $1',
      [sessionId],
    );
    expect(flags.rows[0]?.client_present).toBe(false);

    const signal = await command(guestTab, SESSION_ROOM_COMMANDS.signal, {
      session_id: sessionId,
      signal: { kind: 'ready', from: 'guest-peer-1' },
    });
    expect(signal).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });

    const end = await t.call(guest, 'POST', `/api/sessions/${sessionId}/end`);
    expect(end.statusCode).toBe(403);
    const inviting = await invite(guest, sessionId, uniqueEmail());
    expect(inviting.statusCode).toBe(403);
    // The auth guard keeps a guest to the room's routes (server/plugins/auth-guard.ts GUEST_ROUTES).
    expect(errorOf(inviting).message).toBe(GUEST_FORBIDDEN_MESSAGE);
    expect((await t.call(guest, 'GET', `/api/sessions/${sessionId}/invitations`)).statusCode).toBe(403);
    expect((await t.call(guest, 'GET', `/api/sessions/${sessionId}/rtc`)).statusCode).toBe(403);
    expect((await t.call(guest, 'GET', `/api/sessions/${sessionId}/reviews`)).statusCode).toBe(403);
    expect((await t.call(guest, 'GET', `/api/sessions/${sessionId}/followups`)).statusCode).toBe(403);
    // Their live session is the room they joined, seen as a guest's (the guest
    // screen's way back); the web app's presence check and active-session redirect never run for a guest.
    expect(
      activeSessionResponseSchema.parse((await t.call(guest, 'GET', '/api/sessions/active')).json()).session,
    ).toMatchObject({ id: sessionId, viewer: 'guest', earnings: null });
    const stillActive = await t.pool.query<{ status: string }>(
      'select status from chat_sessions where id = $1',
      [sessionId],
    );
    expect(stillActive.rows[0]?.status).toBe('active');
  });
});
