import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import {
  conversationResponseSchema,
  conversationsPageSchema,
  INQUIRY_LIMITS,
  INQUIRY_TEXTS,
  inquiryResponseSchema,
  messagesPageSchema,
} from '#contracts/messages';
import { errorOf, latestCode, outboxFor, signUpWithRole, uniqueEmail } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

const IP_LIMIT = 4;
const t = useTestApp({
  RATE_LIMIT_MAX: '100000',
  AUTH_RATE_LIMIT_MAX: '100000',
  INQUIRY_RATE_LIMIT_MAX: String(IP_LIMIT),
});

type Person = { session: AuthSession; id: string; email: string };

async function person(
  role: 'coach' | 'client',
  fullName: string,
  email = uniqueEmail(role),
): Promise<Person> {
  const session = await signUpWithRole(t.app, role, { fullName, email });
  return { session, id: session.user.id, email: email.toLowerCase() };
}

/** Confirms the address the real way: the code from the confirmation email. */
async function confirm(who: Person) {
  const token = await latestCode(t.db, who.email, 'auth_confirmation');
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/v1/verify',
    payload: { type: 'signup', email: who.email, token },
  });
  expect(response.statusCode, response.body).toBe(200);
}

let nextIp = 1;
/** Each test writes from its own address, so the per-IP limit of one test does not touch another. */
const freshIp = () => `10.20.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

function inquire(coachId: string, body: Record<string, unknown>, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/coaches/${coachId}/inquiries`,
    payload: body,
    remoteAddress: ip,
  });
}

const visitor = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  name: 'Sam Visitor',
  email: uniqueEmail('visitor'),
  content: 'Hello! Do you work with people who have trouble sleeping?',
  ...overrides,
});

const visitorConversationOf = async (coachId: string, email: string) =>
  (
    await t.pool.query<{ id: string; client_id: string | null; client_name: string }>(
      'select id, client_id, client_name from inquiry_conversations where coach_id = $1 and lower(client_email) = lower($2)',
      [coachId, email],
    )
  ).rows;

async function listOf(who: Person) {
  const response = await t.call(who.session, 'GET', '/api/conversations');
  expect(response.statusCode, response.body).toBe(200);
  return conversationsPageSchema.parse(response.json());
}

async function historyOf(who: Person, id: string) {
  const response = await t.call(who.session, 'GET', `/api/conversations/${id}/messages`);
  expect(response.statusCode, response.body).toBe(200);
  return messagesPageSchema.parse(response.json()).messages;
}

const claim = (who: Person, id: string) => t.call(who.session, 'POST', `/api/conversations/${id}/claim`);

