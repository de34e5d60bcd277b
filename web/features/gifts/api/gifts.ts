import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { discoveryApi } from '#contracts/discovery.api';
import type { CreateGiftBody } from '#contracts/gifts';
import { giftsApi } from '#contracts/gifts.api';
import { api } from '#web/lib/api';
import { walletQueryOptions as walletBalanceQueryOptions } from '#web/lib/queries/wallet';

/** GET /api/gifts: what the caller sent and what is theirs to claim. */
export const giftsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['gifts', userId],
    queryFn: ({ signal }) => api(giftsApi.list, undefined, { signal }),
  });

/** GET /api/wallet, the wallet screen's own query, so both stay in step after a gift moves money. */
export { walletQueryOptions as walletBalanceQueryOptions } from '#web/lib/queries/wallet';

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
export { newIdempotencyKey } from '#web/lib/api';

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
      api(giftsApi.send, { body }, { idempotencyKey: key }),
    onSuccess: refresh,
  });
}

export function useClaimGift(userId: string) {
  const refresh = useRefreshMoney(userId);
  return useMutation({
    mutationFn: ({ id, key }: { id: string; key: string }) =>
      api(giftsApi.claim, { params: { id } }, { idempotencyKey: key }),
    // A refusal (claimed elsewhere, cancelled) also changes what the list should show.
    onSettled: refresh,
  });
}

export function useCancelGift(userId: string) {
  const refresh = useRefreshMoney(userId);
  return useMutation({
    mutationFn: ({ id, key }: { id: string; key: string }) =>
      api(giftsApi.cancel, { params: { id } }, { idempotencyKey: key }),
    onSettled: refresh,
  });
}
