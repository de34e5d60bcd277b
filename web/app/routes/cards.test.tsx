import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PayoutMethod } from '#contracts/payouts';
import { buildMe } from '#web/test/fixtures/auth';
import { type StubHandler, type StubResponse } from '#web/test/api';
import { renderApp } from '#web/test/render-app';

const coach = buildMe({ roles: ['coach'], active_role: 'coach' });
const BANK: PayoutMethod = {
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

function renderCards(methods: PayoutMethod[], extra: Record<string, StubHandler | StubResponse> = {}) {
  let current = methods;
  return renderApp({
    at: '/cards',
    me: coach,
    extra: {
      'GET /api/payout-methods': () => ({ body: { payout_methods: current } }),
      'POST /api/payout-methods': ({ body }) => {
        const created: PayoutMethod = { ...BANK, id: '33333333-3333-4333-8333-333333333333' };
        current = [...current, created];
        return {
          status: 201,
          body: {
            ...created,
            label: (body as { kind: string }).kind === 'paypal' ? PAYPAL.label : BANK.label,
          },
        };
      },
      ...extra,
    },
  });
}

describe('/cards', () => {
  it('an empty list explains itself; the bank form checks each field before sending', async () => {
    const user = userEvent.setup();
    const { api } = renderCards([]);
    expect(await screen.findByText('No payout methods yet')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Account holder name' }), 'Maya Thompson');
    await user.type(screen.getByRole('textbox', { name: 'Bank name' }), 'Chase');
    await user.type(screen.getByRole('textbox', { name: 'Routing number' }), '1234');
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '12');
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));
    expect(
      screen.getByText('The routing number is the 9 digits printed on your checks.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The account number is 4 to 17 digits.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payout-methods')).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'Routing number' }));
    await user.type(screen.getByRole('textbox', { name: 'Routing number' }), '021 000 021');
    await user.clear(screen.getByRole('textbox', { name: 'Account number' }));
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '000123456789');
    await user.click(screen.getByRole('button', { name: 'Add bank account' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/payout-methods')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/payout-methods')[0]?.body).toEqual({
      kind: 'bank_account',
      holder_name: 'Maya Thompson',
      bank_name: 'Chase',
      routing_number: '021 000 021',
      account_number: '000123456789',
    });
    expect(await screen.findByText('Chase ••6789')).toBeInTheDocument();
  });

  it('PayPal needs a real address', async () => {
    const user = userEvent.setup();
    const { api } = renderCards([]);
    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    await user.type(screen.getByRole('textbox', { name: 'PayPal email' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add PayPal' }));
    expect(
      screen.getByText('Enter the email address of your PayPal account, like name@example.com.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/payout-methods')).toHaveLength(0);
  });

  it('makes another method the default and removes one after confirming', async () => {
    const user = userEvent.setup();
    const { api } = renderCards([BANK, PAYPAL], {
      [`POST /api/payout-methods/${PAYPAL.id}/default`]: {
        body: {
          payout_methods: [
            { ...PAYPAL, is_default: true },
            { ...BANK, is_default: false },
          ],
        },
      },
      [`DELETE /api/payout-methods/${BANK.id}`]: { body: { removed: true } },
    });
    const list = await screen.findByRole('list', { name: 'Your payout methods' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Make default' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/payout-methods/${PAYPAL.id}/default`)).toHaveLength(1),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Chase ••6789' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this payout method?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(api.callsTo('DELETE', `/api/payout-methods/${BANK.id}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove Chase ••6789' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE', `/api/payout-methods/${BANK.id}`)).toHaveLength(1));
  });
});

describe('/withdrawal/success', () => {
  it('without a valid id, points back to Revenue without asking the server', async () => {
    const { api } = renderApp({ at: '/withdrawal/success?id=nope', me: coach });
    expect(
      await screen.findByRole('heading', { name: 'We could not find this withdrawal' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Revenue' })).toHaveAttribute('href', '/revenue');
    // The page does not claim a withdrawal was requested when there is none to confirm.
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawal not found' })).toBeInTheDocument();
    expect(screen.queryByText('Withdrawal requested')).not.toBeInTheDocument();
    expect(document.title).toBe('Withdrawal not found · Wellspring');
    expect(api.calls.filter((call) => call.path.startsWith('/api/withdrawals'))).toHaveLength(0);
  });
});
