import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { REVIEW_EVENTS } from '#contracts/reviews';
import { onUserEvent, onUserResync } from '#web/lib/realtime/user-events';
import { REVIEWS_KEY } from '../api/reviews';

/**
 * Keeps open review screens current: when a session's reviews become visible ('session_review.visible'
 * on the person's own topic) or events may have been missed (a resync), the reviews are read again.
 */
export function useReviewUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
    const offEvent = onUserEvent(REVIEW_EVENTS.visible, reload);
    const offResync = onUserResync(reload);
    return () => {
      offEvent();
      offResync();
    };
  }, [queryClient]);
}
