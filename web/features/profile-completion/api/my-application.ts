import { useQuery } from '@tanstack/react-query';
import { myApplicationResponseSchema } from '../../../../contracts/applications';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';

const statusSchema = myApplicationResponseSchema.pick({ status: true, rejection_reason: true });

/**
 * GET /api/coach-applications/me, reduced to what the coach home shows. Null when the endpoint is
 * not there (404): the card is then left out rather than guessed.
 */
export function useMyApplicationStatus() {
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  return useQuery({
    queryKey: ['coach-application', 'me', userId, 'status'],
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest('/api/coach-applications/me', statusSchema, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: auth.status === 'signed_in' && userId !== '',
  });
}
