import { NotificationsScreen } from '#web/features/notifications/components/notifications-screen';
import { useDocumentTitle } from '#web/lib/use-document-title';

/** SPEC §2 /notifications (every signed-in person): the notifications kept on the server. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  return <NotificationsScreen />;
}
