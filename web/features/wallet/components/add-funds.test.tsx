import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#web/test/render';
import { AddFunds } from './add-funds';

const USER = '00000000-0000-4000-8000-0000000000a1';

describe('AddFunds, the amount step', () => {
  it('checks a typed amount, clears the message on a change, and starts the top-up in cents', async () => {
    const { api } = renderWithProviders(<AddFunds userId={USER} provider="demo" />, {
      toasts: false,
      api: {
        'POST /api/wallet/top-ups': ({ body }) => ({
          status: 201,
          body: {
            payment_id: '00000000-0000-4000-8000-00000000aa01',
            amount: (body as { amount: number }).amount,
            client_secret: null,
          },
        }),
      },
    });
    const amount = screen.getByLabelText('Or another amount');
    fireEvent.change(amount, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The smallest top-up is $5.00.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/wallet/top-ups')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: 'lots' } });
    expect(screen.queryByText('The smallest top-up is $5.00.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter an amount in dollars, like 40 or 40.50.')).toBeInTheDocument();

    // A preset empties the typed amount and takes the message away.
    fireEvent.click(screen.getByRole('button', { name: '$100.00' }));
    expect(amount).toHaveValue('');
    expect(screen.queryByText('Enter an amount in dollars, like 40 or 40.50.')).toBeNull();
    fireEvent.change(amount, { target: { value: '42.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with $42.50' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/wallet/top-ups')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/wallet/top-ups')[0]?.body).toEqual({ amount: 4250 });
  });
});
