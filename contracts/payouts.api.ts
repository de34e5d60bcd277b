import { endpointGroup } from './endpoint';
import {
  adminWithdrawalListSchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalSchema,
  PAYOUT_ACCESS_MESSAGES,
  payoutMethodCreateBodySchema,
  payoutMethodIdParamsSchema,
  payoutMethodListSchema,
  payoutMethodRemovedSchema,
  payoutMethodSchema,
  withdrawalCreateBodySchema,
  withdrawalIdParamsSchema,
  withdrawalListSchema,
  withdrawalMarkPaidBodySchema,
  withdrawalRejectBodySchema,
  withdrawalSchema,
} from './payouts';

const endpoint = endpointGroup('Payouts');
const asCoach = { role: 'coach', forbidden: PAYOUT_ACCESS_MESSAGES.coachOnly } as const;
const coachEndpoint = endpoint.as(asCoach);
const managePayoutsEndpoint = endpoint.as({ admin: 'manage_payouts' });
const viewRevenueEndpoint = endpoint.as({ admin: 'view_revenue' });

/**
 * Payout methods and withdrawals of the calling coach, and the financial admins' withdrawal queue
 *. Coaches act on their own rows only (someone else's answers 404); money-moving
 * POSTs need an Idempotency-Key; admin endpoints need view_revenue (list) or manage_payouts (decisions).
 */
export const payoutsApi = {
  listMethods: coachEndpoint({
    method: 'GET',
    path: '/api/payout-methods',
    summary: "The calling coach's payout methods (masked)",
    responses: { 200: payoutMethodListSchema },
  }),
  addMethod: coachEndpoint({
    method: 'POST',
    path: '/api/payout-methods',
    summary: 'Add a bank account or PayPal address (the first becomes the default)',
    body: payoutMethodCreateBodySchema,
    responses: { 201: payoutMethodSchema },
  }),
  removeMethod: coachEndpoint({
    method: 'DELETE',
    path: '/api/payout-methods/:id',
    summary: 'Remove a payout method (withdrawals made to it keep it)',
    params: payoutMethodIdParamsSchema,
    responses: { 200: payoutMethodRemovedSchema },
  }),
  setDefaultMethod: coachEndpoint({
    method: 'POST',
    path: '/api/payout-methods/:id/default',
    summary: 'Make a payout method the default',
    params: payoutMethodIdParamsSchema,
    responses: { 200: payoutMethodListSchema },
  }),
  listWithdrawals: coachEndpoint({
    method: 'GET',
    path: '/api/withdrawals',
    summary: "The calling coach's withdrawals",
    responses: { 200: withdrawalListSchema },
  }),
  getWithdrawal: endpoint({
    method: 'GET',
    path: '/api/withdrawals/:id',
    summary: "One of the caller's withdrawals",
    access: 'signed-in',
    params: withdrawalIdParamsSchema,
    responses: { 200: withdrawalSchema },
  }),
  requestWithdrawal: endpoint({
    method: 'POST',
    path: '/api/withdrawals',
    summary: 'Withdraw available earnings to a payout method (second factor verified in this session)',
    access: { ...asCoach, aal2: PAYOUT_ACCESS_MESSAGES.withdrawalNeedsAal2 },
    idempotent: true,
    body: withdrawalCreateBodySchema,
    responses: { 201: withdrawalSchema },
  }),
  adminList: viewRevenueEndpoint({
    method: 'GET',
    path: '/api/admin/withdrawals',
    summary: 'The withdrawal queue of one status, with the totals of every status',
    query: adminWithdrawalQuerySchema,
    responses: { 200: adminWithdrawalListSchema },
  }),
  approve: managePayoutsEndpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/approve',
    summary: 'Approve a requested withdrawal (audit-logged)',
    idempotent: true,
    params: withdrawalIdParamsSchema,
    responses: { 200: adminWithdrawalSchema },
  }),
  reject: managePayoutsEndpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/reject',
    summary: "Reject a withdrawal: the money goes back to the coach's available earnings (audit-logged)",
    idempotent: true,
    params: withdrawalIdParamsSchema,
    body: withdrawalRejectBodySchema,
    responses: { 200: adminWithdrawalSchema },
  }),
  markPaid: managePayoutsEndpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/mark-paid',
    summary: 'Record that an approved withdrawal was paid outside the platform (audit-logged)',
    idempotent: true,
    params: withdrawalIdParamsSchema,
    body: withdrawalMarkPaidBodySchema,
    responses: { 200: adminWithdrawalSchema },
  }),
};
