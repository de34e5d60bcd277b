import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminWithdrawalListSchema,
  adminWithdrawalSchema,
  type WithdrawalStatusName,
} from '../../../../contracts/payouts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/withdrawals?status=: one tab of the queue, with the totals of every status. */
export const adminWithdrawalsQueryOptions = (status: WithdrawalStatusName) =>
  queryOptions({
    queryKey: ['admin', 'withdrawals', status],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/withdrawals?status=${status}`, adminWithdrawalListSchema, { signal }),
    // Other admins act on the same queue: look again whenever the screen opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export type WithdrawalDecision =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'mark-paid'; payment_reference: string };

/**
 * POST /api/admin/withdrawals/:id/{approve,reject,mark-paid} with an Idempotency-Key made once per
 * decision (the dialog keeps it to retry the same decision after a lost answer).
 */
export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, key }: { id: string; decision: WithdrawalDecision; key: string }) =>
      apiRequest(
        `/api/admin/withdrawals/${encodeURIComponent(id)}/${decision.action}`,
        adminWithdrawalSchema,
        {
          method: 'POST',
          ...(decision.action === 'reject'
            ? { body: { reason: decision.reason } }
            : decision.action === 'mark-paid'
              ? { body: { payment_reference: decision.payment_reference } }
              : {}),
          headers: { 'idempotency-key': key },
        },
      ),
    // A conflict (someone else decided first) also changes what the queue should show.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] }),
  });
}

export const newIdempotencyKey = () => crypto.randomUUID();
