import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CoachCard } from '#contracts/discovery';
import type { GiftsResponse, ReceivedGift, SentGift } from '#contracts/gifts';
import type { Wallet } from '#contracts/wallet';
import { apiError, type StubHandler, type StubResponse } from '#web/test/api';
import { buildMe } from '#web/test/fixtures/auth';
import { renderApp } from '#web/test/render-app';

const GIFT_ID = '33333333-3333-4333-8333-333333333333';
const NOW = new Date().toISOString();

const wallet = (balance: number): Wallet => ({
  balance,
  held: 0,
  currency: 'usd',
  provider: 'demo',
  stripe_publishable_key: null,
  transactions: [],
});

const received: ReceivedGift = {
  id: GIFT_ID,
  kind: 'credit',
  amount: 2_500,
  status: 'pending',
  message: 'Happy birthday!',
  deliver_at: NOW,
  scheduled: false,
  session: null,
  created_at: NOW,
  claimed_at: null,
  cancelled_at: null,
  sender_name: 'Jordan Lee',
};

const sent: SentGift = {
  id: '44444444-4444-4444-8444-444444444444',
  kind: 'session',
  amount: 8_000,
  status: 'pending',
  message: '',
  deliver_at: '2026-12-24T09:00:00.000Z',
  scheduled: true,
  session: {
    coach_id: '55555555-5555-4555-8555-555555555555',
    coach_name: 'Lena Ortiz',
    coach_username: 'lena-ortiz',
    format: 'video',
    duration_minutes: 30,
  },
  created_at: NOW,
  claimed_at: null,
  cancelled_at: null,
  recipient_email: 'sam@example.test',
};

const coach: CoachCard = {
  coach_id: '55555555-5555-4555-8555-555555555555',
  username: 'lena-ortiz',
  full_name: 'Lena Ortiz',
  professional_title: 'Sleep coach',
  coach_tagline: null,
  avatar_url: null,
  categories: [],
  rating_average: null,
  total_reviews: null,
  price_text: 3_000,
  price_audio: 3_500,
  price_video: 4_500,
  is_online: false,
  custom_availability_message: null,
};

const giftsBody = (overrides: Partial<GiftsResponse> = {}): GiftsResponse => ({
  sent: [],
  received: [],
  email: 'maya@example.test',
  email_confirmed: true,
  ...overrides,
});

function renderGift(at = '/gift', extra: Record<string, StubHandler | StubResponse> = {}) {
  return renderApp({
    at,
    me: buildMe(),
    extra: {
      'GET /api/gifts': { body: giftsBody() },
      'GET /api/wallet': { body: wallet(10_000) },
      'GET /api/coaches': { body: { coaches: [coach], next_cursor: null, has_more: false, sort: 'rating' } },
      ...extra,
    },
  });
}

const sendForm = async () => within(await screen.findByRole('region', { name: 'Send a gift' }));

/** The headers of the last POST to `path` (the stub records bodies; headers come from fetch itself). */
function postHeaders(api: ReturnType<typeof renderGift>['api'], path: string): Record<string, string> {
  const calls = api.fetch.mock.calls.filter(
    ([input, init]) =>
      new URL(String(input), 'http://localhost').pathname === path && init?.method === 'POST',
  );
  return (calls.at(-1)?.[1]?.headers ?? {}) as Record<string, string>;
}

