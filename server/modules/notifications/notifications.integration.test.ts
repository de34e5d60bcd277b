import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { conversationResponseSchema, messageResponseSchema } from '#contracts/messages';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_STACK_KEPT,
  NOTIFICATION_TEXTS,
  NOTIFICATIONS_PAGE_SIZE,
  notificationResponseSchema,
  notificationsPageSchema,
} from '#contracts/notifications';
import { insertClient, insertCoach, insertPerson, type Person } from '#test/factories/people';
import { buildSessionRequestBody, postSessionRequest } from '#test/factories/sessions';
import { useTestApp } from '#test/support/test-app';
import { REQUEST_ALERT_MS } from '#contracts/sessions';

const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });

type Someone = Pick<Person, 'session' | 'id'>;

async function list(who: Someone, query = '') {
  const response = await t.call(who.session, 'GET', `/api/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return notificationsPageSchema.parse(response.json());
}

async function eventsOn(userId: string, type: string) {
  const result = await t.pool.query<{ payload: Record<string, unknown> }>(
    'select payload from realtime_events where topic = $1 and type = $2 order by seq',
    [`user:${userId}`, type],
  );
  return result.rows.map((row) => row.payload);
}

/** notify in its own transaction, as a module does in its cause's. */
const notify = (userId: string, title: string) =>
  t.db.transaction((tx) =>
    t.app.notifications.notify(tx, {
      userId,
      type: 'session_accepted',
      title,
      message: `${title}: message`,
      actionUrl: '/client-portal',
    }),
  );

describe('notifications that last', () => {
  it('a declined request tells the client in the decline’s transaction, with SPEC §8’s texts', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, 10_000);
    const request = await postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id));
    expect(request.statusCode, request.body).toBe(201);
    const { id } = request.json<{ id: string }>();
    const declined = await t.call(coach.session, 'POST', `/api/session-requests/${id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);

    const page = await list(client);
    expect(page.unread_count).toBe(1);
    expect(page.notifications).toMatchObject([
      {
        type: 'session_rejected',
        title: NOTIFICATION_TEXTS.sessionRejected.title,
        message: NOTIFICATION_TEXTS.sessionRejected.message,
        action_text: 'Send Message',
        action_url: `/chat?with=${coach.id}`,
        actor_id: coach.id,
        actor_name: coach.fullName,
        read_at: null,
        dismissed_at: null,
      },
    ]);
    const [created] = await eventsOn(client.id, NOTIFICATION_EVENTS.created);
    expect(created).toEqual({ notification: page.notifications[0] });
    expect((await list(coach)).notifications).toEqual([]);
  });

  it('a request that expired unanswered tells the client (session_cancelled)', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, 10_000);
    const request = await postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id));
    expect(request.statusCode, request.body).toBe(201);
    t.clock.advance(REQUEST_ALERT_MS + 1_000);
    expect(await t.app.sessionRequests.expireDue(t.clock.now())).toBe(1);
    expect((await list(client)).notifications).toMatchObject([
      {
        type: 'session_cancelled',
        title: NOTIFICATION_TEXTS.sessionExpired.title,
        message: NOTIFICATION_TEXTS.sessionExpired.message(coach.fullName),
        action_url: `/chat?with=${coach.id}`,
      },
    ]);
  });

  it('is written in its cause’s transaction: rolled back with it', async () => {
    const client = await insertPerson(t.app, 'client', 'Robin Client');
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.notifications.notify(tx, {
          userId: client.id,
          type: 'session_rejected',
          title: 'Never told',
          message: 'The cause failed after this.',
        });
        throw new Error('the cause fails');
      }),
    ).rejects.toThrow('the cause fails');
    expect((await list(client)).notifications).toEqual([]);
    expect(await eventsOn(client.id, NOTIFICATION_EVENTS.created)).toEqual([]);
  });

  it('an accepted request tells the client with the way to the session', async () => {
    const coach = await insertCoach(t.app, t.pool);
    const client = await insertClient(t.app, t.pool, 10_000);
    const request = await postSessionRequest(t.app, client.session, buildSessionRequestBody(coach.id));
    const { id } = request.json<{ id: string }>();
    const accepted = await t.call(coach.session, 'POST', `/api/session-requests/${id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const sessionId = accepted.json<{ session: { id: string } }>().session.id;
    expect((await list(client)).notifications[0]).toMatchObject({
      type: 'session_accepted',
      title: NOTIFICATION_TEXTS.sessionAccepted.title,
      action_url: `/session/${sessionId}`,
    });
  });

  it('a coach’s message tells the client once while unread, linking to the conversation', async () => {
    const coach = await insertPerson(t.app, 'coach', 'Lena Ortiz');
    const client = await insertPerson(t.app, 'client', 'Robin Client');
    const started = await t.call(client.session, 'POST', '/api/conversations', { coach_id: coach.id });
    const conversationId = conversationResponseSchema.parse(started.json()).conversation.id;
    const send = async (who: Someone, content: string) => {
      const response = await t.call(who.session, 'POST', `/api/conversations/${conversationId}/messages`, {
        id: randomUUID(),
        content,
      });
      expect(response.statusCode, response.body).toBe(201);
      return messageResponseSchema.parse(response.json()).message;
    };
    await send(client, 'Hello Lena');
    expect((await list(coach)).notifications).toEqual([]);
    await send(coach, 'Hi Robin, happy to help.');
    await send(coach, 'When suits you?');
    const page = await list(client);
    expect(page.notifications).toHaveLength(1);
    expect(page.notifications[0]).toMatchObject({
      type: 'coach_message',
      title: 'New message from Lena Ortiz',
      message: 'Hi Robin, happy to help.',
      action_text: NOTIFICATION_TEXTS.coachMessage.action,
      action_url: `/chat/${conversationId}`,
    });
    const read = await t.call(client.session, 'POST', `/api/notifications/${page.notifications[0]!.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    t.clock.advance(1_000);
    await send(coach, 'Tomorrow at 9?');
    expect((await list(client)).notifications.map((item) => item.message)).toEqual([
      'Tomorrow at 9?',
      'Hi Robin, happy to help.',
    ]);

    // Reading the conversation to its end reads its notification too (the badge follows, every tab told).
    const readPart = await t.call(client.session, 'POST', `/api/conversations/${conversationId}/read`, {
      seq: 2,
    });
    expect(readPart.statusCode).toBe(204);
    expect((await list(client)).unread_count).toBe(1);
    const readAll = await t.call(client.session, 'POST', `/api/conversations/${conversationId}/read`, {
      seq: 5,
    });
    expect(readAll.statusCode).toBe(204);
    const after = await list(client);
    expect(after.unread_count).toBe(0);
    const changed = await t.pool.query<{ payload: { ids: string[]; read: boolean } }>(
      "select payload from realtime_events where topic = $1 and type = 'notification.changed' order by seq",
      [`user:${client.id}`],
    );
    expect(changed.rows.at(-1)?.payload).toMatchObject({ ids: [after.notifications[0]!.id], read: true });
  });

  it('lists newest first in keyset pages; the stack keeps the newest five undismissed; read and dismiss, one or all, reach the other tabs', async () => {
    const client = await insertPerson(t.app, 'client', 'Robin Client');
    const stranger = await insertPerson(t.app, 'client', 'Sam Stranger');
    const total = NOTIFICATIONS_PAGE_SIZE + 2;
    for (let index = 0; index < total; index += 1) {
      await notify(client.id, `n${index}`);
      t.clock.advance(1_000);
    }
    const first = await list(client);
    expect(first.notifications.map((item) => item.title).slice(0, 2)).toEqual([
      `n${total - 1}`,
      `n${total - 2}`,
    ]);
    expect(first.unread_count).toBe(total);
    const second = await list(client, `?cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.notifications.map((item) => item.title)).toEqual(['n1', 'n0']);
    expect(second.next_cursor).toBeNull();

    const stack = await list(client, '?view=stack');
    expect(stack.notifications).toHaveLength(NOTIFICATION_STACK_KEPT);
    const top = stack.notifications[0]!;
    const dismissed = await t.call(client.session, 'POST', `/api/notifications/${top.id}/dismiss`);
    expect(notificationResponseSchema.parse(dismissed.json()).notification.dismissed_at).not.toBeNull();
    expect((await list(client, '?view=stack')).notifications[0]?.title).toBe(`n${total - 2}`);
    // Someone else's notification is none of theirs.
    expect((await t.call(stranger.session, 'POST', `/api/notifications/${top.id}/read`)).statusCode).toBe(
      404,
    );
    expect((await t.call(stranger.session, 'POST', `/api/notifications/${top.id}/dismiss`)).statusCode).toBe(
      404,
    );

    const read = await t.call(client.session, 'POST', `/api/notifications/${top.id}/read`);
    expect(notificationResponseSchema.parse(read.json()).notification.read_at).not.toBeNull();
    expect((await list(client)).unread_count).toBe(total - 1);
    expect((await t.call(client.session, 'POST', '/api/notifications/read-all')).statusCode).toBe(204);
    expect((await list(client)).unread_count).toBe(0);
    expect((await t.call(client.session, 'POST', '/api/notifications/dismiss-all')).statusCode).toBe(204);
    expect((await list(client, '?view=stack')).notifications).toEqual([]);
    // Every tab hears each change once; a change that changed nothing is silent.
    expect((await t.call(client.session, 'POST', '/api/notifications/read-all')).statusCode).toBe(204);
    const changes = await eventsOn(client.id, NOTIFICATION_EVENTS.changed);
    expect(changes.map((change) => [change.read, change.dismissed, (change.ids as string[]).length])).toEqual(
      [
        [false, true, 1],
        [true, false, 1],
        [true, false, total - 1],
        [false, true, total - 1],
      ],
    );
  });
});
