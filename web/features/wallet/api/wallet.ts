import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoConfirmBody, TopUpBody } from '#contracts/wallet';
import { walletApi } from '#contracts/wallet.api';
import { api } from '#web/lib/api';
import { walletQueryOptions } from '#web/lib/queries/wallet';

/** GET /api/wallet (one definition for every feature that shows the balance). */
export { walletQueryOptions } from '#web/lib/queries/wallet';

/**
 * Money-moving POSTs carry an Idempotency-Key made once per attempt (the caller keeps it for a retry of
 * the same attempt, so a lost answer never pays twice).
 */
export { newIdempotencyKey } from '#web/lib/api';

export function useCreateTopUp() {
  return useMutation({
    mutationFn: ({ body, key }: { body: TopUpBody; key: string }) =>
      api(walletApi.createTopUp, { body }, { idempotencyKey: key }),
  });
}

/**
 * GET /api/wallet/top-ups/:id: the payment as the server knows it. With Stripe the wallet is credited by
 * the signed webhook, so after the browser confirms the card this is polled until the webhook has
 * landed (see StripeCardForm).
 */
export const topUpQueryOptions = (userId: string, paymentId: string, attempt = 0) =>
  queryOptions({
    // `attempt`: each confirmation polls under its own key, so an older answer never decides a newer one.
    queryKey: ['wallet', userId, 'top-up', paymentId, attempt],
    queryFn: ({ signal }) => api(walletApi.getTopUp, { params: { id: paymentId } }, { signal }),
    // Always ask the server again: this is a status that is expected to change.
    staleTime: 0,
    gcTime: 0,
  });

/** Reloads the balance and transactions after money landed. */
export function useRefreshWallet(userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: walletQueryOptions(userId).queryKey, exact: true });
}

export function useDemoConfirm(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, body, key }: { paymentId: string; body: DemoConfirmBody; key: string }) =>
      api(walletApi.demoConfirm, { params: { id: paymentId }, body }, { idempotencyKey: key }),
    onSuccess: async (payment) => {
      if (payment.status === 'succeeded')
        await queryClient.invalidateQueries({ queryKey: walletQueryOptions(userId).queryKey });
    },
  });
}