describe('/gift: sending', () => {
  it('checks the form before sending anything, with sentences to act on', async () => {
    const user = userEvent.setup();
    const { api } = renderGift();
    const form = await sendForm();
    await user.click(form.getByRole('button', { name: 'Send gift · $25.00' }));
    expect(form.getByText("Enter the recipient's email address, like name@example.com.")).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: "Recipient's email" })).toHaveAttribute('aria-invalid', 'true');

    await user.type(form.getByRole('textbox', { name: "Recipient's email" }), 'MAYA@example.test');
    await user.type(form.getByRole('textbox', { name: 'Or another amount' }), '3');
    await user.click(form.getByRole('button', { name: 'Send gift · $3.00' }));
    expect(form.getByText("You can't send a gift to yourself.")).toBeInTheDocument();
    expect(form.getByText('The smallest gift is $5.00.')).toBeInTheDocument();

    await user.clear(form.getByRole('textbox', { name: 'Or another amount' }));
    await user.type(form.getByRole('textbox', { name: 'Or another amount' }), '600');
    await user.click(form.getByRole('button', { name: 'Send gift · $600.00' }));
    expect(form.getByText('The largest gift is $500.00.')).toBeInTheDocument();

    // The message counts its characters.
    await user.type(form.getByRole('textbox', { name: 'Message (optional)' }), 'Enjoy!');
    expect(form.getByText('6/500 characters')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/gifts')).toHaveLength(0);
  });

  it('sends wallet credit with an Idempotency-Key, then says so and shows it under Sent gifts', async () => {
    const user = userEvent.setup();
    let list = giftsBody();
    const created: SentGift = { ...sent, kind: 'credit', session: null, amount: 5_000, scheduled: false };
    const { api } = renderGift('/gift', {
      'GET /api/gifts': () => ({ body: list }),
      'POST /api/gifts': () => {
        list = giftsBody({ sent: [created] });
        return { status: 201, body: { gift: created } };
      },
    });
    const form = await sendForm();
    await user.click(form.getByRole('button', { name: '$50.00' }));
    await user.type(form.getByRole('textbox', { name: "Recipient's email" }), ' Sam@Example.test ');
    await user.type(form.getByRole('textbox', { name: 'Message (optional)' }), 'For you');
    await user.click(form.getByRole('button', { name: 'Send gift · $50.00' }));

    expect(await screen.findByText('Gift sent')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/gifts')[0]?.body).toEqual({
      kind: 'credit',
      amount: 5_000,
      recipient_email: 'sam@example.test',
      message: 'For you',
    });
    expect(postHeaders(api, '/api/gifts')['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const sentList = within(screen.getByRole('region', { name: 'Sent gifts' }));
    expect(await sentList.findByText('Waiting to be claimed')).toBeInTheDocument();
    expect(sentList.getByText('sam@example.test')).toBeInTheDocument();
  });

  it('on 402 says the wallet is short and offers Add funds', async () => {
    const user = userEvent.setup();
    const { api } = renderGift('/gift', {
      'POST /api/gifts': apiError(402, 'INSUFFICIENT_FUNDS', 'Your wallet balance is too low for this.'),
    });
    const form = await sendForm();
    await waitFor(() => expect(form.getByTestId('gift-wallet-balance')).toHaveTextContent('$100.00'));
    await user.type(form.getByRole('textbox', { name: "Recipient's email" }), 'sam@example.test');
    await user.click(form.getByRole('button', { name: 'Send gift · $25.00' }));

    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent('Not enough in your wallet');
    expect(within(alert).getByRole('link', { name: 'Add funds' })).toHaveAttribute('href', '/wallet');
    expect(api.callsTo('POST', '/api/gifts')).toHaveLength(1);
  });

  it('does not even try when the known balance is short', async () => {
    const user = userEvent.setup();
    const { api } = renderGift('/gift', { 'GET /api/wallet': { body: wallet(1_000) } });
    const form = await sendForm();
    await waitFor(() => expect(form.getByTestId('gift-wallet-balance')).toHaveTextContent('$10.00'));
    await user.type(form.getByRole('textbox', { name: "Recipient's email" }), 'sam@example.test');
    await user.click(form.getByRole('button', { name: 'Send gift · $25.00' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Not enough in your walletThis gift costs $25.00 and your wallet has $10.00.',
    );
    expect(api.callsTo('POST', '/api/gifts')).toHaveLength(0);
  });

  it('gifts a session: pick a coach, format and length, see the price, send the quoted amount', async () => {
    const user = userEvent.setup();
    const { api } = renderGift('/gift', {
      'GET /api/wallet': { body: wallet(20_000) },
      'POST /api/gifts': { status: 201, body: { gift: sent } },
    });
    const form = await sendForm();
    await user.click(form.getByRole('radio', { name: 'A session' }));
    await user.click(await form.findByRole('button', { name: /Lena Ortiz/ }));
    await user.click(form.getByRole('radio', { name: /Audio/ }));
    await user.click(form.getByRole('radio', { name: '45 min' }));
    // 35.00 per 15 minutes × 45 minutes.
    expect(form.getByTestId('gift-session-price')).toHaveTextContent(
      'A 45-minute audio call with Lena Ortiz costs $105.00.',
    );
    await user.type(form.getByRole('textbox', { name: "Recipient's email" }), 'sam@example.test');
    await user.click(form.getByRole('button', { name: 'Send gift · $105.00' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/gifts')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/gifts')[0]?.body).toEqual({
      kind: 'session',
      coach_id: coach.coach_id,
      format: 'audio',
      duration_minutes: 45,
      expected_amount: 10_500,
      recipient_email: 'sam@example.test',
      message: '',
    });
  });
});

describe('/gift: gifts for you and sent gifts', () => {
  it('highlights the gift of the claim link and claims it into the wallet', async () => {
    const user = userEvent.setup();
    let list = giftsBody({ received: [received] });
    const { api } = renderGift(`/gift?claim=${GIFT_ID}`, {
      'GET /api/gifts': () => ({ body: list }),
      [`POST /api/gifts/${GIFT_ID}/claim`]: () => {
        const claimed = { ...received, status: 'claimed' as const, claimed_at: NOW };
        list = giftsBody({ received: [claimed] });
        return { body: { gift: claimed, wallet_balance: 2_500 } };
      },
    });
    const forYou = within(await screen.findByRole('region', { name: 'Gifts for you' }));
    const card = (await forYou.findByText('Jordan Lee')).closest('li');
    expect(card).toHaveAttribute('aria-current', 'true');
    expect(forYou.getByText('Happy birthday!')).toBeInTheDocument();
    expect(forYou.getByText('Jordan Lee')).toBeInTheDocument();

    await user.click(forYou.getByRole('button', { name: 'Claim $25.00' }));
    expect(await screen.findByText('Gift claimed — $25.00 added to your wallet')).toBeInTheDocument();
    expect(postHeaders(api, `/api/gifts/${GIFT_ID}/claim`)['idempotency-key']).toBeTruthy();
    expect(await forYou.findByText(/^Claimed on/)).toBeInTheDocument();
    expect(forYou.queryByRole('button', { name: 'Claim $25.00' })).toBeNull();
  });

  it('explains a refused claim, even when the gift has left the list (cancelled meanwhile)', async () => {
    const user = userEvent.setup();
    let list = giftsBody({ received: [received] });
    renderGift('/gift', {
      'GET /api/gifts': () => ({ body: list }),
      [`POST /api/gifts/${GIFT_ID}/claim`]: () => {
        list = giftsBody();
        return apiError(409, 'CONFLICT', 'The sender cancelled this gift, so it can no longer be claimed.');
      },
    });
    const forYou = within(await screen.findByRole('region', { name: 'Gifts for you' }));
    await user.click(await forYou.findByRole('button', { name: 'Claim $25.00' }));
    expect(await screen.findByText('The gift was not claimed')).toBeInTheDocument();
    expect(
      screen.getByText('The sender cancelled this gift, so it can no longer be claimed.'),
    ).toBeInTheDocument();
    expect(await forYou.findByText(/No gifts for you right now/)).toBeInTheDocument();
  });

  it('says when the signed-in email is not confirmed, and offers to confirm it in place', async () => {
    renderGift(`/gift?claim=${GIFT_ID}`, {
      'GET /api/gifts': { body: giftsBody({ email_confirmed: false }) },
    });
    const forYou = within(await screen.findByRole('region', { name: 'Gifts for you' }));
    expect(await forYou.findByText('Your email address is not confirmed yet.')).toBeInTheDocument();
    expect(
      forYou.getByText(/Gifts sent to maya@example.test show up here once you confirm it./),
    ).toBeInTheDocument();
    // Arriving from the email's link opens the confirmation at once.
    expect(forYou.getByRole('textbox', { name: 'Code from the email' })).toBeInTheDocument();
  });

  it('says when the linked gift is not available to this account', async () => {
    renderGift(`/gift?claim=${GIFT_ID}`);
    const forYou = within(await screen.findByRole('region', { name: 'Gifts for you' }));
    expect(await forYou.findByText("This gift isn't available to maya@example.test.")).toBeInTheDocument();
  });

  it('shows each sent gift with its status and cancels one after asking', async () => {
    const user = userEvent.setup();
    const claimed: SentGift = {
      ...sent,
      id: '66666666-6666-4666-8666-666666666666',
      status: 'claimed',
      scheduled: false,
    };
    let list = giftsBody({ sent: [sent, claimed] });
    const cancelled: SentGift = { ...sent, status: 'cancelled', scheduled: false, cancelled_at: NOW };
    const { api } = renderGift('/gift', {
      'GET /api/gifts': () => ({ body: list }),
      [`POST /api/gifts/${sent.id}/cancel`]: () => {
        list = giftsBody({ sent: [cancelled, claimed] });
        return { body: { gift: cancelled, wallet_balance: 18_000 } };
      },
    });
    const sentList = within(await screen.findByRole('region', { name: 'Sent gifts' }));
    expect(await sentList.findByText('Scheduled for Dec 24, 2026')).toBeInTheDocument();
    expect(sentList.getByText('Claimed')).toBeInTheDocument();
    expect(sentList.getAllByText('30-minute video call with Lena Ortiz')).toHaveLength(2);
    // Only the unclaimed one can be cancelled.
    expect(sentList.getAllByRole('button', { name: /Cancel/ })).toHaveLength(1);

    await user.click(sentList.getByRole('button', { name: 'Cancel the gift to sam@example.test' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this gift?' });
    expect(dialog).toHaveTextContent(
      "$80.00 goes back to your wallet, and sam@example.test won't be able to claim it.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep the gift' }));
    expect(api.callsTo('POST', `/api/gifts/${sent.id}/cancel`)).toHaveLength(0);

    await user.click(sentList.getByRole('button', { name: 'Cancel the gift to sam@example.test' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel gift' }),
    );
    expect(await screen.findByText('Gift cancelled')).toBeInTheDocument();
    expect(screen.getByText('$80.00 is back in your wallet.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/gifts/${sent.id}/cancel`)).toHaveLength(1);
    // The row stays, marked Cancelled, without its Cancel button.
    expect(await sentList.findByText('Cancelled')).toBeInTheDocument();
    expect(sentList.queryByRole('button', { name: /Cancel/ })).toBeNull();
  });
});
