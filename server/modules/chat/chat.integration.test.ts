import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CHAT_EVENTS,
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES,
  chatHistorySchema,
  chatMessageEventPayloadSchema,
  chatMessageResponseSchema,
  chatReadEventPayloadSchema,
  type ChatMessage,
} from '#contracts/chat';
import { errorOf } from '#test/support/auth';
import { insertChatSession } from '#test/factories/sessions';
import { insertPerson, type Person } from '#test/factories/people';
import { recordStatements } from '#test/support/statements';
import { useTestApp } from '#test/support/test-app';
import { recordingCtes } from '#server/realtime/realtime.repository';
import { createChatRepository } from './chat.repository';

const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });

const person = (role: 'coach' | 'client', fullName: string) => insertPerson(t.app, role, fullName);

/** A chat session row as the accept of a request leaves it (money plays no part in chat). */
function session(
  coach: Person,
  client: Person,
  input: { status?: 'active' | 'completed'; startedMinutesAgo?: number; minutes?: number } = {},
): Promise<string> {
  const now = t.clock.now();
  return insertChatSession(t.pool, {
    coachId: coach.id,
    clientId: client.id,
    clientEmail: client.email,
    now,
    status: input.status,
    start: new Date(now.getTime() - (input.startedMinutesAgo ?? 0) * 60_000),
    minutes: input.minutes,
  });
}

const send = (who: Person, sessionId: string, body: object) =>
  t.call(who.session, 'POST', `/api/sessions/${sessionId}/messages`, body);

async function sent(
  who: Person,
  sessionId: string,
  content: string,
  id = randomUUID(),
): Promise<ChatMessage> {
  const response = await send(who, sessionId, { id, content });
  expect(response.statusCode, response.body).toBe(201);
  return chatMessageResponseSchema.parse(response.json()).message;
}

