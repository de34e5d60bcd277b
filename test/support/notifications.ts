import { expect } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { NOTIFICATION_EVENTS, notificationsPageSchema } from '#contracts/notifications';
import type { TestAppHandle } from './test-app';

/** The person's notifications, newest first (GET /api/notifications). */
export async function notificationsOf(t: TestAppHandle, session: AuthSession) {
  const response = await t.call(session, 'GET', '/api/notifications');
  expect(response.statusCode, response.body).toBe(200);
  return notificationsPageSchema.parse(response.json()).notifications;
}

/** The notification.created events recorded on the person's topic, oldest first. */
export async function notificationCreatedEvents(t: Pick<TestAppHandle, 'pool'>, userId: string) {
  const result = await t.pool.query<{ payload: Record<string, unknown> }>(
    'select payload from realtime_events where topic = $1 and type = $2 order by seq',
    [`user:${userId}`, NOTIFICATION_EVENTS.created],
  );
  return result.rows.map((row) => row.payload);
}
