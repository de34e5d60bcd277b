import { useParams } from 'react-router';
import { CoachProfileScreen } from '../../features/coach-page/components/coach-profile-screen';
import type { FollowRenderer } from '../../features/coach-page/components/coach-profile-view';
import { FollowButtons } from '../../features/favorites/components/follow-buttons';

export const renderFollowButtons: FollowRenderer = (props) => <FollowButtons {...props} />;

/**
 * SPEC §2 public coach page: /coach/:username (also by slug), /profile/:username and /profile/{id}
 * — one view, never redirected. Anyone may look, signed in or not.
 */
export function CoachProfilePage() {
  const { username } = useParams();
  return <CoachProfileScreen key={username} coachRef={username} renderFollow={renderFollowButtons} />;
}
