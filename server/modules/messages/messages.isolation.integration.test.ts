import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { CHAT_TYPING_SERVER_GAP_MS } from '#contracts/chat';
import { conversationResponseSchema, MESSAGE_EVENTS, messageResponseSchema } from '#contracts/messages';
import { BROADCAST_TOPIC, type RealtimeEvent, type SubscribeAck } from '#contracts/realtime';
import { insertChatSession } from '#test/factories/sessions';
import { signUpWithRole, uniqueEmail, type Injected } from '#test/support/auth';
import { collectEvents, listen, socketPool, waitUntil } from '#test/support/sockets';
import { useTestApp } from '#test/support/test-app';

// Issue #17: "0 of 1,000 random events reach a non-party". Four coaches and six clients, each with a
// real socket (one tab) on their own topic; 1,000 operations drawn by a seeded PRNG — sends by either
// party, reads, typing, starts (new and existing), blocks and unblocks, reports, and outsiders trying to
// reach conversations that are not theirs — then every socket's events are checked both ways: nothing of a
// conversation reaches anyone but its two parties, and each party gets every event of theirs.

const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
const sockets = socketPool();
afterEach(() => sockets.closeAll());

const SEED = 0x17_17;
const OPERATIONS = 1_000;

/** mulberry32: a small seeded PRNG, so every run draws the same operations. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Person = {
  name: string;
  id: string;
  session: AuthSession;
  events: RealtimeEvent[];
  /** Their topic's seq when the socket subscribed: later events must all arrive. */
  subscribedAt: number;
};
type Pair = { coach: Person; client: Person; kind: 'stranger' | 'met' | 'open' };
type Conversation = { id: string; coach: Person; client: Person; messageIds: string[] };

const topicOf = (person: Pick<Person, 'id'>) => `user:${person.id}`;

/** The conversation an event is about, whatever its type (a message's, or a read's, typing's...). */
function conversationIdOf(event: Pick<RealtimeEvent, 'payload'>): string | undefined {
  const payload = event.payload as {
    conversation_id?: unknown;
    message?: { conversation_id?: unknown };
    conversation?: { id?: unknown };
  };
  const id = payload.conversation_id ?? payload.message?.conversation_id ?? payload.conversation?.id;
  return typeof id === 'string' ? id : undefined;
}

const isConversationEvent = (event: { type: string }) => event.type.startsWith('conversation.');

