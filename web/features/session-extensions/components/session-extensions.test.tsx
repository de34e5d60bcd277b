import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_EXTENSION_EVENTS,
  type SessionExtension,
  type SessionExtensionsResponse,
} from '#contracts/session-extensions';
import { dispatchUserEvent } from '#web/lib/realtime/user-events';
import { chatSession, COACH_ID, SESSION_ID } from '#web/test/fixtures/sessions';
import { apiError, type StubHandler } from '#web/test/api';
import { USER_ID } from '#web/test/fixtures/auth';
import { SessionExtensions } from './session-extensions';
import { renderWithProviders } from '#web/test/render';

const LIST = `/api/sessions/${SESSION_ID}/extensions`;
const EXTENSION_ID = '88888888-8888-4888-8888-888888888888';
const OFFERS = [
  { minutes: 15, price: 4_000 },
  { minutes: 30, price: 8_000 },
];

function extension(overrides: Partial<SessionExtension> = {}): SessionExtension {
  const now = Date.now();
  return {
    id: EXTENSION_ID,
    session_id: SESSION_ID,
    coach_id: COACH_ID,
    client_id: USER_ID,
    coach_name: 'Lena Ortiz',
    client_name: 'Maya Thompson',
    minutes: 15,
    price: 4_000,
    status: 'pending',
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + 120_000).toISOString(),
    responded_at: null,
    ...overrides,
  };
}

const list = (pending: SessionExtension | null): SessionExtensionsResponse => ({
  pending,
  extensions: pending ? [pending] : [],
  offers: OFFERS,
});

const wallet = (balance: number) => ({
  balance,
  held: 8_000,
  currency: 'usd',
  provider: 'demo',
  stripe_publishable_key: null,
  transactions: [],
});

function renderAs(viewerId: string, routes: Record<string, StubHandler>) {
  const { api } = renderWithProviders(
    <SessionExtensions session={chatSession({ status: 'active' })} viewerId={viewerId} />,
    { api: routes },
  );
  const keys = () =>
    api.fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['idempotency-key']);
  return { api, keys };
}

