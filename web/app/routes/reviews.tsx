import { FullScreenLoader } from '#web/components/full-screen-loader';
import { MyReviewsScreen } from '#web/features/reviews/components/my-reviews-screen';
import { useMe } from '#web/features/roles/api/get-me';
import { useDocumentTitle } from '#web/lib/use-document-title';

/**
 * /reviews and /rating-reviews (SPEC §2): one screen, the signed-in person's reviews
 * in their active role (the coach's when coach is active, the client's otherwise).
 */
export function ReviewsPage() {
  const me = useMe();
  useDocumentTitle('Reviews');
  if (!me.data) return <FullScreenLoader />;
  const as = me.data.active_role === 'coach' ? 'coach' : 'client';
  return <MyReviewsScreen key={as} as={as} />;
}
