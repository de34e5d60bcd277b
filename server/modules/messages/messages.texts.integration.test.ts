import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { conversationResponseSchema, MESSAGE_EVENTS, messageResponseSchema } from '#contracts/messages';
import { NOTIFICATION_EVENTS } from '#contracts/notifications';
import { recordingCtes } from '#server/realtime/realtime.repository';
import { insertClient, insertCoach } from '#test/factories/people';
import { useTestApp } from '#test/support/test-app';
import { MESSAGE_ALERT_GAP_MS } from './messages.shared';
import { createTextsRepository } from './messages.texts.repository';

/**
 * The common case of a conversation's text message in one statement (messages.texts.ts): what it writes,
 * every case it leaves to the transaction path, and sends at once through the group commit.
 */
const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
const texts = createTextsRepository();

type Party = { id: string; session: Awaited<ReturnType<typeof insertClient>>['session'] };

async function conversation() {
  const coach = await insertCoach(t.app, t.pool, { fullName: 'Lena Ortiz' });
  const client = await insertClient(t.app, t.pool, 0, { fullName: 'Maya Chen' });
  const response = await t.call(client.session, 'POST', '/api/conversations', { coach_id: coach.id });
  expect(response.statusCode, response.body).toBe(201);
  return { coach, client, id: conversationResponseSchema.parse(response.json()).conversation.id };
}

/** A tab open now (the realtime gateway's row for a socket). */
const openTab = (userId: string) =>
  t.pool.query(
    `insert into realtime_connections (socket_id, instance_id, user_id, connected_at, seen_at)
     values ($1, 'test-instance', $2, $3, $3)`,
    [randomUUID(), userId, t.clock.now()],
  );

/** appendTexts on the test database, as messages.texts.ts calls it; what it wrote, by id. */
function append(messages: { conversationId: string; senderUserId: string; content: string; id?: string }[]) {
  const sentAt = t.clock.now();
  return texts.appendTexts(t.db, {
    messages: messages.map((message) => ({
      id: message.id ?? randomUUID(),
      conversationId: message.conversationId,
      senderUserId: message.senderUserId,
      content: message.content,
      payload: { message: { id: 'placeholder', seq: 0, sender_type: 'client', content: message.content } },
      notification: {
        id: randomUUID(),
        type: 'coach_message',
        title: 'New message from \u0001',
        message: message.content,
        action_text: 'View Message',
        action_url: `/chat/${message.conversationId}`,
      },
    })),
    sentAt,
    alertedSince: new Date(sentAt.getTime() - MESSAGE_ALERT_GAP_MS),
    openSince: new Date(sentAt.getTime() - 30_000),
    nameMark: '\u0001',
    coachFallback: 'Your Coach',
    eventType: MESSAGE_EVENTS.created,
    notificationEventType: NOTIFICATION_EVENTS.created,
    recording: (events, createdAt) => recordingCtes({ input: events, createdAt }),
  });
}

const coachMessageNotes = async (clientId: string) =>
  (
    await t.pool.query<{ title: string; actor_name: string; action_url: string; read_at: Date | null }>(
      "select title, actor_name, action_url, read_at from notifications where user_id = $1 and type = 'coach_message' order by created_at",
      [clientId],
    )
  ).rows;

const send = (who: Party, conversationId: string, content: string, id: string = randomUUID()) =>
  t.call(who.session, 'POST', `/api/conversations/${conversationId}/messages`, { id, content });

async function row(id: string) {
  const result = await t.pool.query<{
    last_seq: number;
    coach_read_seq: number;
    client_read_seq: number;
    coach_archived_at: Date | null;
  }>(
    'select last_seq, coach_read_seq, client_read_seq, coach_archived_at from inquiry_conversations where id = $1',
    [id],
  );
  return result.rows[0]!;
}

async function messageEvents(userId: string) {
  const result = await t.pool.query<{
    seq: string;
    payload: { message: { id: string; seq: number; sender_type: string } };
  }>('select seq, payload from realtime_events where topic = $1 and type = $2 order by seq', [
    `user:${userId}`,
    MESSAGE_EVENTS.created,
  ]);
  return result.rows;
}

