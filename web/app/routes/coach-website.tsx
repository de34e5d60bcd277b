import { useParams } from 'react-router';
import type { CoachPage } from '#contracts/coach-pages';
import { CoachWebsiteScreen } from '#web/features/coach-page/components/coach-website-screen';
import { useMe } from '#web/features/roles/api/get-me';
import { viewerOf } from '#web/features/session-requests/components/session-request-panel';
import { useAuth } from '#web/lib/auth/use-auth';
import { MessageButtonFor } from './coach-profile';

/** "Message" (a client) or "Send a message" (a visitor) in the website's contact section. */
function ContactSlot({ page }: { page: CoachPage }) {
  const auth = useAuth();
  const me = useMe();
  return <MessageButtonFor viewer={viewerOf(auth.status, me.data, page.coach_id).kind} page={page} />;
}

const renderContact = (page: CoachPage) => <ContactSlot page={page} />;

/** SPEC §2 /coach/:username/website: the coach's own website in their branding (public). */
export function CoachWebsitePage() {
  const { username } = useParams();
  return <CoachWebsiteScreen key={username} coachRef={username} contact={renderContact} />;
}
