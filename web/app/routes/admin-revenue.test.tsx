import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Me } from '#contracts/auth';
import type { AdminWithdrawal, AdminWithdrawalList, WithdrawalStatusName } from '#contracts/payouts';
import { buildMe, buildSession } from '#web/test/fixtures/auth';
import { type StubHandler, type StubResponse } from '#web/test/api';
import { renderApp } from '#web/test/render-app';

const REQUESTED: AdminWithdrawal = {
  id: '11111111-1111-4111-8111-111111111111',
  amount: 4_500,
  currency: 'usd',
  status: 'requested',
  payout_method: { id: '22222222-2222-4222-8222-222222222222', kind: 'bank_account', label: 'Chase ••6789' },
  requested_at: '2026-11-20T09:00:00.000Z',
  decided_at: null,
  rejection_reason: null,
  paid_at: null,
  payment_reference: null,
  coach: { id: '33333333-3333-4333-8333-333333333333', name: 'Dana Payee', email: 'dana@example.test' },
  payout_details: null,
};
const APPROVED: AdminWithdrawal = {
  ...REQUESTED,
  id: '44444444-4444-4444-8444-444444444444',
  amount: 2_000,
  status: 'approved',
  decided_at: '2026-11-20T10:00:00.000Z',
  payout_details: {
    kind: 'bank_account',
    holder_name: 'Dana Payee',
    bank_name: 'Chase',
    routing_number: '021000021',
    account_number: '000123456789',
  },
};
const TOTALS: AdminWithdrawalList['totals'] = {
  requested: { count: 1, amount: 4_500 },
  approved: { count: 1, amount: 2_000 },
  paid: { count: 0, amount: 0 },
  rejected: { count: 0, amount: 0 },
};

const admin = (role: 'financial_admin' | 'coach_manager' = 'financial_admin'): Me =>
  buildMe({
    roles: [],
    active_role: null,
    aal: 'aal2',
    has_verified_factor: true,
    is_guest: false,
    admin: {
      admin_role: role,
      permissions:
        role === 'financial_admin'
          ? ['view_revenue', 'manage_payouts', 'view_financial_reports', 'view_platform_revenue']
          : ['view_coaches', 'manage_applications', 'view_coach_stats'],
      is_active: true,
    },
  });

const list = (status: WithdrawalStatusName): AdminWithdrawalList => ({
  status,
  withdrawals: status === 'requested' ? [REQUESTED] : status === 'approved' ? [APPROVED] : [],
  totals: TOTALS,
});

function renderQueue(extra: Record<string, StubHandler | StubResponse> = {}, me: Me = admin()) {
  return renderApp({
    at: '/admin/revenue',
    me,
    session: buildSession({ aal: 'aal2', verifiedFactor: true }),
    extra: {
      'GET /api/admin/withdrawals': ({ url }) => ({
        body: list((url.searchParams.get('status') ?? 'requested') as WithdrawalStatusName),
      }),
      ...extra,
    },
  });
}

const keyOf = (api: ReturnType<typeof renderQueue>['api'], path: string) =>
  api.fetch.mock.calls
    .filter(([input, init]) => String(input) === path && init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);

describe('/admin/revenue', () => {
  it('shows the totals and the requested withdrawals; Approve sends one keyed request and refreshes the queue', async () => {
    const user = userEvent.setup();
    const { api } = renderQueue({
      [`POST /api/admin/withdrawals/${REQUESTED.id}/approve`]: { body: { ...REQUESTED, status: 'approved' } },
    });
    const card = await screen.findByRole('listitem', { name: '$45.00 for Dana Payee' });
    expect(screen.getByText('Waiting for approval')).toBeInTheDocument();
    expect(within(card).getByText('dana@example.test')).toBeInTheDocument();
    // Requested withdrawals show the masked method only.
    expect(within(card).queryByText('000123456789')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this withdrawal?' });
    expect(dialog).toHaveTextContent('$45.00 to Dana Payee (Chase ••6789)');
    const listCalls = api.callsTo('GET', '/api/admin/withdrawals').length;
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', `/api/admin/withdrawals/${REQUESTED.id}/approve`)).toHaveLength(1);
    expect(keyOf(api, `/api/admin/withdrawals/${REQUESTED.id}/approve`)[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/admin/withdrawals').length).toBeGreaterThan(listCalls),
    );
  });

  it('Reject needs a reason and sends it', async () => {
    const user = userEvent.setup();
    const { api } = renderQueue({
      [`POST /api/admin/withdrawals/${REQUESTED.id}/reject`]: { body: { ...REQUESTED, status: 'rejected' } },
    });
    const card = await screen.findByRole('listitem', { name: '$45.00 for Dana Payee' });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Tell the coach why the withdrawal is rejected.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/admin/withdrawals/${REQUESTED.id}/reject`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The account is closed.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', `/api/admin/withdrawals/${REQUESTED.id}/reject`)[0]?.body).toEqual({
      reason: 'The account is closed.',
    });
  });

  it('approved withdrawals show the full details to pay; Mark paid sends the payment reference', async () => {
    const user = userEvent.setup();
    const { api, router } = renderQueue({
      [`POST /api/admin/withdrawals/${APPROVED.id}/mark-paid`]: { body: { ...APPROVED, status: 'paid' } },
    });
    await user.click(await screen.findByRole('tab', { name: /Approved/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?withdrawals=approved'));
    const card = await screen.findByRole('listitem', { name: '$20.00 for Dana Payee' });
    expect(within(card).getByText('000123456789')).toBeInTheDocument();
    expect(within(card).getByText('021000021')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    expect(within(dialog).getByText('000123456789')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(
      within(dialog).getByText('Enter the reference of the bank transfer or PayPal payment.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Payment reference' }), 'ACH-42');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', `/api/admin/withdrawals/${APPROVED.id}/mark-paid`)[0]?.body).toEqual({
      payment_reference: 'ACH-42',
    });
  });

  it('says so when someone else decided first, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    renderQueue({
      [`POST /api/admin/withdrawals/${REQUESTED.id}/approve`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'This withdrawal was already rejected. Refresh the list to see it under Rejected.',
            requestId: 'r',
          },
        },
      },
    });
    const card = await screen.findByRole('listitem', { name: '$45.00 for Dana Payee' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText(
        'This withdrawal was already rejected. Refresh the list to see it under Rejected.',
      ),
    ).toBeInTheDocument();
  });

  it('an admin without view_revenue is told so and nothing is fetched', async () => {
    const { api } = renderQueue({}, admin('coach_manager'));
    expect(
      await screen.findByRole('heading', { name: 'Revenue is not part of your admin role' }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/withdrawals')).toHaveLength(0);
  });
});