function emit(type: string, payload: SessionExtension, seq = 1) {
  act(() =>
    dispatchUserEvent({
      topic: `user:${USER_ID}`,
      seq,
      type,
      payload: { extension: payload },
      created_at: new Date().toISOString(),
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SessionExtensions, the client', () => {
  it('asks for 30 more minutes from a dialog that says what is held, then waits with Cancel', async () => {
    let pending: SessionExtension | null = null;
    const { api, keys } = renderAs(USER_ID, {
      [`GET ${LIST}`]: () => ({ body: list(pending) }),
      'GET /api/wallet': () => ({ body: wallet(20_000) }),
      [`POST ${LIST}`]: ({ body }) => {
        pending = extension({ minutes: (body as { minutes: number }).minutes, price: 8_000 });
        return { status: 201, body: pending };
      },
      [`POST /api/session-extensions/${EXTENSION_ID}/cancel`]: () => {
        const cancelled = extension({ minutes: 30, price: 8_000, status: 'cancelled' });
        pending = null;
        return { body: cancelled };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add time to your session' });
    const choices = within(dialog).getByRole('radiogroup', { name: 'How much more time?' });
    expect(within(choices).getByRole('radio', { name: /15 min/ })).toHaveAttribute('aria-checked', 'true');
    expect(within(choices).getByRole('radio', { name: /15 min/ })).toHaveTextContent('$40.00');
    fireEvent.click(within(choices).getByRole('radio', { name: /30 min/ }));

    const quote = within(dialog).getByTestId('extension-quote');
    await waitFor(() => expect(quote).toHaveTextContent('Your wallet: $200.00'));
    expect(quote).toHaveTextContent('30 more minutes$80.00');
    expect(quote).toHaveTextContent('Held from your wallet now$80.00');
    expect(quote).toHaveTextContent(
      "Charged only if Lena Ortiz accepts, with the session's payment when it ends. If they decline or don't answer within 2 minutes, it goes straight back to your wallet.",
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Waiting for Lena Ortiz to accept 30 more minutes…')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(/\$80\.00 is held from your wallet/)).toBeVisible();
    expect(api.callsTo('POST', LIST).map((call) => call.body)).toEqual([{ minutes: 30 }]);
    expect(keys()[0]).toMatch(/^[0-9a-f-]{36}$/);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByRole('button', { name: 'Add time' })).toBeVisible();
    expect(api.callsTo('POST', `/api/session-extensions/${EXTENSION_ID}/cancel`)).toHaveLength(1);
  });

  it('offers the top-up path when the wallet is short, before and after asking', async () => {
    const { api } = renderAs(USER_ID, {
      [`GET ${LIST}`]: () => ({ body: list(null) }),
      'GET /api/wallet': () => ({ body: wallet(5_000) }),
      [`POST ${LIST}`]: () =>
        apiError(402, 'INSUFFICIENT_FUNDS', '15 more minutes cost $40.00 and your wallet has $0.00.'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add time' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /30 min/ }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Not enough in your wallet');
    expect(alert).toHaveTextContent('You need $30.00 more for 30 more minutes.');
    expect(within(alert).getByRole('link', { name: /Top up your wallet/ })).toHaveAttribute(
      'href',
      '/wallet',
    );
    expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeDisabled();

    // 15 minutes fit the balance the screen knows; the server still refuses (spent elsewhere meanwhile).
    fireEvent.click(within(dialog).getByRole('radio', { name: /15 min/ }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '15 more minutes cost $40.00 and your wallet has $0.00.',
    );
    expect(api.callsTo('POST', LIST)).toHaveLength(1);
  });

  it('retries an ask the network lost with the same Idempotency-Key, and says what went wrong meanwhile', async () => {
    let attempts = 0;
    const { api, keys } = renderAs(USER_ID, {
      [`GET ${LIST}`]: () => ({ body: list(null) }),
      'GET /api/wallet': () => ({ body: wallet(20_000) }),
      [`POST ${LIST}`]: () => {
        attempts += 1;
        if (attempts === 1) throw new Error('the network is down');
        return { status: 201, body: extension({ minutes: 15, price: 4_000 }) };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add time to your session' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('extension-quote')).toHaveTextContent('Your wallet: $200.00'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toBeVisible();
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent('Not enough in your wallet');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', LIST).map((call) => call.body)).toEqual([{ minutes: 15 }, { minutes: 15 }]);
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);
  });

  it('tells the outcome as a toast: declined, money back', async () => {
    const pending = extension();
    renderAs(USER_ID, {
      [`GET ${LIST}`]: () => ({ body: list(pending) }),
      'GET /api/wallet': () => ({ body: wallet(20_000) }),
    });
    expect(await screen.findByText('Waiting for Lena Ortiz to accept 15 more minutes…')).toBeVisible();
    emit(SESSION_EXTENSION_EVENTS.updated, extension({ status: 'declined' }));
    expect(await screen.findByText('More time declined')).toBeVisible();
    expect(screen.getByText('Lena Ortiz declined. $40.00 is back in your wallet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add time' })).toBeVisible();
  });
});

describe('SessionExtensions, the coach', () => {
  it('is prompted live and accepts; the outcome is a toast', async () => {
    let pending: SessionExtension | null = null;
    const { api } = renderAs(COACH_ID, {
      [`GET ${LIST}`]: () => ({ body: list(pending) }),
      [`POST /api/session-extensions/${EXTENSION_ID}/accept`]: () => {
        pending = null;
        return {
          body: {
            extension: extension({ status: 'accepted' }),
            session: chatSession({ duration_minutes: 45 }),
          },
        };
      },
    });
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Add time' })).toBeNull();
    expect(screen.queryByTestId('extension-prompt')).toBeNull();

    pending = extension();
    emit(SESSION_EXTENSION_EVENTS.created, pending);
    const prompt = await screen.findByRole('region', {
      name: 'Maya Thompson asks for 15 more minutes ($40.00)',
    });
    expect(prompt).toHaveTextContent('You receive $38.00 (95 %) when the session ends');
    expect(screen.getByText('Maya Thompson asks for 15 more minutes ($40.00).', { selector: '[aria-live]' }));

    fireEvent.click(within(prompt).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByTestId('extension-prompt')).toBeNull());
    expect(api.callsTo('POST', `/api/session-extensions/${EXTENSION_ID}/accept`)).toHaveLength(1);
    emit(SESSION_EXTENSION_EVENTS.updated, extension({ status: 'accepted' }), 2);
    expect(await screen.findByText('15 minutes added')).toBeVisible();
  });

  it('declines; a prompt the client withdrew goes away with a toast', async () => {
    const { api } = renderAs(COACH_ID, {
      [`GET ${LIST}`]: () => ({ body: list(extension()) }),
      [`POST /api/session-extensions/${EXTENSION_ID}/decline`]: () => ({
        body: extension({ status: 'declined' }),
      }),
    });
    const prompt = await screen.findByTestId('extension-prompt');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByTestId('extension-prompt')).toBeNull());
    expect(api.callsTo('POST', `/api/session-extensions/${EXTENSION_ID}/decline`)).toHaveLength(1);

    emit(SESSION_EXTENSION_EVENTS.created, extension({ id: '99999999-9999-4999-8999-999999999999' }), 2);
    expect(await screen.findByTestId('extension-prompt')).toBeVisible();
    emit(
      SESSION_EXTENSION_EVENTS.updated,
      extension({ id: '99999999-9999-4999-8999-999999999999', status: 'cancelled' }),
      3,
    );
    expect(await screen.findByText('Request withdrawn')).toBeVisible();
    expect(screen.queryByTestId('extension-prompt')).toBeNull();
  });

  it('shows nothing to someone who is neither party (a guest)', async () => {
    const { api } = renderAs('00000000-0000-4000-8000-0000000000ff', {
      [`GET ${LIST}`]: () => ({ body: list(extension()) }),
    });
    await act(async () => {});
    expect(screen.queryByTestId('session-extensions')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
