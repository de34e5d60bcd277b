import { useUnreadMessagesTotal } from '#web/features/messages/hooks/use-unread-total';
import { useUnreadNotifications } from '#web/features/notifications/hooks/use-unread-notifications';
import type { NavEntry } from './app-navigation';

export const MESSAGES_PATH = '/messages';
export const NOTIFICATIONS_PATH = '/notifications';

/**
 * The navigation with its live unread counts: "Messages" (unread messages over all conversations) and
 * "Notifications" (unread notifications), each read only when the navigation has that entry (not on
 * the admin sections).
 */
export function useNavBadges(nav: NavEntry[]): NavEntry[] {
  const messages = useUnreadMessagesTotal(nav.some((entry) => entry.to === MESSAGES_PATH));
  const notifications = useUnreadNotifications(nav.some((entry) => entry.to === NOTIFICATIONS_PATH));
  return nav.map((entry) =>
    entry.to === MESSAGES_PATH
      ? { ...entry, badge: messages }
      : entry.to === NOTIFICATIONS_PATH
        ? { ...entry, badge: notifications }
        : entry,
  );
}
