import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawalStatusName } from '#contracts/payouts';
import { payoutsApi } from '#contracts/payouts.api';
import { api } from '#web/lib/api';

/** GET /api/admin/withdrawals?status=: one tab of the queue, with the totals of every status. */
export const adminWithdrawalsQueryOptions = (status: WithdrawalStatusName) =>
  queryOptions({
    queryKey: ['admin', 'withdrawals', status],
    queryFn: ({ signal }) => api(payoutsApi.adminList, { query: { status } }, { signal }),
    // Other admins act on the same queue: look again whenever the screen opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export type WithdrawalDecision =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'mark-paid'; payment_reference: string };

function decide(id: string, decision: WithdrawalDecision, idempotencyKey: string) {
  const params = { id };
  switch (decision.action) {
    case 'approve':
      return api(payoutsApi.approve, { params }, { idempotencyKey });
    case 'reject':
      return api(payoutsApi.reject, { params, body: { reason: decision.reason } }, { idempotencyKey });
    case 'mark-paid':
      return api(
        payoutsApi.markPaid,
        { params, body: { payment_reference: decision.payment_reference } },
        { idempotencyKey },
      );
  }
}

/**
 * POST /api/admin/withdrawals/:id/{approve,reject,mark-paid} with an Idempotency-Key made once per
 * decision (the dialog keeps it to retry the same decision after a lost answer).
 */
export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, key }: { id: string; decision: WithdrawalDecision; key: string }) =>
      decide(id, decision, key),
    // A conflict (someone else decided first) also changes what the queue should show.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] }),
  });
}

export { newIdempotencyKey } from '#web/lib/api';
