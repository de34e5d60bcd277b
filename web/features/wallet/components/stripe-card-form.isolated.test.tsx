import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Payment, Wallet } from '#contracts/wallet';
import { stubApi } from '#web/test/api';
import { USER_ID } from '#web/test/fixtures/auth';
import { forgetStripeJs } from '../lib/stripe';
import { StripeCardForm } from './stripe-card-form';
import { WalletScreen } from './wallet-screen';
import { renderWithProviders } from '#web/test/render';

/*
 * The Stripe path of Add funds with Stripe's official loader mocked: nothing reaches js.stripe.com or
 * api.stripe.com. The fake stands in for Stripe.js: elements().create('card') gives a card field whose
 * 'ready' and 'change' events the test fires, and confirmCardPayment answers what the test says.
 */
const loader = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: loader.loadStripe }));

type Handler = (event: unknown) => void;

function fakeStripe() {
  const handlers = new Map<string, Handler>();
  const card = {
    mountedIn: null as HTMLElement | null,
    on: vi.fn((event: string, handler: Handler) => {
      handlers.set(event, handler);
      return card;
    }),
    mount: vi.fn((target: HTMLElement) => {
      card.mountedIn = target;
    }),
    update: vi.fn(),
    focus: vi.fn(),
    destroy: vi.fn(),
    /** Stripe's frame reporting: ready, then what the person typed. */
    fire: (event: string, payload: unknown = {}) => act(() => handlers.get(event)?.(payload)),
  };
  const elements = { create: vi.fn(() => card) };
  const stripe = {
    elements: vi.fn(() => elements),
    confirmCardPayment: vi.fn(),
  };
  return { stripe, elements, card };
}

const PUBLISHABLE_KEY = 'pk_test_wellspring123';
const PAYMENT_ID = '00000000-0000-4000-8000-00000000aa01';
const CLIENT_SECRET = 'pi_3Test_secret_abc123';

const wallet = (overrides: Partial<Wallet> = {}): Wallet => ({
  balance: 1_000,
  held: 0,
  currency: 'usd',
  provider: 'stripe',
  stripe_publishable_key: PUBLISHABLE_KEY,
  transactions: [],
  ...overrides,
});

const payment = (status: Payment['status'], failure_reason: string | null = null): Payment => ({
  payment_id: PAYMENT_ID,
  status,
  amount: 5_000,
  currency: 'usd',
  failure_reason,
});

function renderForm(overrides: Partial<Parameters<typeof StripeCardForm>[0]> = {}) {
  const onSucceeded = vi.fn();
  const onCancel = vi.fn();
  const { unmount } = renderWithProviders(
    <StripeCardForm
      userId={USER_ID}
      publishableKey={PUBLISHABLE_KEY}
      clientSecret={CLIENT_SECRET}
      paymentId={PAYMENT_ID}
      amount={5_000}
      onSucceeded={onSucceeded}
      onCancel={onCancel}
      pollIntervalMs={20}
      {...overrides}
    />,
    { toasts: false },
  );
  return { onSucceeded, onCancel, unmount, user: userEvent.setup() };
}

/** Waits for the card field to be mounted, then fills it in (as far as Stripe's events tell). */
async function fillCard(card: ReturnType<typeof fakeStripe>['card']) {
  await waitFor(() => expect(card.mount).toHaveBeenCalled());
  card.fire('ready');
  card.fire('change', { complete: true, empty: false, error: undefined });
}

