import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutMethodCreateBody, WithdrawalCreateBody } from '#contracts/payouts';
import { payoutsApi } from '#contracts/payouts.api';
import { api } from '#web/lib/api';

/** GET /api/payout-methods: the coach's methods, masked, the default first. */
export const payoutMethodsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['payout-methods', userId],
    queryFn: ({ signal }) => api(payoutsApi.listMethods, undefined, { signal }),
  });

/** GET /api/withdrawals/:id: one of the caller's withdrawals. */
export const withdrawalQueryOptions = (userId: string, id: string) =>
  queryOptions({
    queryKey: ['withdrawals', userId, id],
    queryFn: ({ signal }) => api(payoutsApi.getWithdrawal, { params: { id } }, { signal }),
    staleTime: 0,
  });

/** GET /api/withdrawals: the caller's withdrawals, newest first. */
export const withdrawalsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['withdrawals', userId],
    queryFn: ({ signal }) => api(payoutsApi.listWithdrawals, undefined, { signal }),
    staleTime: 0,
  });

export function useAddPayoutMethod(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutMethodCreateBody) => api(payoutsApi.addMethod, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payout-methods', userId] }),
  });
}

export function useRemovePayoutMethod(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(payoutsApi.removeMethod, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payout-methods', userId] }),
  });
}

export function useSetDefaultPayoutMethod(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(payoutsApi.setDefaultMethod, { params: { id } }),
    onSuccess: (list) => queryClient.setQueryData(['payout-methods', userId], list),
  });
}

export { newIdempotencyKey } from '#web/lib/api';

/**
 * POST /api/withdrawals with an Idempotency-Key made once per attempt: the caller keeps it to retry
 * the same attempt (after the second-factor step, or a lost answer), so it never pays out twice.
 */
export function useRequestWithdrawal(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: WithdrawalCreateBody; key: string }) =>
      api(payoutsApi.requestWithdrawal, { body }, { idempotencyKey: key }),
    onSuccess: (withdrawal) => {
      queryClient.setQueryData(['withdrawals', userId, withdrawal.id], withdrawal);
      return queryClient.invalidateQueries({ queryKey: ['withdrawals', userId], exact: true });
    },
  });
}