async function history(who: Person, sessionId: string, query = '') {
  const response = await t.call(who.session, 'GET', `/api/sessions/${sessionId}/messages${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return chatHistorySchema.parse(response.json());
}

async function eventsOn(userId: string, type: string) {
  const result = await t.pool.query<{ seq: number; payload: Record<string, unknown> }>(
    'select seq, payload from realtime_events where topic = $1 and type = $2 order by seq',
    [`user:${userId}`, type],
  );
  return result.rows;
}

async function pair() {
  const coach = await person('coach', 'Lena Ortiz');
  const client = await person('client', 'Robin Client');
  return { coach, client, sessionId: await session(coach, client) };
}

describe('chat messages', () => {
  it('both parties post and read the history in order, and each message reaches both topics', async () => {
    const { coach, client, sessionId } = await pair();
    const first = await sent(client, sessionId, '  Hi Lena!  ');
    const second = await sent(coach, sessionId, 'Hello Robin, how did you sleep?');
    const third = await sent(client, sessionId, 'Badly.');
    expect(first).toMatchObject({
      session_id: sessionId,
      seq: 1,
      sender_type: 'client',
      sender_user_id: client.id,
      message_content: 'Hi Lena!',
      message_type: 'text',
      sent_at: t.clock.now().toISOString(),
    });
    expect(second).toMatchObject({ seq: 2, sender_type: 'coach', sender_user_id: coach.id });
    expect(third.seq).toBe(3);

    for (const who of [coach, client]) {
      const all = await history(who, sessionId);
      expect(all.messages.map((message) => message.id)).toEqual([first.id, second.id, third.id]);
      expect(all.last_seq).toBe(3);
      expect(all.reads).toEqual({ coach: 0, client: 0 });
      const created = await eventsOn(who.id, CHAT_EVENTS.messageCreated);
      expect(created.map((event) => chatMessageEventPayloadSchema.parse(event.payload).message)).toEqual([
        first,
        second,
        third,
      ]);
    }

    const page = await history(client, sessionId, '?after_seq=1&limit=1');
    expect(page.messages.map((message) => message.seq)).toEqual([2]);
    expect(page.last_seq).toBe(3);
  });

  it('numbers 20 concurrent sends 1..20 without gaps or duplicates', async () => {
    const { coach, client, sessionId } = await pair();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        send(index % 2 === 0 ? coach : client, sessionId, { id: randomUUID(), content: `message ${index}` }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const seqs = responses.map((response) => chatMessageResponseSchema.parse(response.json()).message.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const all = await history(coach, sessionId);
    expect(all.messages.map((message) => message.seq)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('a retried send with the same id returns the same message and creates nothing', async () => {
    const { coach, client, sessionId } = await pair();
    const id = randomUUID();
    const message = await sent(client, sessionId, 'Are you there?', id);
    const retries = await Promise.all([
      send(client, sessionId, { id, content: 'Are you there?' }),
      send(client, sessionId, { id, content: 'Are you there?' }),
    ]);
    for (const retry of retries) {
      expect(retry.statusCode).toBe(200);
      expect(chatMessageResponseSchema.parse(retry.json()).message).toEqual(message);
    }
    const rows = await t.pool.query('select id from chat_messages where session_id = $1', [sessionId]);
    expect(rows.rows).toEqual([{ id }]);
    expect(await eventsOn(coach.id, CHAT_EVENTS.messageCreated)).toHaveLength(1);

    // The same id from the other party, or in another session, is someone else's message: 409.
    const byCoach = await send(coach, sessionId, { id, content: 'Yes' });
    expect(byCoach.statusCode).toBe(409);
    expect(errorOf(byCoach).message).toBe(CHAT_MESSAGES.idTaken);
    const otherSession = await session(coach, client);
    const elsewhere = await send(client, otherSession, { id, content: 'Are you there?' });
    expect(elsewhere.statusCode).toBe(409);
    expect((await history(client, otherSession)).messages).toEqual([]);
  });

  it('keeps a third person out: 404 on history, send and read, and no subscription to a party', async () => {
    const { coach, client, sessionId } = await pair();
    await sent(client, sessionId, 'Private');
    const stranger = await person('client', 'Sam Stranger');
    const otherCoach = await person('coach', 'Kenji Sato');
    for (const who of [stranger, otherCoach]) {
      const calls = [
        await t.call(who.session, 'GET', `/api/sessions/${sessionId}/messages`),
        await send(who, sessionId, { id: randomUUID(), content: 'Let me in' }),
        await t.call(who.session, 'POST', `/api/sessions/${sessionId}/read`, { seq: 1 }),
      ];
      expect(calls.map((response) => response.statusCode)).toEqual([404, 404, 404]);
    }
    const anonymous = await t.call(null, 'GET', `/api/sessions/${sessionId}/messages`);
    expect(anonymous.statusCode).toBe(401);
    expect(await t.app.realtime.authorize(stranger.id, `user:${client.id}`)).toBe(false);
    expect(await t.app.realtime.authorize(stranger.id, `user:${coach.id}`)).toBe(false);
    const rows = await t.pool.query(
      'select count(*)::int as count from chat_messages where session_id = $1',
      [sessionId],
    );
    expect(rows.rows[0]).toEqual({ count: 1 });
  });

  it('lets the client who matches by confirmed email in, as the client', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const client = await person('client', 'Robin Client');
    const invited = await person('client', 'Robin Again');
    const sessionId = await session(coach, client);
    await t.pool.query('update chat_sessions set client_email = $2 where id = $1', [
      sessionId,
      invited.email,
    ]);
    await t.pool.query('update users set email_confirmed_at = $2 where id = $1', [invited.id, t.clock.now()]);
    const message = await sent(invited, sessionId, 'Joined from my other account');
    expect(message).toMatchObject({ sender_type: 'client', sender_user_id: invited.id });
    expect(await eventsOn(invited.id, CHAT_EVENTS.messageCreated)).toHaveLength(1);
    expect(await eventsOn(coach.id, CHAT_EVENTS.messageCreated)).toHaveLength(1);
  });

  it('refuses sends once the session ended (by the coach or by time) but still lists its history', async () => {
    const { coach, client, sessionId } = await pair();
    const message = await sent(client, sessionId, 'Thank you!');
    await t.pool.query(
      `update chat_sessions set status = 'completed', end_time = $2, completed_by = 'coach' where id = $1`,
      [sessionId, t.clock.now()],
    );
    const refused = await send(coach, sessionId, { id: randomUUID(), content: 'You are welcome' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'CONFLICT', message: CHAT_MESSAGES.sessionEnded });
    // A retry of a message sent while it was on still answers with that message.
    const retry = await send(client, sessionId, { id: message.id, content: 'Thank you!' });
    expect(retry.statusCode).toBe(200);
    for (const who of [coach, client])
      expect((await history(who, sessionId)).messages.map((row) => row.id)).toEqual([message.id]);

    // Active in the table, but its time ran out: ended too.
    const ranOut = await session(coach, client, { startedMinutesAgo: 31, minutes: 30 });
    const late = await send(client, ranOut, { id: randomUUID(), content: 'Still there?' });
    expect(late.statusCode).toBe(409);
    expect((await history(client, ranOut)).messages).toEqual([]);
  });

  it('moves read receipts forward only, and tells the other party', async () => {
    const { coach, client, sessionId } = await pair();
    for (const content of ['one', 'two', 'three']) await sent(client, sessionId, content);
    const read = (who: Person, seq: number) =>
      t.call(who.session, 'POST', `/api/sessions/${sessionId}/read`, { seq });

    expect((await read(coach, 2)).statusCode).toBe(204);
    expect((await read(coach, 1)).statusCode).toBe(204);
    expect((await read(coach, 2)).statusCode).toBe(204);
    expect((await history(client, sessionId)).reads).toEqual({ coach: 2, client: 0 });
    // Past the latest message counts as the latest.
    expect((await read(coach, 99)).statusCode).toBe(204);
    expect((await history(coach, sessionId)).reads).toEqual({ coach: 3, client: 0 });

    const toClient = await eventsOn(client.id, CHAT_EVENTS.messageRead);
    expect(toClient.map((event) => chatReadEventPayloadSchema.parse(event.payload))).toEqual([
      { session_id: sessionId, user_id: coach.id, seq: 2 },
      { session_id: sessionId, user_id: coach.id, seq: 3 },
    ]);
    expect(await eventsOn(coach.id, CHAT_EVENTS.messageRead)).toEqual([]);

    expect((await read(client, 3)).statusCode).toBe(204);
    const toCoach = await eventsOn(coach.id, CHAT_EVENTS.messageRead);
    expect(toCoach.map((event) => event.payload)).toEqual([
      { session_id: sessionId, user_id: client.id, seq: 3 },
    ]);
    expect((await history(coach, sessionId)).reads).toEqual({ coach: 3, client: 3 });
  });

  it('validates messages: blank, too long, a missing id', async () => {
    const { client, sessionId } = await pair();
    const blank = await send(client, sessionId, { id: randomUUID(), content: '   \n ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).details).toEqual([
      { path: 'body.content', message: CHAT_MESSAGES.contentRequired },
    ]);
    const long = await send(client, sessionId, {
      id: randomUUID(),
      content: 'x'.repeat(CHAT_MESSAGE_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).details).toEqual([{ path: 'body.content', message: CHAT_MESSAGES.contentTooLong }]);
    const noId = await send(client, sessionId, { content: 'Hello' });
    expect(noId.statusCode).toBe(400);
    // Exactly the limit is fine (after trimming).
    await sent(client, sessionId, ` ${'x'.repeat(CHAT_MESSAGE_MAX)} `);
    const badRead = await t.call(client.session, 'POST', `/api/sessions/${sessionId}/read`, { seq: -1 });
    expect(badRead.statusCode).toBe(400);
    expect((await history(client, sessionId)).last_seq).toBe(1);
  });

  it('writes a text message, its seq and its events in one statement once the sender is known', async () => {
    const { coach, client, sessionId } = await pair();
    await sent(client, sessionId, 'First'); // warms the sender's session check and parties
    const { result: second, statements: all } = await recordStatements(() =>
      sent(client, sessionId, 'Second'),
    );
    const statements = all.filter((text) => !text.includes('pg_notify')); // the bus's publisher, not the send
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('insert into "chat_messages"');
    expect(second.seq).toBe(2);
    const events = await eventsOn(coach.id, CHAT_EVENTS.messageCreated);
    expect(events.map((event) => chatMessageEventPayloadSchema.parse(event.payload).message)).toEqual([
      expect.objectContaining({ message_content: 'First', seq: 1 }),
      second,
    ]);
  });

  it('writes sends that came together in one statement: each session gapless, each topic numbered in order, the rest left to the transaction path', async () => {
    const { coach, client, sessionId } = await pair();
    const other = await person('client', 'Sam Other');
    const otherSession = await session(coach, other);
    const ended = await session(coach, other, { status: 'completed' });
    const first = await sent(client, sessionId, 'Already here');
    const repository = createChatRepository();
    const now = t.clock.now();
    const message = (sessionId: string, sender: Person, content: string, id: string = randomUUID()) => ({
      values: {
        id,
        sessionId,
        senderType: sender.id === coach.id ? ('coach' as const) : ('client' as const),
        senderUserId: sender.id,
        messageContent: content,
      },
      payload: { message: { id, message_content: content, seq: 0 } },
    });
    const one = message(sessionId, client, 'One');
    const elsewhere = message(otherSession, other, 'Elsewhere');
    const two = message(sessionId, coach, 'Two');
    const batch = [
      one,
      elsewhere,
      two,
      message(ended, coach, 'Too late'),
      message(sessionId, client, 'A retry', first.id),
    ];
    const { result: written, statements } = await recordStatements(() =>
      repository.insertTextsAndRecord(t.db, {
        messages: batch,
        sentAt: now,
        eventType: CHAT_EVENTS.messageCreated,
        recording: (events, createdAt) => recordingCtes({ input: events, createdAt }),
      }),
    );
    expect(statements).toHaveLength(1);
    // Only the three new messages of sessions that are on; seqs follow the order given, per session.
    expect([...written.keys()]).toEqual([one, elsewhere, two].map((item) => item.values.id));
    expect(written.get(one.values.id)?.seq).toBe(2);
    expect(written.get(two.values.id)?.seq).toBe(3);
    expect(written.get(elsewhere.values.id)?.seq).toBe(1);
    // The coach hears all three, numbered in order after the first message's event; the stored payload
    // carries the message's seq.
    const coachEvents = await eventsOn(coach.id, CHAT_EVENTS.messageCreated);
    expect(coachEvents.map((event) => Number(event.seq))).toEqual([1, 2, 3, 4]);
    expect(coachEvents.slice(1).map((event) => event.payload)).toEqual([
      { message: { id: one.values.id, message_content: 'One', seq: 2 } },
      { message: { id: elsewhere.values.id, message_content: 'Elsewhere', seq: 1 } },
      { message: { id: two.values.id, message_content: 'Two', seq: 3 } },
    ]);
    // Its events, by topic: the coach's third, the other client's first.
    const topics = new Map(written.get(elsewhere.values.id)?.events.map((event) => [event.topic, event.seq]));
    expect(topics).toEqual(
      new Map([
        [`user:${coach.id}`, 3],
        [`user:${other.id}`, 1],
      ]),
    );
    expect((await eventsOn(client.id, CHAT_EVENTS.messageCreated)).map((event) => Number(event.seq))).toEqual(
      [1, 2, 3],
    );
    expect((await history(client, sessionId)).messages.map((m) => m.message_content)).toEqual([
      'Already here',
      'One',
      'Two',
    ]);
  });

  it('numbers a send right after a writer that held the session (its snapshot was stale): no gap, no double', async () => {
    const { coach, client, sessionId } = await pair();
    await sent(client, sessionId, 'First');
    const holder = await t.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from chat_sessions where id = $1 for update', [sessionId]);
      const pending = send(coach, sessionId, { id: randomUUID(), content: 'Waiting for the lock' });
      // The send's statement has started and waits for the row lock (its snapshot is taken).
      for (let waited = 0; ; waited += 1) {
        const blocked = await t.pool.query(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%chat_messages%'`,
        );
        if (blocked.rowCount) break;
        if (waited > 500) throw new Error('the send never waited for the session lock');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await holder.query(
        `insert into chat_messages (id, session_id, seq, sender_type, sender_user_id, message_content, message_type, sent_at)
         values ($1, $2, 2, 'client', $3, 'Written while the lock was held', 'text', now())`,
        [randomUUID(), sessionId, client.id],
      );
      await holder.query('commit');
      const response = await pending;
      expect(response.statusCode, response.body).toBe(201);
      expect(chatMessageResponseSchema.parse(response.json()).message.seq).toBe(3);
    } finally {
      holder.release();
    }
    expect((await history(coach, sessionId)).messages.map((message) => message.seq)).toEqual([1, 2, 3]);
    // First and the late send each recorded once (the row written by hand has no event).
    expect(await eventsOn(coach.id, CHAT_EVENTS.messageCreated)).toHaveLength(2);
  });
});
