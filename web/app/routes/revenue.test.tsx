import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Earnings } from '#contracts/earnings';
import type { PayoutMethod, Withdrawal } from '#contracts/payouts';
import { apiError, type StubHandler, type StubResponse } from '#web/test/api';
import { buildMe, buildSession } from '#web/test/fixtures/auth';
import { renderApp } from '#web/test/render-app';

const FACTOR_ID = '00000000-0000-4000-8000-0000000000f1';
const METHOD: PayoutMethod = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'bank_account',
  label: 'Chase ••6789',
  is_default: true,
  created_at: '2026-11-01T10:00:00.000Z',
};
const PAYPAL: PayoutMethod = {
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'paypal',
  label: 'PayPal ma••@example.com',
  is_default: false,
  created_at: '2026-11-02T10:00:00.000Z',
};

const series = Array.from({ length: 30 }, (_, index) => ({
  period: new Date(Date.UTC(2026, 9, 23 + index)).toISOString().slice(0, 10),
  amount: index === 29 ? 4_750 : index === 20 ? 1_900 : 0,
}));

const EARNINGS: Earnings = {
  currency: 'usd',
  pending: 1_900,
  available: 4_750,
  in_payout: 0,
  paid_out: 0,
  lifetime: 6_650,
  withdrawal_minimum: 2_000,
  earnings_hold_days: 7,
  range: '30d',
  series,
  by_format: [
    { format: 'text', sessions: 1, amount: 1_900 },
    { format: 'audio', sessions: 0, amount: 0 },
    { format: 'video', sessions: 1, amount: 4_750 },
  ],
  sessions: {
    items: [
      {
        id: '33333333-3333-4333-8333-333333333333',
        source_type: 'session_request',
        source_id: '44444444-4444-4444-8444-444444444444',
        date: '2026-11-21T08:00:00.000Z',
        client_name: 'Jamie Rivers',
        format: 'video',
        duration: 30,
        price: 5_000,
        earnings: 4_750,
        refunded: 0,
        status: 'available',
        available_at: '2026-11-21T08:00:00.000Z',
      },
    ],
    page: 1,
    page_size: 10,
    total: 1,
  },
  transactions: [
    {
      id: '55555555-5555-4555-8555-555555555555',
      coach_id: '00000000-0000-4000-8000-000000000001',
      source_type: 'session',
      source_id: '44444444-4444-4444-8444-444444444444',
      amount: 4_750,
      transaction_type: 'credit',
      description: 'Video session with Jamie Rivers (30 min)',
      client_name: 'Jamie Rivers',
      created_at: '2026-11-14T08:00:00.000Z',
    },
  ],
};

const WITHDRAWAL: Withdrawal = {
  id: '66666666-6666-4666-8666-666666666666',
  amount: 3_000,
  currency: 'usd',
  status: 'requested',
  payout_method: { id: METHOD.id, kind: METHOD.kind, label: METHOD.label },
  requested_at: '2026-11-21T09:00:00.000Z',
  decided_at: null,
  rejection_reason: null,
  paid_at: null,
  payment_reference: null,
};

const coach = buildMe({ roles: ['coach'], active_role: 'coach' });

function renderRevenue({
  methods = [METHOD, PAYPAL],
  verifiedFactor = true,
  extra = {},
}: {
  methods?: PayoutMethod[];
  verifiedFactor?: boolean;
  extra?: Record<string, StubHandler | StubResponse>;
} = {}) {
  return renderApp({
    at: '/revenue',
    me: { ...coach, has_verified_factor: verifiedFactor },
    session: buildSession({ aal: 'aal1', verifiedFactor }),
    extra: {
      'GET /api/earnings': { body: EARNINGS },
      'GET /api/withdrawals': { body: { withdrawals: [] } },
      'GET /api/payout-methods': { body: { payout_methods: methods } },
      ...extra,
    },
  });
}

async function openWithdraw() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
  const dialog = await screen.findByRole('dialog', { name: 'Withdraw earnings' });
  return { user, dialog };
}

/** The Idempotency-Key of each POST /api/withdrawals the page sent. */
function withdrawalKeys(api: ReturnType<typeof renderRevenue>['api']) {
  return api.fetch.mock.calls
    .filter(([input, init]) => String(input).startsWith('/api/withdrawals') && init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);
}

