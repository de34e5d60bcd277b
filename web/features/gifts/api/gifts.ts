import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { discoveryApi } from '../../../../contracts/discovery.api';
import {
  cancelGiftResponseSchema,
  claimGiftResponseSchema,
  createGiftResponseSchema,
  giftsResponseSchema,
  type CreateGiftBody,
} from '../../../../contracts/gifts';
import { walletSchema } from '../../../../contracts/wallet';
import { api } from '../../../lib/api';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/gifts: what the caller sent and what is theirs to claim. */
export const giftsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['gifts', userId],
    queryFn: ({ signal }) => apiRequest('/api/gifts', giftsResponseSchema, { signal }),
  });

/** GET /api/wallet, under the wallet screen's key so both stay in step after a gift moves money. */
export const walletBalanceQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['wallet', userId],
    queryFn: ({ signal }) => apiRequest('/api/wallet', walletSchema, { signal }),
  });

/** How many coaches the picker offers per search. */
export const COACH_PICKER_SIZE = 6;

/** GET /api/coaches?q=…: listed coaches to gift a session with (text search, best rated first). */
export const coachPickerQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['gifts', 'coaches', q],
    queryFn: ({ signal }) =>
      api(discoveryApi.search, { query: { pageSize: COACH_PICKER_SIZE, q: q || undefined } }, { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/**
 * Money-moving POSTs carry an Idempotency-Key made once per user action; the caller keeps it while
 * retrying the same action, so a lost answer never sends, claims or cancels twice.
 */
export const newIdempotencyKey = () => crypto.randomUUID();
const idempotent = (key: string) => ({ 'idempotency-key': key });

function useRefreshMoney(userId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: giftsQueryOptions(userId).queryKey }),
      queryClient.invalidateQueries({ queryKey: walletBalanceQueryOptions(userId).queryKey }),
    ]);
}

export function useSendGift(userId: string) {
  const refresh = useRefreshMoney(userId);
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateGiftBody; key: string }) =>
      apiRequest('/api/gifts', createGiftResponseSchema, { method: 'POST', body, headers: idempotent(key) }),
    onSuccess: refresh,
  });
}

export function useClaimGift(userId: string) {
  const refresh = useRefreshMoney(userId);
  return useMutation({
    mutationFn: ({ id, key }: { id: string; key: string }) =>
      apiRequest(`/api/gifts/${encodeURIComponent(id)}/claim`, claimGiftResponseSchema, {
        method: 'POST',
        headers: idempotent(key),
      }),
    // A refusal (claimed elsewhere, cancelled) also changes what the list should show.
    onSettled: refresh,
  });
}

export function useCancelGift(userId: string) {
  const refresh = useRefreshMoney(userId);
  return useMutation({
    mutationFn: ({ id, key }: { id: string; key: string }) =>
      apiRequest(`/api/gifts/${encodeURIComponent(id)}/cancel`, cancelGiftResponseSchema, {
        method: 'POST',
        headers: idempotent(key),
      }),
    onSettled: refresh,
  });
}
