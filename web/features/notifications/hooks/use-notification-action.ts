import { useQuery } from '@tanstack/react-query';
import type { Notification } from '#contracts/notifications';
import { ApiError } from '#web/lib/api-client';
import { sessionQueryOptions } from '#web/lib/queries/sessions';

/** The action of an accepted request's notification once its session is over. */
export const VIEW_SESSION = 'View Session';

const SESSION_PATH = /^\/session\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The session a session_accepted notification leads to (null for every other kind). */
export function sessionIdOf(notification: Notification): string | null {
  if (notification.type !== 'session_accepted' || !notification.action_url) return null;
  return SESSION_PATH.exec(notification.action_url)?.[1] ?? null;
}

export type NotificationAction = { text: string; url: string };

/**
 * What a notification's action says and where it goes. The server writes 'Join Session' when a request
 * is accepted; once that session is over (GET /api/sessions/:id says completed, or its end has passed)
 * the same link reads 'View Session' (the session page shows its summary). Only session_accepted
 * notifications on screen read their session (`readSession`: not the cards folded behind the stack's
 * first), once a minute at most; one the person can no longer see
 * (404) has no action. Until the answer comes, the server's words stand.
 */
export function useNotificationAction(
  notification: Notification,
  now: number,
  { readSession = true }: { readSession?: boolean } = {},
): NotificationAction | null {
  const sessionId = sessionIdOf(notification);
  const session = useQuery({
    ...sessionQueryOptions(sessionId ?? 'none'),
    enabled: sessionId !== null && readSession,
    staleTime: 60_000,
  });
  if (!notification.action_text || !notification.action_url) return null;
  const server = { text: notification.action_text, url: notification.action_url };
  if (sessionId === null) return server;
  if (session.data) {
    const over = session.data.status === 'completed' || Date.parse(session.data.ends_at) <= now;
    return over ? { text: VIEW_SESSION, url: server.url } : server;
  }
  if (session.error instanceof ApiError && session.error.status === 404) return null;
  return server;
}