describe('/revenue', () => {
  it('shows the balances from the server, the chart, sessions and transactions', async () => {
    renderRevenue();
    expect(await screen.findByTestId('earnings-available')).toHaveTextContent('$47.50');
    expect(screen.getByText('Becomes available 7 days after a session.')).toBeInTheDocument();
    const chart = screen.getByRole('group', { name: 'Earnings per day (UTC)' });
    expect(within(chart).getAllByRole('img')).toHaveLength(30);
    expect(within(chart).getByRole('img', { name: 'Nov 21: $47.50' })).toBeInTheDocument();
    expect(screen.getAllByText('Jamie Rivers').length).toBeGreaterThan(0);
    expect(screen.getByText('Video session with Jamie Rivers (30 min)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('starts the withdrawal at everything available and refuses less than the minimum or more than available, sending nothing', async () => {
    const { api } = renderRevenue();
    const { user, dialog } = await openWithdraw();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (USD)' });
    expect(amount).toHaveValue('47.50');
    expect(within(dialog).getByRole('combobox', { name: 'Pay to' })).toHaveValue(METHOD.id);

    await user.clear(amount);
    await user.type(amount, '19.99');
    await user.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
    expect(within(dialog).getByText('The smallest withdrawal is $20.00.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await user.clear(amount);
    await user.type(amount, '47.51');
    await user.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
    expect(within(dialog).getByText('You can withdraw at most $47.50 now.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/withdrawals')).toHaveLength(0);
  });

  it('asks for the second factor, then sends the same attempt with the same key and lands on the success page', async () => {
    let attempts = 0;
    const { api, router } = renderRevenue({
      extra: {
        'POST /api/withdrawals': () => {
          attempts += 1;
          return attempts === 1
            ? apiError(403, 'INSUFFICIENT_AAL', 'Withdrawals need your authenticator app.')
            : { status: 201, body: WITHDRAWAL };
        },
        [`POST /auth/v1/factors/${FACTOR_ID}/challenge`]: {
          body: { id: '77777777-7777-4777-8777-777777777777', type: 'totp', expires_at: 9_999_999_999 },
        },
        [`POST /auth/v1/factors/${FACTOR_ID}/verify`]: {
          body: buildSession({ aal: 'aal2', verifiedFactor: true }),
        },
        [`GET /api/withdrawals/${WITHDRAWAL.id}`]: { body: WITHDRAWAL },
      },
    });
    const { user, dialog } = await openWithdraw();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (USD)' });
    await user.clear(amount);
    await user.type(amount, '30');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Pay to' }), PAYPAL.id);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Pay to' }), METHOD.id);
    await user.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));

    const code = await within(dialog).findByLabelText('Authenticator code');
    expect(
      within(dialog).getByRole('heading', { name: 'Enter the 6-digit code from your authenticator app' }),
    ).toBeInTheDocument();
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/withdrawal/success'));
    expect(router.state.location.search).toBe(`?id=${WITHDRAWAL.id}`);
    const bodies = api.callsTo('POST', '/api/withdrawals').map((call) => call.body);
    expect(bodies).toEqual([
      { amount: 3_000, payout_method_id: METHOD.id },
      { amount: 3_000, payout_method_id: METHOD.id },
    ]);
    const keys = withdrawalKeys(api);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);

    expect(await screen.findByTestId('withdrawal-amount')).toHaveTextContent('$30.00');
    expect(screen.getByText('Requested')).toBeInTheDocument();
    expect(
      screen.getByText(
        'A Wellspring finance admin reviews it and sends the money to Chase ••6789; it shows as paid in Revenue.',
      ),
    ).toBeInTheDocument();
  });

  it('a coach without an authenticator is told to set one up in Settings', async () => {
    renderRevenue({
      verifiedFactor: false,
      extra: { 'POST /api/withdrawals': apiError(403, 'INSUFFICIENT_AAL', 'Withdrawals need your app.') },
    });
    const { user, dialog } = await openWithdraw();
    await user.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
    expect(
      await within(dialog).findByRole('heading', { name: 'Set up your authenticator app first' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings');
  });

  it('shows what the server refuses next to the amount', async () => {
    renderRevenue({
      extra: {
        'POST /api/withdrawals': {
          status: 402,
          body: {
            error: {
              code: 'INSUFFICIENT_FUNDS',
              message: 'You can withdraw at most $12.00 now.',
              requestId: 'r',
              details: [{ path: 'body.amount', message: 'You can withdraw at most $12.00 now.' }],
            },
          },
        },
      },
    });
    const { user, dialog } = await openWithdraw();
    await user.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }));
    expect(await within(dialog).findByText('You can withdraw at most $12.00 now.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Amount (USD)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('without a payout method, points to /cards and cannot submit', async () => {
    renderRevenue({ methods: [] });
    const { dialog } = await openWithdraw();
    expect(await within(dialog).findByRole('link', { name: 'Add a payout method' })).toHaveAttribute(
      'href',
      '/cards',
    );
    expect(within(dialog).getByRole('button', { name: 'Request withdrawal' })).toBeDisabled();
  });

  it('cannot withdraw below the minimum: the button is off and says when earnings become available', async () => {
    renderApp({
      at: '/revenue',
      me: coach,
      extra: {
        'GET /api/earnings': { body: { ...EARNINGS, available: 1_500 } },
        'GET /api/withdrawals': { body: { withdrawals: [] } },
      },
    });
    expect(await screen.findByRole('button', { name: 'Withdraw' })).toBeDisabled();
    expect(screen.getByText('You can withdraw once at least $20.00 is available.')).toBeInTheDocument();
  });
});
