import { useLocation } from 'react-router';
import type { Me } from '#contracts/auth';
import {
  NotificationsProvider,
  NotificationStack,
} from '#web/features/notifications/components/notification-stack';
import { useClientSessionEvents } from '#web/features/session-requests/hooks/use-client-session-events';

/**
 * Where the stack stays out of the way: the session room and the messages screens (a conversation
 * fills the screen, its header under the stack's corner) and /notifications (the same ones, listed).
 */
const withoutStack = (pathname: string) =>
  pathname.startsWith('/session/') ||
  pathname.startsWith('/chat/') ||
  ['/notifications', '/messages', '/client-chat', '/chat'].includes(pathname);

/**
 * The client's request and session toasts (SPEC §4 "Client side of requests") and the SPEC §4
 * notification stack, active only while the active role is client. The stack shows what the server
 * keeps (a declined, expired or accepted request and a coach's message are written there with their
 * cause), so the request events only make toasts here. What arrives while the stack is out of the
 * way is shown afterwards.
 */
export function ClientOverlays({ me }: { me: Me }) {
  const { pathname } = useLocation();
  if (me.active_role !== 'client') return null;
  return (
    <NotificationsProvider key={me.user_id}>
      <ClientEvents userId={me.user_id} />
      {withoutStack(pathname) ? null : <NotificationStack />}
    </NotificationsProvider>
  );
}

function ClientEvents({ userId }: { userId: string }) {
  useClientSessionEvents({ userId });
  return null;
}
