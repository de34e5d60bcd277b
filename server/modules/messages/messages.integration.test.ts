import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import {
  CONVERSATIONS_PAGE_SIZE,
  conversationResponseSchema,
  conversationsPageSchema,
  MESSAGE_EVENTS,
  MESSAGE_MAX,
  MESSAGE_TEXTS,
  MESSAGES_PAGE_SIZE,
  messageReportsSchema,
  messageResponseSchema,
  messagesPageSchema,
  SAFETY_TEXTS,
  typingEventPayloadSchema,
} from '#contracts/messages';
import { CHAT_TYPING_SERVER_GAP_MS } from '#contracts/chat';
import { insertAdmin } from '#test/factories/admin';
import { insertClient, insertCoach } from '#test/factories/people';
import { buildSessionRequestBody, insertChatSession, postSessionRequest } from '#test/factories/sessions';
import { errorOf, outboxFor, signUpWithRole, uniqueEmail } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';
import { MESSAGE_PREVIEW_MAX } from './messages.shared';

const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });

type Person = { session: AuthSession; id: string };

async function person(role: 'coach' | 'client', fullName: string): Promise<Person> {
  const session = await signUpWithRole(t.app, role, { fullName, email: uniqueEmail(role) });
  return { session, id: session.user.id };
}

const start = (who: Person, body: object) => t.call(who.session, 'POST', '/api/conversations', body);

async function conversationOf(client: Person, coach: Person): Promise<string> {
  const response = await start(client, { coach_id: coach.id });
  expect([200, 201], response.body).toContain(response.statusCode);
  return conversationResponseSchema.parse(response.json()).conversation.id;
}

const send = (who: Person, conversationId: string, content: string, id: string = randomUUID()) =>
  t.call(who.session, 'POST', `/api/conversations/${conversationId}/messages`, { id, content });

async function sent(who: Person, conversationId: string, content: string, id?: string) {
  const response = await send(who, conversationId, content, id);
  expect(response.statusCode, response.body).toBe(201);
  return messageResponseSchema.parse(response.json()).message;
}