describe("a visitor's inquiry", () => {
  it('reaches the coach live as a conversation with the name and address given; a retry adds nothing', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const body = visitor({ email: uniqueEmail('Visitor').toUpperCase() });
    const ip = freshIp();
    const response = await inquire(coach.id, body, ip);
    expect(response.statusCode, response.body).toBe(202);
    const email = String(body.email).toLowerCase();
    expect(inquiryResponseSchema.parse(response.json()).message).toBe(
      INQUIRY_TEXTS.sent('Lena Ortiz', email),
    );

    const page = await listOf(coach);
    expect(page.unread_total).toBe(1);
    const [conversation] = page.conversations;
    expect(conversation).toMatchObject({
      role: 'coach',
      client: { user_id: null, name: 'Sam Visitor' },
      unread_count: 1,
      last_message: { sender_type: 'client', sender_user_id: null, content: body.content },
    });
    const events = await t.pool.query('select type from realtime_events where topic = $1', [
      `user:${coach.id}`,
    ]);
    expect(events.rows.map((row) => row.type)).toContain('conversation.message');

    // The same message again (a network retry): the same answer, still one message.
    expect((await inquire(coach.id, body, ip)).statusCode).toBe(202);
    // A second message from the address joins the same conversation.
    expect((await inquire(coach.id, visitor({ email, content: 'Also evenings?' }), ip)).statusCode).toBe(202);
    const rows = await visitorConversationOf(coach.id, email);
    expect(rows).toHaveLength(1);
    expect((await historyOf(coach, rows[0]!.id)).map((message) => message.content)).toEqual([
      body.content,
      'Also evenings?',
    ]);
    // The id of a message already sent, with other words: 409, nothing added.
    const reused = await inquire(coach.id, { ...body, content: 'Something else' }, ip);
    expect(reused.statusCode).toBe(409);
  });

  it('a filled honeypot gets the same answer and stores nothing; bad input is a clear 400', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const bot = visitor({ website: 'http://spam.example' });
    const response = await inquire(coach.id, bot, freshIp());
    expect(response.statusCode).toBe(202);
    expect(await visitorConversationOf(coach.id, String(bot.email))).toEqual([]);

    for (const bad of [
      visitor({ email: 'not-an-address' }),
      visitor({ name: '   ' }),
      visitor({ content: '   ' }),
      visitor({ content: 'x'.repeat(501) }),
      visitor({ content: 'bell\u0007' }),
      visitor({ role: 'admin' }),
    ]) {
      const refused = await inquire(coach.id, bad, freshIp());
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const huge = await inquire(coach.id, visitor({ website: 'x'.repeat(5_000) }), freshIp());
    expect(huge.statusCode).toBe(413);
    // A client is no coach: 404 with a clear message.
    const client = await person('client', 'Robin Client');
    const notCoach = await inquire(client.id, visitor(), freshIp());
    expect(notCoach.statusCode).toBe(404);
    expect(errorOf(notCoach).message).toBe(INQUIRY_TEXTS.coachNotFound);
  });

  it(`is limited to ${INQUIRY_LIMITS.perEmail.max} a day from one address (over all coaches) and INQUIRY_RATE_LIMIT_MAX an hour from one IP`, async () => {
    const coaches = [await person('coach', 'Coach One'), await person('coach', 'Coach Two')];
    const email = uniqueEmail('visitor');
    for (let index = 0; index < INQUIRY_LIMITS.perEmail.max; index += 1) {
      const response = await inquire(coaches[index % 2]!.id, visitor({ email }), freshIp());
      expect(response.statusCode, response.body).toBe(202);
    }
    const tooMany = await inquire(coaches[0]!.id, visitor({ email }), freshIp());
    expect(tooMany.statusCode).toBe(429);
    expect(errorOf(tooMany).message).toBe(INQUIRY_TEXTS.tooMany);
    // A day later the address may write again.
    await t.pool.query(
      "update inquiry_messages set created_at = created_at - interval '25 hours' where sender_user_id is null",
    );
    expect((await inquire(coaches[0]!.id, visitor({ email }), freshIp())).statusCode).toBe(202);

    const ip = freshIp();
    for (let index = 0; index < IP_LIMIT; index += 1)
      expect((await inquire(coaches[1]!.id, visitor(), ip)).statusCode).toBe(202);
    const limited = await inquire(coaches[1]!.id, visitor(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it("the coach's answer goes to the visitor by email (a preview and the way to continue), at most once in 15 minutes", async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const body = visitor();
    await inquire(coach.id, body, freshIp());
    const [row] = await visitorConversationOf(coach.id, String(body.email));
    const answer = (content: string) =>
      t.call(coach.session, 'POST', `/api/conversations/${row!.id}/messages`, { id: randomUUID(), content });
    expect((await answer('Yes, I do. When are you free for a first session?')).statusCode).toBe(201);
    const [email, ...more] = await outboxFor(t.db, String(body.email), 'inquiry_answer');
    expect(more).toEqual([]);
    expect(email?.subject).toBe('Lena Ortiz answered your message');
    expect(email?.data).toMatchObject({
      visitorName: 'Sam Visitor',
      coachName: 'Lena Ortiz',
      messageContent: 'Yes, I do. When are you free for a first session?',
      continueUrl: `${t.config.publicUrl}/chat?inquiry=${row!.id}`,
    });
    expect(email?.bodyText).toContain(`${t.config.publicUrl}/chat?inquiry=${row!.id}`);
    expect((await answer('Also: mornings work for me.')).statusCode).toBe(201);
    expect(await outboxFor(t.db, String(body.email), 'inquiry_answer')).toHaveLength(1);
  });
});

describe("claiming a visitor's conversation", () => {
  it('by the account whose confirmed address it came from: the conversation and the visitor’s messages become theirs', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const email = uniqueEmail('visitor');
    const body = visitor({ email });
    await inquire(coach.id, body, freshIp());
    const [row] = await visitorConversationOf(coach.id, email);
    const id = row!.id;

    // Someone else (confirmed, another address): 403 with what to do; nothing changes.
    const stranger = await person('client', 'Other Person');
    await confirm(stranger);
    const refused = await claim(stranger, id);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(INQUIRY_TEXTS.otherEmail);

    // The visitor signs up with the same address (other letter case): unconfirmed first.
    const account = await person('client', 'Sam Visitor', email.toUpperCase());
    const early = await claim(account, id);
    expect(early.statusCode).toBe(403);
    expect(errorOf(early).message).toBe(INQUIRY_TEXTS.unconfirmed);
    expect((await visitorConversationOf(coach.id, email))[0]!.client_id).toBeNull();

    await confirm(account);
    const claimed = await claim(account, id);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(conversationResponseSchema.parse(claimed.json()).conversation).toMatchObject({
      id,
      role: 'client',
      client: { user_id: account.id },
    });
    expect((await historyOf(account, id)).map((message) => message.sender_user_id)).toEqual([account.id]);
    // Both sides' screens are told (the coach's header: a client now).
    for (const party of [coach.id, account.id]) {
      const told = await t.pool.query<{ payload: unknown }>(
        'select payload from realtime_events where topic = $1 and type = $2',
        [`user:${party}`, 'conversation.updated'],
      );
      expect(told.rows.map((row) => row.payload)).toEqual([{ conversation_id: id, replaces: null }]);
    }
    // Opened again: the same conversation; the stranger still cannot reach it (404 now, it has an owner).
    expect((await claim(account, id)).statusCode).toBe(200);
    expect((await claim(stranger, id)).statusCode).toBe(404);
    expect((await t.call(stranger.session, 'GET', `/api/conversations/${id}`)).statusCode).toBe(404);
    // A random id: 404.
    expect((await claim(account, randomUUID())).statusCode).toBe(404);
  });

  it('joins the conversation the account already has with the coach, in order, unread kept honest', async () => {
    const coach = await person('coach', 'Lena Ortiz');
    const account = await person('client', 'Sam Visitor');
    await confirm(account);
    const started = await t.call(account.session, 'POST', '/api/conversations', { coach_id: coach.id });
    const existing = conversationResponseSchema.parse(started.json()).conversation.id;
    const say = (who: Person, content: string) =>
      t.call(who.session, 'POST', `/api/conversations/${existing}/messages`, { id: randomUUID(), content });
    expect((await say(account, 'First, signed in.')).statusCode).toBe(201);
    expect((await say(coach, 'Hello Sam.')).statusCode).toBe(201);
    await t.call(account.session, 'POST', `/api/conversations/${existing}/read`, { seq: 2 });
    await t.call(coach.session, 'POST', `/api/conversations/${existing}/read`, { seq: 2 });

    // Later, signed out, from the website with the same address; the coach answers.
    t.clock.advance(60_000);
    const wrote = await inquire(
      coach.id,
      visitor({ email: account.email, content: 'Second, as a visitor.' }),
      freshIp(),
    );
    expect(wrote.statusCode, wrote.body).toBe(202);
    const [row, ...others] = (await visitorConversationOf(coach.id, account.email)).filter(
      (conversation) => conversation.client_id === null,
    );
    expect(others).toEqual([]);
    t.clock.advance(60_000);
    const answered = await t.call(coach.session, 'POST', `/api/conversations/${row!.id}/messages`, {
      id: randomUUID(),
      content: 'Answer by email.',
    });
    expect(answered.statusCode).toBe(201);

    const claimed = await claim(account, row!.id);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const { conversation } = conversationResponseSchema.parse(claimed.json());
    expect(conversation.id).toBe(existing);
    expect(conversation.unread_count).toBe(1); // the coach's answer; the visitor's own message is read
    const messages = await historyOf(account, existing);
    expect(messages.map((message) => [message.seq, message.content])).toEqual([
      [1, 'First, signed in.'],
      [2, 'Hello Sam.'],
      [3, 'Second, as a visitor.'],
      [4, 'Answer by email.'],
    ]);
    expect(messages[2]!.sender_user_id).toBe(account.id);
    expect(await visitorConversationOf(coach.id, account.email)).toEqual([
      expect.objectContaining({ id: existing, client_id: account.id }),
    ]);
    // The coach's list: one conversation with Sam, everything read on the coach's side.
    const coachList = await listOf(coach);
    expect(coachList.conversations.map((item) => [item.id, item.unread_count])).toEqual([[existing, 0]]);
    // The claimed visitor conversation is gone: its link now answers 404.
    expect((await claim(account, row!.id)).statusCode).toBe(404);
  });
});