beforeEach(() => {
  forgetStripeJs();
  loader.loadStripe.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Add funds with Stripe', () => {
  it('loads Stripe.js, mounts the card field, confirms with the client secret and polls until the webhook credited the wallet', async () => {
    const { stripe, elements, card } = fakeStripe();
    loader.loadStripe.mockResolvedValue(stripe);
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_3Test', status: 'succeeded' } });
    let balance = 1_000;
    const polled: Payment['status'][] = ['created', 'succeeded'];
    const api = stubApi({
      'GET /api/wallet': () => ({ body: wallet({ balance }) }),
      'POST /api/wallet/top-ups': ({ body }) => ({
        status: 201,
        body: {
          payment_id: PAYMENT_ID,
          provider: 'stripe',
          client_secret: CLIENT_SECRET,
          amount: (body as { amount: number }).amount,
          currency: 'usd',
        },
      }),
      [`GET /api/wallet/top-ups/${PAYMENT_ID}`]: () => {
        const status = polled.shift() ?? 'succeeded';
        if (status === 'succeeded') balance = 6_000;
        return { body: payment(status) };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WalletScreen userId={USER_ID} />, { toasts: false });

    await user.click(await screen.findByRole('button', { name: 'Continue with $50.00' }));
    // Real card payments: no demo label, no test card list.
    await screen.findByText(/Card payments are processed by Stripe/);
    expect(screen.queryByText('Demo payments — no real money')).toBeNull();
    expect(screen.queryByText('4242 4242 4242 4242')).toBeNull();
    expect(api.callsTo('POST', '/api/wallet/top-ups')[0]?.body).toEqual({ amount: 5_000 });

    expect(loader.loadStripe).toHaveBeenCalledWith(PUBLISHABLE_KEY);
    await fillCard(card);
    expect(elements.create).toHaveBeenCalledWith('card', expect.anything());
    expect(card.mountedIn).toBe(screen.getByTestId('stripe-card-element'));
    // Nothing is polled before the card is confirmed.
    expect(api.callsTo('GET', `/api/wallet/top-ups/${PAYMENT_ID}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(stripe.confirmCardPayment).toHaveBeenCalledTimes(1);
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith(CLIENT_SECRET, { payment_method: { card } });
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();

    // The first poll finds the payment not yet credited; the next one (1.5 s later) finds it credited.
    expect(await screen.findByText('$50.00 was added to your wallet.')).toBeTruthy();
    expect(api.callsTo('GET', `/api/wallet/top-ups/${PAYMENT_ID}`)).toHaveLength(2);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('$60.00'));
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(2);
  });

  it('keeps polling while the webhook has not landed, then reports success once', async () => {
    const { stripe, card } = fakeStripe();
    loader.loadStripe.mockResolvedValue(stripe);
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    // An earlier declined attempt left the row "failed": after Stripe said succeeded, that is not the outcome.
    const polled: Payment[] = [
      payment('failed', 'Your card was declined.'),
      payment('created'),
      payment('created'),
      payment('succeeded'),
    ];
    const api = stubApi({
      [`GET /api/wallet/top-ups/${PAYMENT_ID}`]: () => ({ body: polled.shift() ?? payment('succeeded') }),
    });
    const { onSucceeded, user } = renderForm();
    await fillCard(card);
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(screen.getByText('Confirming your payment…')).toBeTruthy();
    await waitFor(() => expect(onSucceeded).toHaveBeenCalledTimes(1));
    expect(onSucceeded).toHaveBeenCalledWith(payment('succeeded'));
    expect(api.callsTo('GET', `/api/wallet/top-ups/${PAYMENT_ID}`)).toHaveLength(4);
    expect(screen.queryByText('Your card was declined.')).toBeNull();
  });

  it('shows a decline in Stripe’s words, charges nothing, and lets the person try another card', async () => {
    const { stripe, card } = fakeStripe();
    loader.loadStripe.mockResolvedValue(stripe);
    stripe.confirmCardPayment
      .mockResolvedValueOnce({
        error: {
          type: 'card_error',
          code: 'card_declined',
          message: 'Your card was declined.',
          payment_intent: { status: 'requires_payment_method' },
        },
      })
      .mockResolvedValueOnce({ paymentIntent: { status: 'succeeded' } });
    const api = stubApi({
      [`GET /api/wallet/top-ups/${PAYMENT_ID}`]: { body: payment('succeeded') },
    });
    const { onSucceeded, user } = renderForm();
    await fillCard(card);
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your card was declined.');
    expect(alert.textContent).toContain('Nothing was charged. Try another card');
    // A decline is Stripe's answer in the browser: nothing to poll, the form stays usable.
    expect(api.callsTo('GET', `/api/wallet/top-ups/${PAYMENT_ID}`)).toHaveLength(0);
    expect(screen.queryByText('Confirming your payment…')).toBeNull();
    expect(onSucceeded).not.toHaveBeenCalled();

    // Another card on the same payment (the same client secret) goes through.
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(stripe.confirmCardPayment).toHaveBeenLastCalledWith(CLIENT_SECRET, { payment_method: { card } });
    await waitFor(() => expect(onSucceeded).toHaveBeenCalledTimes(1));
  });

  it('shows the failure the webhook recorded when the payment was still processing', async () => {
    const { stripe, card } = fakeStripe();
    loader.loadStripe.mockResolvedValue(stripe);
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'processing' } });
    stubApi({
      [`GET /api/wallet/top-ups/${PAYMENT_ID}`]: {
        body: payment('failed', 'Your card has insufficient funds.'),
      },
    });
    const { onSucceeded, user } = renderForm();
    await fillCard(card);
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your card has insufficient funds.');
    expect(screen.getByRole('button', { name: 'Pay $50.00' })).toBeEnabled();
    // While waiting the form was hidden, not removed: Stripe's field is still mounted where it was.
    expect(card.mount).toHaveBeenCalledTimes(1);
    expect(card.mountedIn?.isConnected).toBe(true);
    expect(screen.getByTestId('stripe-card-element')).toBe(card.mountedIn);
    expect(onSucceeded).not.toHaveBeenCalled();
  });

  it('says so when the webhook is slow, stops polling, and checks again on request', async () => {
    const { stripe, card } = fakeStripe();
    loader.loadStripe.mockResolvedValue(stripe);
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const api = stubApi({ [`GET /api/wallet/top-ups/${PAYMENT_ID}`]: { body: payment('created') } });
    const polls = () => api.callsTo('GET', `/api/wallet/top-ups/${PAYMENT_ID}`).length;
    const { onSucceeded, user } = renderForm({ slowAfterMs: 150 });
    await fillCard(card);
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(await screen.findByText(/This is taking longer than usual/)).toBeTruthy();
    expect(screen.getByText('Confirming your payment…')).toBeTruthy();
    const afterSlow = polls();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(polls()).toBe(afterSlow);
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(polls()).toBe(afterSlow + 1));
    expect(onSucceeded).not.toHaveBeenCalled();
  });

  it('does not confirm an incomplete card, and says what is missing', async () => {
    const { stripe, card } = fakeStripe();
    loader.loadStripe.mockResolvedValue(stripe);
    stubApi({});
    const { user } = renderForm();
    await waitFor(() => expect(card.mount).toHaveBeenCalled());
    card.fire('ready');
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
    expect(screen.getByText('Enter your card number, expiry date, CVC and ZIP code.')).toBeTruthy();
    expect(card.focus).toHaveBeenCalled();
    // Stripe's own message for what was typed wins.
    card.fire('change', { complete: false, error: { message: 'Your card number is incomplete.' } });
    expect(screen.getByText('Your card number is incomplete.')).toBeTruthy();
  });

  it('says when the secure card form cannot load, and loads it on Try again', async () => {
    const { stripe, card } = fakeStripe();
    loader.loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js')).mockResolvedValue(stripe);
    stubApi({});
    const { user } = renderForm();
    expect((await screen.findByRole('alert')).textContent).toContain('The secure card form could not load');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(card.mount).toHaveBeenCalled());
    expect(loader.loadStripe).toHaveBeenCalledTimes(2);
  });

  it('offers Change amount, and leaves no Stripe frame behind when the step closes', async () => {
    const { stripe, card } = fakeStripe();
    loader.loadStripe.mockResolvedValue(stripe);
    stubApi({});
    const { onCancel, user, unmount } = renderForm();
    await fillCard(card);
    await user.click(screen.getByRole('button', { name: 'Change amount' }));
    expect(onCancel).toHaveBeenCalled();
    expect(card.destroy).not.toHaveBeenCalled();
    unmount();
    expect(card.destroy).toHaveBeenCalledTimes(1);
  });
});

describe('Add funds with the demo provider', () => {
  it('never loads Stripe.js and keeps the demo card form', async () => {
    stubApi({
      'GET /api/wallet': { body: wallet({ provider: 'demo', stripe_publishable_key: null }) },
      'POST /api/wallet/top-ups': {
        status: 201,
        body: {
          payment_id: PAYMENT_ID,
          provider: 'demo',
          client_secret: `demo_secret_${PAYMENT_ID}`,
          amount: 5_000,
          currency: 'usd',
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WalletScreen userId={USER_ID} />, { toasts: false });
    await user.click(await screen.findByRole('button', { name: 'Continue with $50.00' }));
    expect(await screen.findByText('Demo payments — no real money')).toBeTruthy();
    expect(screen.queryByTestId('stripe-card-element')).toBeNull();
    expect(loader.loadStripe).not.toHaveBeenCalled();
  });
});
