import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import {
  CHAT_EVENTS,
  chatMessageEventPayloadSchema,
  chatMessageResponseSchema,
  type ChatMessage,
} from '#contracts/chat';
import type { RealtimeEvent, SubscribeAck } from '#contracts/realtime';
import { signUpWithRole, uniqueEmail } from '#test/support/auth';
import { collectEvents, listen, socketPool, waitUntil } from '#test/support/sockets';
import { useTestApp } from '#test/support/test-app';

// Delivery of chat messages sent at the same time in one session (performance goal G5):
// concurrent sends share transactions (group commit), and every socket still gets them in seq order.

const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
const sockets = socketPool();
afterEach(() => sockets.closeAll());

type Person = { session: AuthSession; id: string };

async function person(role: 'coach' | 'client'): Promise<Person> {
  const session = await signUpWithRole(t.app, role, { fullName: `Bench ${role}`, email: uniqueEmail(role) });
  return { session, id: session.user.id };
}

async function liveSession(coach: Person, client: Person): Promise<string> {
  const id = randomUUID();
  await t.pool.query(
    `insert into chat_sessions (id, coach_id, client_id, client_name, client_email, format, status, created_at,
       start_time, duration_minutes, payment_amount, session_value, client_purpose, updated_at)
     values ($1, $2, $3, 'Robin Client', 'robin@example.test', 'text', 'active', $4, $4, 30, 0, 0, 'Sleep better', $4)`,
    [id, coach.id, client.id, t.clock.now()],
  );
  return id;
}

/** A socket of `who` subscribed to their own topic; collects what it receives. */
async function tab(url: string, who: Person): Promise<RealtimeEvent[]> {
  const socket = await sockets.open(url, who.session.access_token);
  const events = collectEvents(socket);
  const ack = (await socket
    .timeout(5_000)
    .emitWithAck('subscribe', { topic: `user:${who.id}` })) as SubscribeAck;
  expect(ack.ok).toBe(true);
  return events;
}

const messagesIn = (events: RealtimeEvent[], sessionId: string): ChatMessage[] =>
  events
    .filter((event) => event.type === CHAT_EVENTS.messageCreated)
    .map((event) => chatMessageEventPayloadSchema.parse(event.payload).message)
    .filter((message) => message.session_id === sessionId);

const post = (who: Person, sessionId: string, id: string, content: string) =>
  t.call(who.session, 'POST', `/api/sessions/${sessionId}/messages`, { id, content });

describe('chat delivery under concurrent sends', () => {
  it('80 sends at once in one session (retries among them) are stored once each, gapless, and reach both sockets in seq order', async () => {
    const url = await listen(t.app);
    const [coach, client] = [await person('coach'), await person('client')];
    const sessionId = await liveSession(coach, client);
    const coachTab = await tab(url, coach);
    const clientTab = await tab(url, client);

    const sends = Array.from({ length: 80 }, (_, n) => ({
      who: n % 2 === 0 ? coach : client,
      id: randomUUID(),
      content: `Message ${n}`,
    }));
    // Every tenth is sent twice at once (a retry racing its original).
    const attempts = [...sends, ...sends.filter((_, n) => n % 10 === 0)];
    const responses = await Promise.all(
      attempts.map(({ who, id, content }) => post(who, sessionId, id, content)),
    );
    for (const response of responses) expect([200, 201], response.body).toContain(response.statusCode);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(80);
    // A retry answers the message its id made.
    const byId = new Map<string, ChatMessage>();
    for (const response of responses) {
      const { message } = chatMessageResponseSchema.parse(response.json());
      const seen = byId.get(message.id);
      if (seen) expect(message).toEqual(seen);
      byId.set(message.id, message);
    }
    expect(byId.size).toBe(80);
    for (const { who, id, content } of sends)
      expect(byId.get(id)).toMatchObject({ sender_user_id: who.id, message_content: content });

    // Stored once each, seqs 1..80 without a gap.
    const stored = await t.pool.query<{ seq: number }>(
      'select seq from chat_messages where session_id = $1 order by seq',
      [sessionId],
    );
    expect(stored.rows.map((row) => row.seq)).toEqual(Array.from({ length: 80 }, (_, n) => n + 1));

    // Each socket gets each message once, in seq order, with its topic's seqs in order and gapless.
    for (const events of [coachTab, clientTab]) {
      await waitUntil(() => messagesIn(events, sessionId).length >= 80, 'all 80 messages on the socket');
      expect(messagesIn(events, sessionId).map((message) => message.seq)).toEqual(
        Array.from({ length: 80 }, (_, n) => n + 1),
      );
      const topicSeqs = events.map((event) => event.seq);
      expect(topicSeqs).toEqual(Array.from({ length: topicSeqs.length }, (_, n) => topicSeqs[0]! + n));
    }
  });

  it('sends at once in several sessions sharing a coach keep each session gapless and each socket in order', async () => {
    const url = await listen(t.app);
    const coach = await person('coach');
    const clients = [await person('client'), await person('client'), await person('client')];
    const sessionIds = await Promise.all(clients.map((client) => liveSession(coach, client)));
    const coachTab = await tab(url, coach);
    const clientTabs = await Promise.all(clients.map((client) => tab(url, client)));

    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, n) => {
        const index = n % 3;
        const who = n % 2 === 0 ? coach : clients[index]!;
        return post(who, sessionIds[index]!, randomUUID(), `Message ${n}`);
      }),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);

    for (const [index, sessionId] of sessionIds.entries()) {
      const expected = Array.from({ length: 20 }, (_, n) => n + 1);
      for (const events of [coachTab, clientTabs[index]!]) {
        await waitUntil(() => messagesIn(events, sessionId).length >= 20, 'the session messages');
        expect(messagesIn(events, sessionId).map((message) => message.seq)).toEqual(expected);
      }
    }
    const coachSeqs = coachTab.map((event) => event.seq);
    expect(coachSeqs).toEqual(Array.from({ length: 60 }, (_, n) => coachSeqs[0]! + n));
  });
});
