import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DemoCardForm } from './demo-card-form';

const NOW = () => new Date('2026-11-21T09:00:00Z');

function renderForm(overrides: Partial<Parameters<typeof DemoCardForm>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <DemoCardForm
      amount={5000}
      pending={false}
      error={null}
      declined={null}
      onSubmit={onSubmit}
      onCancel={() => undefined}
      now={NOW}
      {...overrides}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('DemoCardForm', () => {
  it('is labelled as demo payments and lists the documented test cards', () => {
    renderForm();
    expect(screen.getByText('Demo payments — no real money')).toBeTruthy();
    expect(screen.getByText('4242 4242 4242 4242')).toBeTruthy();
    expect(screen.getByText('4000 0000 0000 0002')).toBeTruthy();
    expect(screen.getByText('4000 0000 0000 9995')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $50.00' })).toBeTruthy();
  });

  it('formats what is typed and submits digits, month, four-digit year and CVC', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    expect(screen.getByLabelText<HTMLInputElement>('Card number').value).toBe('4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '0429');
    expect(screen.getByLabelText<HTMLInputElement>('Expiry (MM / YY)').value).toBe('04 / 29');
    await user.type(screen.getByLabelText('CVC'), '12a3');
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(onSubmit).toHaveBeenCalledWith({
      card_number: '4242424242424242',
      exp_month: 4,
      exp_year: 2029,
      cvc: '123',
    });
  });

  it('shows each field problem and does not submit', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Card number'), '4242');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1025');
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Enter the full card number.')).toBeTruthy();
    expect(screen.getByText('This card has expired. Use a future expiry date.')).toBeTruthy();
    expect(screen.getByText('The CVC is the 3 digits on the back.')).toBeTruthy();
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
  });

  it('fills in a test card with one click (keyboard too)', async () => {
    const { onSubmit, user } = renderForm();
    screen.getByRole('button', { name: 'Fill in test card 4000 0000 0000 0002' }).focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(onSubmit).toHaveBeenCalledWith({
      card_number: '4000000000000002',
      exp_month: 12,
      exp_year: 2029,
      cvc: '123',
    });
  });

  it('explains a decline with what to do next', () => {
    renderForm({ declined: 'Your card was declined.' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Your card was declined.');
    expect(alert.textContent).toContain('Try another card');
  });
});