async function list(who: Person, cursor?: string) {
  const response = await t.call(
    who.session,
    'GET',
    `/api/conversations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return conversationsPageSchema.parse(response.json());
}

async function history(who: Person, conversationId: string, beforeSeq?: number) {
  const response = await t.call(
    who.session,
    'GET',
    `/api/conversations/${conversationId}/messages${beforeSeq ? `?before_seq=${beforeSeq}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return messagesPageSchema.parse(response.json());
}

async function eventsOn(userId: string, type: string) {
  const result = await t.pool.query<{ payload: Record<string, unknown> }>(
    'select payload from realtime_events where topic = $1 and type = $2 order by seq',
    [`user:${userId}`, type],
  );
  return result.rows.map((row) => row.payload);
}

describe('conversations between sessions', () => {
  it('a client starts one conversation with a coach (201, then 200 for the same pair), named for both sides', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const client = await person('client', 'Robin Client');
    const first = await start(client, { coach_id: coach.id });
    expect(first.statusCode, first.body).toBe(201);
    const { conversation } = conversationResponseSchema.parse(first.json());
    expect(conversation).toMatchObject({
      role: 'client',
      coach: { user_id: coach.id, name: 'Lena Ortiz' },
      client: { user_id: client.id, name: 'Robin Client' },
      status: 'open',
      last_message: null,
      unread_count: 0,
    });
    const again = await start(client, { coach_id: coach.id });
    expect(again.statusCode).toBe(200);
    expect(conversationResponseSchema.parse(again.json()).conversation.id).toBe(conversation.id);
    // Not listed until it has a message.
    expect((await list(client)).conversations).toEqual([]);
  });

  it('two first messages at once (two tabs) make one conversation', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const client = await person('client', 'Robin Client');
    const answers = await Promise.all(Array.from({ length: 6 }, () => start(client, { coach_id: coach.id })));
    const ids = new Set(
      answers.map((answer) => conversationResponseSchema.parse(answer.json()).conversation.id),
    );
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const rows = await t.pool.query('select id from inquiry_conversations where coach_id = $1', [coach.id]);
    expect(rows.rowCount).toBe(1);
  });

  it('refuses a coach that is none (404), oneself (400), and a coach writing to a stranger (404)', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const client = await person('client', 'Robin Client');
    const notACoach = await person('client', 'Another Client');
    expect((await start(client, { coach_id: notACoach.id })).statusCode).toBe(404);
    expect((await start(client, { coach_id: randomUUID() })).statusCode).toBe(404);
    const self = await start(coach, { coach_id: coach.id });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).message).toBe(MESSAGE_TEXTS.ownConversation);
    const stranger = await start(coach, { client_id: client.id });
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger).message).toBe(MESSAGE_TEXTS.clientNotFound);
    // A client cannot start a conversation as the coach side.
    expect((await start(client, { client_id: notACoach.id })).statusCode).toBe(404);
  });

  it('a coach may write first to a client who asked them for a session, or had one with them', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const asked = await insertClient(t.app, t.pool, 10_000);
    const request = await postSessionRequest(t.app, asked.session, buildSessionRequestBody(coach.id));
    expect(request.statusCode, request.body).toBe(201);
    const toAsked = await t.call(coach.session, 'POST', '/api/conversations', { client_id: asked.id });
    expect(toAsked.statusCode, toAsked.body).toBe(201);
    expect(conversationResponseSchema.parse(toAsked.json()).conversation).toMatchObject({
      role: 'coach',
      client: { user_id: asked.id, name: asked.fullName },
    });

    const metInSession = await person('client', 'Sam Session');
    await insertChatSession(t.pool, {
      coachId: coach.id,
      clientId: metInSession.id,
      clientEmail: null,
      now: t.clock.now(),
      status: 'completed',
    });
    const toMet = await t.call(coach.session, 'POST', '/api/conversations', { client_id: metInSession.id });
    expect(toMet.statusCode, toMet.body).toBe(201);

    // A client who only wrote (no request, no session): the coach finds that conversation (200); one who
    // started a conversation but wrote nothing is still a stranger to the coach.
    const wrote = await person('client', 'Wren Writer');
    const theirs = await conversationOf(wrote, { session: coach.session, id: coach.id });
    const silent = await person('client', 'Sid Silent');
    await conversationOf(silent, { session: coach.session, id: coach.id });
    expect(
      (await t.call(coach.session, 'POST', '/api/conversations', { client_id: silent.id })).statusCode,
    ).toBe(404);
    await sent(wrote, theirs, 'Hello, a question before I book.');
    const toWriter = await t.call(coach.session, 'POST', '/api/conversations', { client_id: wrote.id });
    expect(toWriter.statusCode, toWriter.body).toBe(200);
    expect(conversationResponseSchema.parse(toWriter.json()).conversation.id).toBe(theirs);
  });

  it('sends in order, pages history backwards, counts unread for the other side and reads move it', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const client = await person('client', 'Robin Client');
    const id = await conversationOf(client, coach);
    const count = MESSAGES_PAGE_SIZE + 5;
    // The coach answers every fifth message up to 50; the client writes the rest, 51 to 55 last.
    for (let index = 1; index <= count; index += 1)
      await sent(index % 5 === 0 && index <= 50 ? coach : client, id, `message ${index}`);

    const newest = await history(coach, id);
    expect(newest.has_more).toBe(true);
    expect(newest.messages.map((message) => message.seq)).toEqual(
      Array.from({ length: MESSAGES_PAGE_SIZE }, (_, index) => count - MESSAGES_PAGE_SIZE + 1 + index),
    );
    const older = await history(coach, id, newest.messages[0]!.seq);
    expect(older.has_more).toBe(false);
    expect(older.messages.map((message) => message.content)).toEqual([
      'message 1',
      'message 2',
      'message 3',
      'message 4',
      'message 5',
    ]);

    // Sending reads the conversation up to one's own message: the coach has read to 50, the client all.
    const [forCoach] = (await list(coach)).conversations;
    const [forClient] = (await list(client)).conversations;
    expect(forCoach).toMatchObject({ role: 'coach', unread_count: 5, last_message: { seq: count } });
    expect(forClient).toMatchObject({ role: 'client', unread_count: 0, read: { coach_seq: 50 } });
    expect((await list(coach)).unread_total).toBe(5);

    const read = await t.call(coach.session, 'POST', `/api/conversations/${id}/read`, { seq: 52 });
    expect(read.statusCode, read.body).toBe(204);
    expect((await list(coach)).conversations[0]).toMatchObject({ unread_count: 3, read: { coach_seq: 52 } });
    // Never back, never past the last message.
    await t.call(coach.session, 'POST', `/api/conversations/${id}/read`, { seq: 3 });
    await t.call(coach.session, 'POST', `/api/conversations/${id}/read`, { seq: 9_999 });
    expect((await list(coach)).conversations[0]).toMatchObject({
      unread_count: 0,
      read: { coach_seq: count },
    });
    // The client's tabs see the two reads that moved (52, then 55); the one that did not move is silent.
    expect(await eventsOn(client.id, MESSAGE_EVENTS.read)).toHaveLength(2);
  });

  it('a retried send keeps one message (200 with the same one); an id used by another message is 409', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const client = await person('client', 'Robin Client');
    const id = await conversationOf(client, coach);
    const messageId = randomUUID();
    const tries = await Promise.all(
      Array.from({ length: 4 }, () => send(client, id, 'Hello Lena', messageId)),
    );
    expect(tries.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(
      new Set(tries.map((response) => messageResponseSchema.parse(response.json()).message.seq)),
    ).toEqual(new Set([1]));
    const other = await send(client, id, 'Something else', messageId);
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).message).toBe(MESSAGE_TEXTS.idTaken);
    expect((await history(client, id)).messages).toHaveLength(1);
    // Each party's tabs hear the message once.
    expect(await eventsOn(coach.id, MESSAGE_EVENTS.created)).toHaveLength(1);
    expect(await eventsOn(client.id, MESSAGE_EVENTS.created)).toHaveLength(1);
  });

  it('refuses empty, whitespace-only, too long and control-character messages with a clear 400; keeps line breaks', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const client = await person('client', 'Robin Client');
    const id = await conversationOf(client, coach);
    for (const [content, message] of [
      ['', MESSAGE_TEXTS.empty],
      ['   \n\t ', MESSAGE_TEXTS.empty],
      ['x'.repeat(MESSAGE_MAX + 1), MESSAGE_TEXTS.tooLong],
      ['bell \u0007 here', MESSAGE_TEXTS.control],
    ] as const) {
      const response = await send(client, id, content);
      expect(response.statusCode, content).toBe(400);
      expect(JSON.stringify(errorOf(response)), content).toContain(message);
    }
    const kept = await sent(client, id, `  line one\nline two <script>alert(1)</script>${'y'.repeat(400)}  `);
    expect(kept.content.startsWith('line one\nline two <script>')).toBe(true);
    expect((await history(client, id)).messages).toHaveLength(1);
  });

  it('only the two parties reach a conversation: 404 for anyone else, as for none; 401 without a token', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const client = await person('client', 'Robin Client');
    const otherCoach = await person('coach', 'Other Coach');
    const otherClient = await person('client', 'Other Client');
    const id = await conversationOf(client, coach);
    await sent(client, id, 'Private');
    for (const outsider of [otherCoach, otherClient]) {
      expect((await t.call(outsider.session, 'GET', `/api/conversations/${id}`)).statusCode).toBe(404);
      expect((await t.call(outsider.session, 'GET', `/api/conversations/${id}/messages`)).statusCode).toBe(
        404,
      );
      expect((await send(outsider, id, 'Intrusion')).statusCode).toBe(404);
      const read = await t.call(outsider.session, 'POST', `/api/conversations/${id}/read`, { seq: 1 });
      expect(read.statusCode).toBe(404);
      expect((await list(outsider)).conversations).toEqual([]);
    }
    expect((await t.call(null, 'GET', `/api/conversations/${id}`)).statusCode).toBe(401);
    expect((await t.call(coach.session, 'GET', `/api/conversations/${randomUUID()}`)).statusCode).toBe(404);
    expect(await eventsOn(otherCoach.id, MESSAGE_EVENTS.created)).toEqual([]);
    expect((await history(coach, id)).messages.map((message) => message.content)).toEqual(['Private']);
  });

  it('lists a person’s conversations most recent first in keyset pages', async () => {
    const client = await person('client', 'Robin Client');
    const total = CONVERSATIONS_PAGE_SIZE + 3;
    const coaches: Person[] = [];
    for (let index = 0; index < total; index += 1) {
      const coach = await person('coach', `Coach ${index}`);
      coaches.push(coach);
      const id = await conversationOf(client, coach);
      t.clock.advance(1_000);
      await sent(coach, id, `hello ${index}`);
    }
    const first = await list(client);
    expect(first.conversations).toHaveLength(CONVERSATIONS_PAGE_SIZE);
    expect(first.conversations[0]!.coach.name).toBe(`Coach ${total - 1}`);
    expect(first.next_cursor).not.toBeNull();
    const second = await list(client, first.next_cursor!);
    expect(second.conversations.map((conversation) => conversation.coach.name)).toEqual([
      'Coach 2',
      'Coach 1',
      'Coach 0',
    ]);
    expect(second.next_cursor).toBeNull();
    expect(first.unread_total).toBe(total);
    const stale = await t.call(client.session, 'GET', '/api/conversations?cursor=not-a-cursor');
    expect(stale.statusCode).toBe(400);
  });

  it('emails a side away (no open tab) about a new message, at most once per conversation in 15 minutes, with a preview only', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const client = await person('client', 'Robin Client');
    for (const who of [coach, client])
      await t.pool.query('update users set email_confirmed_at = $2 where id = $1', [who.id, t.clock.now()]);
    const coachEmail = (
      await t.pool.query<{ email: string }>('select email from users where id = $1', [coach.id])
    ).rows[0]!.email;
    const clientEmail = (
      await t.pool.query<{ email: string }>('select email from users where id = $1', [client.id])
    ).rows[0]!.email;
    const id = await conversationOf(client, coach);
    const long = `${'I keep waking at 3 am and cannot fall asleep again. '.repeat(6)}What should I try first?`;
    expect(long.length).toBeGreaterThan(MESSAGE_PREVIEW_MAX);
    await sent(client, id, long);
    const [alert, ...more] = await outboxFor(t.db, coachEmail, 'coach_inquiry_alert');
    expect(more).toEqual([]);
    expect(alert?.data).toMatchObject({
      coachName: 'Lena Ortiz',
      clientName: 'Robin Client',
      messageTime: 'Sat, 21 Nov 2026, 09:00 UTC',
      chatUrl: `${t.config.publicUrl}/chat/${id}`,
      conversationId: id,
    });
    const preview = (alert?.data as { messageContent: string }).messageContent;
    expect(preview.length).toBe(MESSAGE_PREVIEW_MAX);
    expect(preview.endsWith('…')).toBe(true);
    expect(alert?.bodyText).not.toContain('What should I try first?');
    expect(alert?.subject).toBe('New message from Robin Client');

    // Within 15 minutes: no second email; after them (the last alert moved 16 minutes back), one more.
    const alertedLongAgo = () =>
      t.pool.query(
        "update inquiry_conversations set coach_alerted_at = coach_alerted_at - interval '16 minutes' where id = $1",
        [id],
      );
    await sent(client, id, 'Also: is it fine to read in bed?');
    expect(await outboxFor(t.db, coachEmail, 'coach_inquiry_alert')).toHaveLength(1);
    await alertedLongAgo();
    await sent(client, id, 'Thanks!');
    expect(await outboxFor(t.db, coachEmail, 'coach_inquiry_alert')).toHaveLength(2);

    // The coach's answer reaches the client the same way; a side with an open tab gets no email.
    await sent(coach, id, 'Happy to help, Robin. Let us try a wind-down routine first.');
    expect(await outboxFor(t.db, clientEmail, 'client_message_alert')).toHaveLength(1);
    await alertedLongAgo();
    await t.pool.query(
      `insert into realtime_connections (socket_id, instance_id, user_id, connected_at, seen_at)
       values ($1, 'test-instance', $2, $3, $3)`,
      [randomUUID(), coach.id, t.clock.now()],
    );
    await sent(client, id, 'Sounds good.');
    expect(await outboxFor(t.db, coachEmail, 'coach_inquiry_alert')).toHaveLength(2);
  });

  it('a block stops new messages and session requests both ways with a clear 403, keeps the history, and lifts when unblocked', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, 10_000);
    const stranger = await person('client', 'Sam Stranger');
    const id = await conversationOf(client, coach);
    await sent(coach, id, 'Welcome, Maya.');

    // Only someone one shares a conversation, request or session with; never oneself.
    const strangers = await t.call(client.session, 'PUT', `/api/blocks/${stranger.id}`);
    expect(strangers.statusCode).toBe(404);
    expect(errorOf(strangers).message).toBe(SAFETY_TEXTS.blockNotFound);
    expect((await t.call(client.session, 'PUT', `/api/blocks/${client.id}`)).statusCode).toBe(400);

    const blocked = await t.call(client.session, 'PUT', `/api/blocks/${coach.id}`);
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect((await t.call(client.session, 'PUT', `/api/blocks/${coach.id}`)).statusCode).toBe(200);
    const list = await t.call(client.session, 'GET', '/api/blocks');
    expect(list.json()).toMatchObject({ blocked: [{ user_id: coach.id, name: coach.fullName }] });

    const fromCoach = await send(coach, id, 'Are you there?');
    expect(fromCoach.statusCode).toBe(403);
    expect(errorOf(fromCoach).message).toBe(SAFETY_TEXTS.blockedByOther);
    const fromClient = await send(client, id, 'Hello?');
    expect(fromClient.statusCode).toBe(403);
    expect(errorOf(fromClient).message).toBe(SAFETY_TEXTS.blockedByYou);
    const request = await postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id));
    expect(request.statusCode).toBe(403);
    expect(errorOf(request).message).toBe(SAFETY_TEXTS.blockedByYou);
    // The history stays readable.
    expect((await history(client, id)).messages.map((message) => message.content)).toEqual([
      'Welcome, Maya.',
    ]);

    expect((await t.call(client.session, 'DELETE', `/api/blocks/${coach.id}`)).statusCode).toBe(204);
    expect((await t.call(client.session, 'DELETE', `/api/blocks/${coach.id}`)).statusCode).toBe(204);
    expect((await send(coach, id, 'Are you there?')).statusCode).toBe(201);
    const again = await postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id));
    expect(again.statusCode, again.body).toBe(201);
  });

  it('a party reports a message or the conversation (confirmed); moderators list the reports; nobody else can report', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const client = await person('client', 'Robin Client');
    const outsider = await person('client', 'Other Client');
    const id = await conversationOf(client, coach);
    const rude = await sent(coach, id, 'Something rude');
    const report = (who: Person, body: object) =>
      t.call(who.session, 'POST', `/api/conversations/${id}/reports`, body);

    const made = await report(client, { reason: 'harassment', message_id: rude.id, details: '  Not okay. ' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ report: { reason: 'harassment' }, message: SAFETY_TEXTS.reported });
    const other = await report(client, { reason: 'other' });
    expect(other.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(other))).toContain(SAFETY_TEXTS.otherNeedsDetails);
    expect((await report(client, { reason: 'spam', message_id: randomUUID() })).statusCode).toBe(404);
    expect((await report(outsider, { reason: 'spam' })).statusCode).toBe(404);
    t.clock.advance(1_000);
    expect((await report(coach, { reason: 'spam' })).statusCode).toBe(201);

    const moderator = await insertAdmin(t.app, t.db, t.clock.now(), 'community_moderator');
    const listed = await t.call(moderator.session, 'GET', '/api/admin/message-reports');
    expect(listed.statusCode, listed.body).toBe(200);
    const { reports } = messageReportsSchema.parse(listed.json());
    expect(reports.map((item) => item.reason)).toEqual(['spam', 'harassment']);
    expect(reports[1]).toMatchObject({
      reporter_id: client.id,
      reported_user_id: coach.id,
      details: 'Not okay.',
      message: { id: rude.id, content: 'Something rude' },
    });
    const audit = await t.pool.query(
      'select 1 from admin_audit_log where action_type = $1 and actor_user_id = $2',
      ['view_message_reports', moderator.userId],
    );
    expect(audit.rowCount).toBe(1);
    const finance = await insertAdmin(t.app, t.db, t.clock.now(), 'financial_admin');
    expect((await t.call(finance.session, 'GET', '/api/admin/message-reports')).statusCode).toBe(403);
  });
});

describe('archive, search and typing', () => {
  const listWith = async (who: Person, query: string) => {
    const response = await t.call(who.session, 'GET', `/api/conversations?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return conversationsPageSchema.parse(response.json()).conversations.map((item) => item.coach.name);
  };

  it('each side archives for itself; the archived filter lists them; a new message brings it back to both', async () => {
    const client = await person('client', 'Robin Client');
    const lena = await person('coach', 'Lena Ortiz');
    const kenji = await person('coach', 'Kenji Sato');
    const withLena = await conversationOf(client, lena);
    await sent(client, withLena, 'Hi Lena');
    t.clock.advance(1_000);
    const withKenji = await conversationOf(client, kenji);
    await sent(client, withKenji, 'Hi Kenji');

    const archive = (who: Person, id: string, archived: boolean) =>
      t.call(who.session, 'PATCH', `/api/conversations/${id}`, { archived });
    const archived = await archive(client, withLena, true);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(conversationResponseSchema.parse(archived.json()).conversation.status).toBe('archived');
    expect(await listWith(client, '')).toEqual(['Kenji Sato']);
    expect(await listWith(client, 'archived=true')).toEqual(['Lena Ortiz']);
    // Lena's side is untouched.
    const lenaList = await list(lena);
    expect(lenaList.conversations.map((item) => [item.id, item.status])).toEqual([[withLena, 'open']]);

    t.clock.advance(1_000);
    await sent(lena, withLena, 'Hello again');
    expect(await listWith(client, '')).toEqual(['Lena Ortiz', 'Kenji Sato']);
    expect(await listWith(client, 'archived=true')).toEqual([]);

    // Only a party archives; bad input is 400.
    const outsider = await person('client', 'Someone Else');
    expect((await archive(outsider, withLena, true)).statusCode).toBe(404);
    expect((await t.call(client.session, 'PATCH', `/api/conversations/${withLena}`, {})).statusCode).toBe(
      400,
    );
    expect((await t.call(client.session, 'GET', '/api/conversations?archived=maybe')).statusCode).toBe(400);
  });

  it("searches the caller's conversations by the other party's name (LIKE characters taken literally)", async () => {
    const client = await person('client', 'Robin Client');
    const coaches: Person[] = [];
    for (const [index, name] of ['Lena Ortiz', 'Kenji Sato', 'Ana 100% Calm'].entries()) {
      const coach = await person('coach', name);
      coaches.push(coach);
      t.clock.advance(1_000 * (index + 1));
      await sent(client, await conversationOf(client, coach), `Hi ${name}`);
    }
    expect(await listWith(client, 'q=ORT')).toEqual(['Lena Ortiz']);
    expect(await listWith(client, 'q=a')).toEqual(['Ana 100% Calm', 'Kenji Sato', 'Lena Ortiz']);
    expect(await listWith(client, 'q=0%25')).toEqual(['Ana 100% Calm']);
    expect(await listWith(client, 'q=_')).toEqual([]);
    expect(await listWith(client, 'q=nobody')).toEqual([]);
    // A coach finds the client by the client's name (not their own).
    const coachSide = async (q: string) => {
      const response = await t.call(coaches[0]!.session, 'GET', `/api/conversations?q=${q}`);
      return conversationsPageSchema.parse(response.json()).conversations.map((item) => item.client.name);
    };
    expect(await coachSide('robin')).toEqual(['Robin Client']);
    expect(await coachSide('lena')).toEqual([]);
  });

  it('typing reaches only the other party, at most once per person and conversation in the gap', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const client = await person('client', 'Robin Client');
    const id = await conversationOf(client, coach);
    const typing = (who: Person) => t.call(who.session, 'POST', `/api/conversations/${id}/typing`);
    expect((await typing(client)).statusCode).toBe(204);
    expect((await typing(client)).statusCode).toBe(204); // within the gap: passed on once
    expect(
      (await eventsOn(coach.id, MESSAGE_EVENTS.typing)).map((payload) =>
        typingEventPayloadSchema.parse(payload),
      ),
    ).toEqual([{ conversation_id: id, user_id: client.id, at: t.clock.now().toISOString() }]);
    expect(await eventsOn(client.id, MESSAGE_EVENTS.typing)).toEqual([]);
    t.clock.advance(CHAT_TYPING_SERVER_GAP_MS);
    expect((await typing(client)).statusCode).toBe(204);
    expect(await eventsOn(coach.id, MESSAGE_EVENTS.typing)).toHaveLength(2);
    expect((await typing(coach)).statusCode).toBe(204);
    expect(await eventsOn(client.id, MESSAGE_EVENTS.typing)).toHaveLength(1);

    const outsider = await person('client', 'Someone Else');
    expect((await typing(outsider)).statusCode).toBe(404);
    expect((await t.call(null, 'POST', `/api/conversations/${id}/typing`)).statusCode).toBe(401);
  });
});
