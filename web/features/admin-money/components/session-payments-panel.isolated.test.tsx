import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RefundResult, SessionPayment, SessionPaymentsPage } from '#contracts/admin-money';
import { ToastProvider } from '#web/components/toast';
import { createQueryClient } from '#web/lib/query-client';
import { apiError, stubApi, type StubHandler, type StubResponse } from '#web/test/api';
import { SessionPaymentsPanel } from './session-payments-panel';

const HOLD_ID = '5a0b6c1d-2e3f-4a5b-8c6d-7e8f9a0b1c2d';
const PAYMENT: SessionPayment = {
  id: HOLD_ID,
  reference: { type: 'session_request', id: 'req-1' },
  client: {
    user_id: '00000000-0000-4000-8000-00000000000a',
    name: 'Nadia Client',
    email: 'nadia@example.test',
  },
  coach: {
    user_id: '00000000-0000-4000-8000-00000000000b',
    name: 'Oscar Coach',
    email: 'oscar@example.test',
  },
  format: 'video',
  duration_minutes: 30,
  amount: 4_000,
  coach_amount: 3_800,
  platform_amount: 200,
  refunded_amount: 1_000,
  refundable_amount: 3_000,
  settled_at: '2026-11-20T15:00:00.000Z',
  refunds: [
    {
      id: '6b1c7d2e-3f4a-4b5c-8d6e-7f8a9b0c1d2e',
      amount: 1_000,
      reason: 'The video dropped for ten minutes.',
      refunded_by: { user_id: '00000000-0000-4000-8000-00000000000c', name: 'Fran Finance' },
      created_at: '2026-11-20T16:00:00.000Z',
    },
  ],
};
const page = (payments: SessionPayment[]): SessionPaymentsPage => ({ payments, next_cursor: null });

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPanel(extra: Record<string, StubHandler | StubResponse> = {}) {
  const api = stubApi({ 'GET /api/admin/session-payments': { body: page([PAYMENT]) }, ...extra });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <SessionPaymentsPanel />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { api, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await screen.findByRole('button', { name: /Refund… Nadia Client's payment to Oscar Coach/ }),
  );
  return screen.findByRole('dialog', { name: 'Refund Nadia Client' });
}

describe('SessionPaymentsPanel', () => {
  it('lists payments with the split, what is left and the past refunds with reason and author', async () => {
    renderPanel();
    const card = await screen.findByRole('article', { name: /Nadia Client.*Oscar Coach/ });
    expect(within(card).getByText('$40.00')).toBeInTheDocument();
    expect(within(card).getByText('Video session · 30 min', { exact: false })).toBeInTheDocument();
    expect(within(card).getByText('$38.00')).toBeInTheDocument();
    expect(within(card).getByText('$30.00')).toBeInTheDocument();
    expect(within(card).getByText('The video dropped for ten minutes.')).toBeInTheDocument();
    expect(within(card).getByText(/by Fran Finance/)).toBeInTheDocument();
  });

  it('searches by name or email after typing stops', async () => {
    const { api, user } = renderPanel({
      'GET /api/admin/session-payments': ({ url }) => ({
        body: page(url.searchParams.get('q') === 'zed' ? [] : [PAYMENT]),
      }),
    });
    await screen.findByRole('article', { name: /Nadia Client/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search payments by client or coach' }), 'zed');
    expect(await screen.findByText('No payments match your search')).toBeInTheDocument();
    expect(
      api.calls.filter((call) => call.path === '/api/admin/session-payments').map((call) => call.search),
    ).toEqual(['', '?q=zed']);
  });
});

describe('RefundDialog', () => {
  it('starts at what is left and validates amount and reason before sending anything', async () => {
    const { api, user } = renderPanel();
    const dialog = await openDialog(user);
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund (USD)' });
    expect(amount).toHaveValue('30.00');

    await user.click(within(dialog).getByRole('button', { name: 'Refund to wallet' }));
    expect(
      within(dialog).getByText('Give a reason for the refund: the client and the coach may ask why.'),
    ).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '30.01');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'meh');
    await user.click(within(dialog).getByRole('button', { name: 'Refund to wallet' }));
    expect(
      within(dialog).getByText('At most $30.00 is left to refund for this session.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Write at least 5 characters so the reason is clear later.'),
    ).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Refund to wallet' }));
    expect(within(dialog).getByText('Enter an amount in dollars and cents, like 12.50.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Refund to wallet' }));
    expect(within(dialog).getByText('The refund must be at least $0.01.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/admin/session-payments/${HOLD_ID}/refunds`)).toHaveLength(0);
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    const { api, user } = renderPanel({
      [`POST /api/admin/session-payments/${HOLD_ID}/refunds`]: {
        status: 409,
        body: {
          error: {
            code: 'REFUND_EXCEEDS_CAPTURED',
            message: 'At most $5.00 is left to refund for this session.',
            requestId: 'r',
            details: [{ path: 'amount', message: 'At most $5.00 is left to refund for this session.' }],
          },
        },
      },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Coach did not show up.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund to wallet' }));
    expect(
      await within(dialog).findByText('At most $5.00 is left to refund for this session.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Coach did not show up.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/admin/session-payments/${HOLD_ID}/refunds`)).toHaveLength(1);
  });

  it('shows a general server error and retries the same attempt with the same Idempotency-Key', async () => {
    let calls = 0;
    const keys: (string | null)[] = [];
    const { user } = renderPanel({
      [`POST /api/admin/session-payments/${HOLD_ID}/refunds`]: () => {
        calls += 1;
        return calls === 1
          ? apiError(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.')
          : { status: 201, body: {} };
      },
    });
    const fetchSpy = vi.mocked(fetch);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Coach did not show up.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund to wallet' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The service is temporarily unavailable.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund to wallet' }));
    await waitFor(() => expect(calls).toBe(2));
    for (const [input, init] of fetchSpy.mock.calls)
      if (String(input).includes('/refunds'))
        keys.push(new Headers(init?.headers as HeadersInit).get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('refunds, says so in a toast, closes and shows the updated payment', async () => {
    const refunded: SessionPayment = {
      ...PAYMENT,
      refunded_amount: 2_250,
      refundable_amount: 1_750,
      refunds: [
        ...PAYMENT.refunds,
        {
          id: '7c2d8e3f-4a5b-4c6d-8e7f-8a9b0c1d2e3f',
          amount: 1_250,
          reason: 'Audio was poor for half the session.',
          refunded_by: { user_id: '00000000-0000-4000-8000-00000000000c', name: 'Fran Finance' },
          created_at: '2026-11-21T09:00:00.000Z',
        },
      ],
    };
    let current = PAYMENT;
    const result: RefundResult = {
      refund: refunded.refunds[1]!,
      from_coach: 1_187,
      from_platform: 63,
      payment: refunded,
    };
    const { api, user } = renderPanel({
      'GET /api/admin/session-payments': () => ({ body: page([current]) }),
      [`POST /api/admin/session-payments/${HOLD_ID}/refunds`]: () => {
        current = refunded;
        return { status: 201, body: result };
      },
    });
    const dialog = await openDialog(user);
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund (USD)' });
    await user.clear(amount);
    await user.type(amount, '$12.50');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      '  Audio was poor for half the session.  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund to wallet' }));

    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('Refund sent')).toBeInTheDocument();
    expect(within(toasts).getByText("$12.50 is back in Nadia Client's wallet.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      api.callsTo('POST', `/api/admin/session-payments/${HOLD_ID}/refunds`).map((call) => call.body),
    ).toEqual([{ amount: 1_250, reason: 'Audio was poor for half the session.' }]);
    const card = screen.getByRole('article', { name: /Nadia Client/ });
    expect(await within(card).findByText('Audio was poor for half the session.')).toBeInTheDocument();
    expect(within(card).getByText('$17.50')).toBeInTheDocument();
    // Focus stays with the payment for the next keyboard step.
    await waitFor(() => expect(card.contains(document.activeElement)).toBe(true));
  });

  it('after a refund in full the Refund button is gone and the payment keeps the focus', async () => {
    const full: SessionPayment = { ...PAYMENT, refunded_amount: 4_000, refundable_amount: 0 };
    let current = PAYMENT;
    const { user } = renderPanel({
      'GET /api/admin/session-payments': () => ({ body: page([current]) }),
      [`POST /api/admin/session-payments/${HOLD_ID}/refunds`]: () => {
        current = full;
        return {
          status: 201,
          body: { refund: PAYMENT.refunds[0], from_coach: 2_850, from_platform: 150, payment: full },
        };
      },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Coach never joined.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund to wallet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = screen.getByRole('article', { name: /Nadia Client/ });
    expect(within(card).getByText('Refunded in full')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Refund…/ })).not.toBeInTheDocument();
    await waitFor(() => expect(card).toHaveFocus());
  });
});