describe('a text message in one statement (the common case)', () => {
  it('writes a party’s message with the next seq, the sender’s read position, both lists and both parties’ events', async () => {
    const { coach, client, id } = await conversation();
    await openTab(coach.id);
    await t.pool.query(
      'update inquiry_conversations set coach_archived_at = now(), client_archived_at = now() where id = $1',
      [id],
    );
    const messageId = randomUUID();
    const written = await append([
      { id: messageId, conversationId: id, senderUserId: client.id, content: 'Hello!' },
    ]);
    expect(written.get(messageId)).toMatchObject({ seq: 1, senderType: 'client' });
    expect(
      written
        .get(messageId)!
        .events.map((event) => event.topic)
        .sort(),
    ).toEqual([`user:${coach.id}`, `user:${client.id}`].sort());
    expect(await row(id)).toMatchObject({
      last_seq: 1,
      client_read_seq: 1,
      coach_read_seq: 0,
      coach_archived_at: null,
    });
    const stored = await t.pool.query(
      'select seq, sender_type, message_content from inquiry_messages where id = $1',
      [messageId],
    );
    expect(stored.rows).toEqual([{ seq: 1, sender_type: 'client', message_content: 'Hello!' }]);
    // The event carries the message with its seq and sender set in the statement.
    const [event] = await messageEvents(coach.id);
    expect(event?.payload.message).toMatchObject({ seq: 1, sender_type: 'client' });
  });

  it('tells the client of a coach’s message once while unread; leaves the rest to the transaction path: a stranger, a used id, a block, an alert due', async () => {
    const { coach, client, id } = await conversation();
    const stranger = await insertClient(t.app, t.pool, 0);
    const write = (senderUserId: string, messageId?: string) =>
      append([{ conversationId: id, senderUserId, content: 'Hi', ...(messageId ? { id: messageId } : {}) }]);

    // Away without a confirmed address: no alert can be sent, so none is due.
    await t.pool.query('update users set email_confirmed_at = null where id = $1', [coach.id]);
    expect((await write(client.id)).size).toBe(1);
    // Away with one and never alerted: an alert is due, so the transaction path writes the message.
    await t.pool.query('update users set email_confirmed_at = now() where id = $1', [coach.id]);
    expect((await write(client.id)).size).toBe(0);
    expect((await send(client, id, 'Are you there?')).statusCode).toBe(201);
    // Alerted a moment ago: no alert is due now.
    expect((await write(client.id)).size).toBe(1);

    // A coach's message tells the client (coach_message, with the coach's name) while none is unread.
    await openTab(client.id);
    const first = await write(coach.id);
    expect([...first.values()][0]?.events.map((event) => event.topic)).toEqual([
      `user:${client.id}`,
      ...[`user:${coach.id}`, `user:${client.id}`].sort(),
    ]);
    expect([...first.values()][0]?.events[0]?.notification).toMatchObject({
      title: 'New message from Lena Ortiz',
      actor_name: 'Lena Ortiz',
    });
    expect((await write(coach.id)).size).toBe(1);
    expect(await coachMessageNotes(client.id)).toEqual([
      {
        title: 'New message from Lena Ortiz',
        actor_name: 'Lena Ortiz',
        action_url: `/chat/${id}`,
        read_at: null,
      },
    ]);
    // Read, the next one tells them again.
    await t.pool.query('update notifications set read_at = now() where user_id = $1', [client.id]);
    expect((await write(coach.id)).size).toBe(1);
    expect(await coachMessageNotes(client.id)).toHaveLength(2);

    expect((await write(stranger.id)).size).toBe(0);
    const used = randomUUID();
    expect((await write(client.id, used)).size).toBe(1);
    expect((await write(client.id, used)).size).toBe(0);
    await t.pool.query(
      'insert into user_blocks (blocker_id, blocked_id, created_at) values ($1, $2, now())',
      [coach.id, client.id],
    );
    expect((await write(client.id)).size).toBe(0);
    expect((await send(client, id, 'Hello?')).statusCode).toBe(403);
    expect((await row(id)).last_seq).toBe(7);
  });

  it('writes nothing for a conversation another writer changed while it waited for the lock (the transaction path numbers it)', async () => {
    const { coach, client, id } = await conversation();
    await openTab(coach.id);
    expect((await append([{ conversationId: id, senderUserId: client.id, content: 'One' }])).size).toBe(1);
    const holder = await t.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('update inquiry_conversations set coach_read_seq = 1 where id = $1', [id]);
      const pending = send(client, id, 'Two');
      for (let waited = 0; ; waited += 1) {
        const blocked = await t.pool.query(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%inquiry_conversations%'`,
        );
        if (blocked.rowCount) break;
        if (waited > 500) throw new Error('the send never waited for the conversation lock');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await holder.query('commit');
      const response = await pending;
      expect(response.statusCode, response.body).toBe(201);
      expect(messageResponseSchema.parse(response.json()).message.seq).toBe(2);
    } finally {
      holder.release();
    }
    expect(await row(id)).toMatchObject({ last_seq: 2, client_read_seq: 2, coach_read_seq: 1 });
  });

  it('sends at once from both sides of several conversations: every message once, numbered without gaps, each event once', async () => {
    const pairs = await Promise.all([conversation(), conversation(), conversation()]);
    for (const { coach, client, id } of pairs) {
      await openTab(coach.id);
      await openTab(client.id);
      // The coach's first note (its notification) is written first; afterwards both sides are common.
      expect((await send(coach, id, 'Welcome!')).statusCode).toBe(201);
    }
    const perConversation = 20;
    const sends = pairs.flatMap(({ coach, client, id }) =>
      Array.from({ length: perConversation }, (_, n) => ({
        who: n % 2 ? coach : client,
        id,
        content: `Message ${n}`,
      })),
    );
    const responses = await Promise.all(sends.map(({ who, id, content }) => send(who, id, content)));
    expect(responses.map((response) => response.statusCode)).toEqual(sends.map(() => 201));
    for (const { coach, client, id } of pairs) {
      const seqs = await t.pool.query<{ seq: number }>(
        'select seq from inquiry_messages where conversation_id = $1 order by seq',
        [id],
      );
      expect(seqs.rows.map((message) => message.seq)).toEqual(
        Array.from({ length: perConversation + 1 }, (_, n) => n + 1),
      );
      expect((await row(id)).last_seq).toBe(perConversation + 1);
      for (const party of [coach, client]) {
        const events = await messageEvents(party.id);
        expect(events.map((event) => event.payload.message.seq)).toEqual(
          Array.from({ length: perConversation + 1 }, (_, n) => n + 1),
        );
      }
      const notes = await t.pool.query(
        "select count(*)::int as n from notifications where user_id = $1 and type = 'coach_message'",
        [client.id],
      );
      expect(notes.rows[0].n).toBe(1);
    }
  });

  it('a retried send at once, five times: one message (201), the others answer it (200)', async () => {
    const { coach, client, id } = await conversation();
    await openTab(coach.id);
    const messageId = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => send(client, id, 'Only once', messageId)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(
      new Set(responses.map((response) => messageResponseSchema.parse(response.json()).message.seq)),
    ).toEqual(new Set([1]));
    expect((await row(id)).last_seq).toBe(1);
    expect(await messageEvents(coach.id)).toHaveLength(1);
  });
});