describe('conversation events reach only their two parties', () => {
  it(`${OPERATIONS} random operations: no conversation event reaches a non-party, every party gets all of theirs, outsiders get 404`, async () => {
    const url = await listen(t.app);
    const random = seededRandom(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

    async function person(role: 'coach' | 'client', name: string): Promise<Person> {
      const session = await signUpWithRole(t.app, role, { fullName: name, email: uniqueEmail(role) });
      const socket = await sockets.open(url, session.access_token);
      const events = collectEvents(socket);
      const ack = (await socket
        .timeout(5_000)
        .emitWithAck('subscribe', { topic: `user:${session.user.id}` })) as SubscribeAck;
      if (!ack.ok) throw new Error(`subscribe refused: ${ack.error.message}`);
      return { name, id: session.user.id, session, events, subscribedAt: ack.seq };
    }
    const coaches: Person[] = [];
    for (let index = 1; index <= 4; index += 1) coaches.push(await person('coach', `Coach ${index}`));
    const clients: Person[] = [];
    for (let index = 1; index <= 6; index += 1) clients.push(await person('client', `Client ${index}`));
    const everyone = [...coaches, ...clients];

    // A quarter of the pairs never meet (no conversation, no session: strangers to each other), a
    // quarter had a session (the coach may write first too), the rest only ever talk because the
    // client starts the conversation.
    const pairs: Pair[] = coaches.flatMap((coach, k) =>
      clients.map((client, c): Pair => {
        const kind = (k + c) % 4 === 0 ? 'stranger' : (k + c) % 4 === 1 ? 'met' : 'open';
        return { coach, client, kind };
      }),
    );
    for (const pair of pairs.filter((one) => one.kind === 'met'))
      await insertChatSession(t.pool, {
        coachId: pair.coach.id,
        clientId: pair.client.id,
        clientEmail: null,
        now: t.clock.now(),
        status: 'completed',
      });
    const strangers = pairs.filter((pair) => pair.kind === 'stranger');
    const reachable = pairs.filter((pair) => pair.kind !== 'stranger');
    const met = pairs.filter((pair) => pair.kind === 'met');

    const conversations: Conversation[] = [];
    const conversationOfPair = (pair: Pick<Pair, 'coach' | 'client'>) =>
      conversations.find((one) => one.coach === pair.coach && one.client === pair.client);
    /** Every block in force, by `blocker>blocked`. */
    const blocks = new Map<string, { blocker: Person; blocked: Person }>();
    const blockKey = (blocker: Person, blocked: Person) => `${blocker.id}>${blocked.id}`;
    const blockedPair = (pair: Pick<Pair, 'coach' | 'client'>) =>
      blocks.has(blockKey(pair.coach, pair.client)) || blocks.has(blockKey(pair.client, pair.coach));

    const call = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object) =>
      t.call(who.session, method, path, body);
    const expectStatus = (response: Injected, status: number, what: string) =>
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);

    /** A party (or the coach of a pair that met) starts or finds the pair's conversation. */
    async function start(pair: Pick<Pair, 'coach' | 'client'>, by: 'coach' | 'client') {
      const response =
        by === 'client'
          ? await call(pair.client, 'POST', '/api/conversations', { coach_id: pair.coach.id })
          : await call(pair.coach, 'POST', '/api/conversations', { client_id: pair.client.id });
      const known = conversationOfPair(pair);
      const what = `${by} starts ${pair.coach.name}–${pair.client.name}`;
      if (blockedPair(pair)) return expectStatus(response, 403, what);
      expectStatus(response, known ? 200 : 201, what);
      const { conversation } = conversationResponseSchema.parse(response.json());
      if (known) expect(conversation.id).toBe(known.id);
      else conversations.push({ id: conversation.id, ...pair, messageIds: [] });
    }

    const counts = {
      sent: 0,
      refused: 0,
      reads: 0,
      typing: 0,
      starts: 0,
      blocks: 0,
      reports: 0,
      outsiders: 0,
    };
    /** "Is typing" told by `from` in a conversation: to the other party only. */
    const typings: { conversation: Conversation; from: Person }[] = [];
    // Six conversations to begin with; more are started among the operations.
    for (const pair of reachable.slice(0, 6)) await start(pair, 'client');

    for (let operation = 1; operation <= OPERATIONS; operation += 1) {
      const roll = random();
      const conversation = pick(conversations);
      const party = random() < 0.5 ? conversation.coach : conversation.client;
      const other = party === conversation.coach ? conversation.client : conversation.coach;
      const base = `/api/conversations/${conversation.id}`;

      if (roll < 0.55) {
        // A party sends: 201, or 403 while either blocked the other.
        const id = randomUUID();
        const response = await call(party, 'POST', `${base}/messages`, {
          id,
          content: `Message ${operation}`,
        });
        if (blockedPair(conversation)) {
          expectStatus(response, 403, `send ${operation} while blocked`);
          counts.refused += 1;
        } else {
          expectStatus(response, 201, `send ${operation}`);
          expect(messageResponseSchema.parse(response.json()).message.id).toBe(id);
          conversation.messageIds.push(id);
          counts.sent += 1;
        }
      } else if (roll < 0.66) {
        // A party reads up to a seq (back, forward or past the end: only a forward move is told).
        const seq = Math.floor(random() * (conversation.messageIds.length + 3));
        expectStatus(await call(party, 'POST', `${base}/read`, { seq }), 204, `read ${operation}`);
        counts.reads += 1;
      } else if (roll < 0.7) {
        // A party is typing (while not blocked); the clock moves past the server's typing gap first.
        if (blockedPair(conversation)) continue;
        t.clock.advance(CHAT_TYPING_SERVER_GAP_MS);
        expectStatus(await call(party, 'POST', `${base}/typing`), 204, `typing ${operation}`);
        typings.push({ conversation, from: party });
        counts.typing += 1;
      } else if (roll < 0.77) {
        // A start: a client with any coach they may write to, or a coach with a client they met.
        if (random() < 0.7) await start(pick(reachable), 'client');
        else await start(pick(met), 'coach');
        counts.starts += 1;
      } else if (roll < 0.8) {
        // A party blocks the other; or a block in force (most often, so that few stay) is lifted by
        // whoever made it.
        const inForce = [...blocks.values()];
        if (inForce.length > 0 && (random() < 0.75 || blockedPair(conversation))) {
          const { blocker, blocked } = pick(inForce);
          const response = await call(blocker, 'DELETE', `/api/blocks/${blocked.id}`);
          expectStatus(response, 204, `unblock ${operation}`);
          blocks.delete(blockKey(blocker, blocked));
        } else {
          expectStatus(await call(party, 'PUT', `/api/blocks/${other.id}`), 201, `block ${operation}`);
          blocks.set(blockKey(party, other), { blocker: party, blocked: other });
        }
        counts.blocks += 1;
      } else if (roll < 0.83) {
        // A party reports the conversation or one of its messages.
        const messageId = conversation.messageIds.length > 0 ? pick(conversation.messageIds) : undefined;
        const body = {
          reason: pick(['harassment', 'spam', 'inappropriate'] as const),
          message_id: messageId,
        };
        expectStatus(await call(party, 'POST', `${base}/reports`, body), 201, `report ${operation}`);
        counts.reports += 1;
      } else {
        // Someone who is not a party tries to reach it (or a coach a stranger): 404, as for none.
        const outsider = pick(
          everyone.filter((one) => one !== conversation.coach && one !== conversation.client),
        );
        const attempts: (() => Promise<Injected>)[] = [
          () => call(outsider, 'GET', base),
          () => call(outsider, 'GET', `${base}/messages`),
          () => call(outsider, 'POST', `${base}/messages`, { id: randomUUID(), content: 'Intrusion' }),
          () => call(outsider, 'POST', `${base}/read`, { seq: 1 }),
          () => call(outsider, 'POST', `${base}/typing`),
          () => call(outsider, 'POST', `${base}/reports`, { reason: 'spam' }),
          () => {
            const pair = pick(strangers);
            return call(pair.coach, 'POST', '/api/conversations', { client_id: pair.client.id });
          },
        ];
        const attempt = Math.floor(random() * attempts.length);
        const response = await attempts[attempt]!();
        expectStatus(response, 404, `outsider attempt ${attempt} at operation ${operation}`);
        counts.outsiders += 1;
      }
    }
    // Every kind of operation was drawn, and most sends went through.
    for (const [kind, count] of Object.entries(counts)) expect(count, kind).toBeGreaterThan(0);
    expect(counts.sent).toBeGreaterThan(counts.refused);

    // What the app recorded on each person's topic since their socket subscribed: the socket must get
    // exactly that, in order (every event of theirs, nothing twice).
    const recorded = await t.pool.query<Omit<RealtimeEvent, 'created_at'>>(
      `select topic, seq::integer as seq, type, payload from realtime_events
        where topic = any($1::text[]) order by topic, seq`,
      [everyone.map(topicOf)],
    );
    const recordedOn = (person: Person) =>
      recorded.rows.filter((row) => row.topic === topicOf(person) && row.seq > person.subscribedAt);
    for (const person of everyone) {
      const expected = recordedOn(person);
      await waitUntil(
        () => person.events.filter((event) => event.topic === topicOf(person)).length >= expected.length,
        `${person.name}'s ${expected.length} events`,
      );
    }

    const byId = new Map(conversations.map((conversation) => [conversation.id, conversation]));
    const partiesOf = (conversationId: string | undefined) => {
      const conversation = conversationId ? byId.get(conversationId) : undefined;
      return conversation ? [conversation.coach.id, conversation.client.id] : [];
    };

    // Nothing of a conversation was recorded for, or reached, anyone but its two parties.
    const recordedForNonParty = recorded.rows.filter(
      (row) =>
        isConversationEvent(row) &&
        !partiesOf(conversationIdOf(row)).some((id) => row.topic === `user:${id}`),
    );
    expect(recordedForNonParty).toEqual([]);
    let conversationEvents = 0;
    const reachedNonParty: string[] = [];
    for (const person of everyone)
      for (const event of person.events) {
        if (event.topic !== topicOf(person) && event.topic !== BROADCAST_TOPIC)
          reachedNonParty.push(`${event.type} on ${event.topic} reached ${person.name}`);
        if (!isConversationEvent(event)) continue;
        conversationEvents += 1;
        if (event.topic !== topicOf(person) || !partiesOf(conversationIdOf(event)).includes(person.id))
          reachedNonParty.push(`${event.type} of ${conversationIdOf(event)} reached ${person.name}`);
      }
    expect(reachedNonParty).toEqual([]);
    expect(conversationEvents).toBeGreaterThanOrEqual(1_000);

    for (const person of everyone) {
      // Each socket got exactly its topic's events, in order.
      const own = person.events.filter((event) => event.topic === topicOf(person));
      expect(
        own.map((event) => `${event.seq} ${event.type}`),
        person.name,
      ).toEqual(recordedOn(person).map((row) => `${row.seq} ${row.type}`));
    }

    const messagesAt = (person: Person, conversation: Conversation) =>
      person.events
        .filter(
          (event) => event.type === MESSAGE_EVENTS.created && conversationIdOf(event) === conversation.id,
        )
        .map((event) => event.payload.message as { id: string; seq: number });
    const readsAt = (person: Person, conversation: Conversation) =>
      person.events
        .filter((event) => event.type === MESSAGE_EVENTS.read && conversationIdOf(event) === conversation.id)
        .map((event) => JSON.stringify(event.payload.read));
    let reads = 0;
    for (const conversation of conversations) {
      // Both parties got every message sent in it, once each, in seq order 1, 2, 3…
      for (const party of [conversation.coach, conversation.client]) {
        const messages = messagesAt(party, conversation);
        expect(messages.map((message) => message.id)).toEqual(conversation.messageIds);
        expect(messages.map((message) => message.seq)).toEqual(conversation.messageIds.map((_, n) => n + 1));
      }
      // Both got the same reads.
      const coachReads = readsAt(conversation.coach, conversation);
      expect(readsAt(conversation.client, conversation)).toEqual(coachReads);
      reads += coachReads.length;
    }
    expect(reads).toBeGreaterThan(0);

    // Each "is typing" reached the other party once, never the typer's own tab.
    const typingAt = (person: Person) =>
      person.events
        .filter((event) => event.type === MESSAGE_EVENTS.typing)
        .map((event) => `${conversationIdOf(event)} from ${String(event.payload.user_id)}`);
    for (const person of everyone)
      expect(typingAt(person), `${person.name}'s typing events`).toEqual(
        typings
          .filter(
            ({ conversation, from }) =>
              from !== person && (conversation.coach === person || conversation.client === person),
          )
          .map(({ conversation, from }) => `${conversation.id} from ${from.id}`),
      );

    // Each person's list holds their own conversations only, and every one of them that has a message.
    for (const person of everyone) {
      const listed: string[] = [];
      let cursor: string | null = null;
      do {
        const response = await call(
          person,
          'GET',
          `/api/conversations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expectStatus(response, 200, `${person.name}'s list`);
        const page = response.json() as { conversations: { id: string }[]; next_cursor: string | null };
        listed.push(...page.conversations.map((conversation) => conversation.id));
        cursor = page.next_cursor;
      } while (cursor);
      for (const id of listed) expect(partiesOf(id), `${person.name} lists ${id}`).toContain(person.id);
      const withMessages = conversations.filter(
        (conversation) =>
          conversation.messageIds.length > 0 &&
          (conversation.coach === person || conversation.client === person),
      );
      for (const conversation of withMessages)
        expect(listed, `${person.name}'s list has ${conversation.id}`).toContain(conversation.id);
    }
  });
});
