import { useLocation } from 'react-router';
import type { Me } from '#contracts/auth';
import {
  NotificationsProvider,
  NotificationStack,
  useNotifications,
} from '#web/features/notifications/components/notification-stack';
import { useClientSessionEvents } from '#web/features/session-requests/hooks/use-client-session-events';

/**
 * The client's request and session toasts (SPEC §4 "Client side of requests") and the SPEC §4
 * notification stack, active only while the active role is client. The request events hand their
 * notifications to the stack here (features stay apart). In a session room the stack stays out of the
 * way (the conversation fills the screen); what arrives meanwhile is kept and shown afterwards.
 */
export function ClientOverlays({ me }: { me: Me }) {
  const { pathname } = useLocation();
  if (me.active_role !== 'client') return null;
  return (
    <NotificationsProvider key={me.user_id} userId={me.user_id}>
      <ClientEvents userId={me.user_id} />
      {pathname.startsWith('/session/') ? null : <NotificationStack />}
    </NotificationsProvider>
  );
}

function ClientEvents({ userId }: { userId: string }) {
  const notifications = useNotifications();
  useClientSessionEvents({ userId, onNotice: notifications.add });
  return null;
}
