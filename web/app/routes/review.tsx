import { useParams } from 'react-router';
import { SessionReviewScreen } from '#web/features/reviews/components/session-review-screen';
import { useMe } from '#web/features/roles/api/get-me';
import { homeOf } from '#web/features/roles/route-access';
import { useDocumentTitle } from '#web/lib/use-document-title';

/**
 * /review/:sessionId (the client rates the coach) and /coach-review/:sessionId (the coach reviews the
 * client), SPEC §2, . The screen follows who the person was in the session; the
 * server answers 404 to anyone else.
 */
export function ReviewPage() {
  const { sessionId = '' } = useParams();
  const me = useMe();
  useDocumentTitle('Review');
  return (
    <SessionReviewScreen
      key={sessionId}
      sessionId={sessionId}
      homePath={homeOf(me.data?.active_role ?? null)}
    />
  );
}
