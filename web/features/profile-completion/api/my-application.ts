import { useQuery } from '@tanstack/react-query';
import type { MyApplicationResponse } from '#contracts/applications';
import { useAuth } from '#web/lib/auth/use-auth';
import { myApplicationQueryOptions } from '#web/lib/queries/my-application';

const statusOf = ({ status, rejection_reason }: MyApplicationResponse) => ({ status, rejection_reason });

/**
 * GET /api/coach-applications/me (the shared query), reduced to what the coach home shows. No data
 * when it cannot be read: the card is then left out rather than guessed.
 */
export function useMyApplicationStatus() {
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  return useQuery({
    ...myApplicationQueryOptions(userId),
    select: statusOf,
    enabled: auth.status === 'signed_in' && userId !== '',
  });
}
