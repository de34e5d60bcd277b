import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { WhenVisible } from '#web/components/when-visible';
import type { CoachPage } from '#contracts/coach-pages';
import { CoachProfileScreen } from '#web/features/coach-page/components/coach-profile-screen';
import { displayNameOf } from '#web/features/coach-page/lib/display';
import type { FollowRenderer } from '#web/features/coach-page/components/coach-profile-view';
import { FollowButtons } from '#web/features/favorites/components/follow-buttons';
import { MessageCoachButton } from '#web/features/messages/components/message-coach-button';
import { VisitorMessageButton } from '#web/features/messages/components/visitor-message-button';
import { CoachReviewsLoading } from '#web/features/reviews/components/coach-reviews-shell';
import { useMe } from '#web/features/roles/api/get-me';
import {
  SessionRequestPanel,
  viewerOf,
  type RequestViewer,
} from '#web/features/session-requests/components/session-request-panel';
import { useAuth } from '#web/lib/auth/use-auth';

export const renderFollowButtons: FollowRenderer = (props) => <FollowButtons {...props} />;

/**
 * "Message" for a signed-in client (their conversation with the coach), "Send a message" for a visitor
 * (name and email, answered by email); nothing for anyone else (a coach, the coach themself).
 */
export function MessageButtonFor({ viewer, page }: { viewer: RequestViewer['kind']; page: CoachPage }) {
  if (viewer === 'client')
    return <MessageCoachButton coachId={page.coach_id} coachName={displayNameOf(page)} />;
  if (viewer === 'anonymous')
    return <VisitorMessageButton coachId={page.coach_id} coachName={displayNameOf(page)} />;
  return null;
}

/** The client's "Start a session now" / "Book a time" and "Message", above the coach's page. */
function RequestPanelSlot({ page }: { page: CoachPage }) {
  const auth = useAuth();
  const me = useMe();
  const viewer = viewerOf(auth.status, me.data, page.coach_id);
  return (
    <SessionRequestPanel
      page={page}
      viewer={viewer}
      extra={<MessageButtonFor viewer={viewer.kind} page={page} />}
    />
  );
}

const renderRequestPanel = (page: CoachPage) => <RequestPanelSlot page={page} />;

// Far below the fold on a phone: its code (and the reviews) come when the person scrolls near.
const CoachReviewsSection = lazy(async () => ({
  default: (await import('#web/features/reviews/components/coach-reviews-section')).CoachReviewsSection,
}));

/** The coach's visible client reviews, under the page's main column. */
const renderReviews = (page: CoachPage) => (
  <WhenVisible placeholder={<CoachReviewsLoading />}>
    <Suspense fallback={<CoachReviewsLoading />}>
      <CoachReviewsSection coachId={page.coach_id} coachName={displayNameOf(page)} />
    </Suspense>
  </WhenVisible>
);

/**
 * SPEC §2 public coach page: /coach/:username (also by slug), /profile/:username and /profile/{id}
 * — one view, never redirected. Anyone may look, signed in or not.
 */
export function CoachProfilePage() {
  const { username } = useParams();
  return (
    <CoachProfileScreen
      key={username}
      coachRef={username}
      renderFollow={renderFollowButtons}
      banner={renderRequestPanel}
      reviews={renderReviews}
    />
  );
}
