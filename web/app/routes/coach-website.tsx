import { useParams } from 'react-router';
import { CoachWebsiteScreen } from '#web/features/coach-page/components/coach-website-screen';

/** SPEC §2 /coach/:username/website: the coach's own website in their branding (public). */
export function CoachWebsitePage() {
  const { username } = useParams();
  return <CoachWebsiteScreen key={username} coachRef={username} />;
}
