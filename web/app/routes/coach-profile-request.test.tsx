import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoachPage } from '#contracts/coach-pages';
import type { Quote } from '#contracts/coupons';
import { COACH_ID, REQUEST_ID, sessionRequest } from '#web/test/fixtures/sessions';
import { wallet } from '#web/test/fixtures/session-requests';
import { apiError, type StubHandler, type StubResponse } from '#web/test/api';
import { buildMe } from '#web/test/fixtures/auth';
import { renderApp } from '#web/test/render-app';
import { CONVERSATION_ID, conversation, conversationsPage, messagesPage } from '#web/test/fixtures/messages';

/**
 * on the coach's page: "Start a session now" / "Book a time" for a signed-in client,
 * the form's own checks, the quote before sending, the Idempotency-Key, too little balance with the
 * top-up path, an already pending request, and the way to the waiting room.
 */
const NOW = '2026-11-21T09:00:00.000Z';

function coachPage(overrides: Partial<CoachPage> = {}): CoachPage {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    coach_id: COACH_ID,
    username: 'lena-ortiz',
    full_name: 'Lena Ortiz',
    professional_title: 'Sleep coach',
    coach_tagline: null,
    short_bio: null,
    about_me: null,
    work_experience: null,
    avatar_url: null,
    cover_image_url: null,
    categories: ['sleep'],
    listed: true,
    rates: { text: 2500, audio: 3500, video: 4000 },
    display: {
      show_services_prominently: false,
      show_service_badges: true,
      enable_follow_button: false,
      enable_notify_button: false,
      enable_live_preview_labels: false,
    },
    online: { is_online: true, availability_message: null },
    branding: {
      font: 'inter',
      primary_color: '#0f766e',
      accent_color: '#f59e0b',
      background_color: '#ffffff',
      headline: null,
      sections: [],
    },
    trust: { verified: true, years_experience: 3, member_since: NOW },
    ...overrides,
  };
}

const quote = (overrides: Partial<Quote> = {}): Quote => ({
  rate: 4000,
  price: 8000,
  original_price: 8000,
  discount_amount: null,
  final: 8000,
  coupon_code: null,
  coupon_discount_type: null,
  ...overrides,
});

/** The quote endpoint (one rate, $40 per 15 min, for any format): 30 min $80; with SAVE10 10 % off; any other coupon refused. */
const quoteHandler: StubHandler = ({ url }) => {
  const coupon = url.searchParams.get('coupon');
  const minutes = Number(url.searchParams.get('minutes'));
  const price = Math.round((4000 * minutes) / 15);
  if (!coupon) return { body: quote({ price, original_price: price, final: price }) };
  if (coupon === 'SAVE10')
    return {
      body: quote({
        price,
        original_price: price,
        discount_amount: price / 10,
        final: price - price / 10,
        coupon_code: 'SAVE10',
        coupon_discount_type: 'percent',
      }),
    };
  return apiError(422, 'COUPON_INVALID', 'This coupon has expired.');
};

function renderCoach({
  at = '/coach/lena-ortiz',
  page = coachPage(),
  me = buildMe() as ReturnType<typeof buildMe> | null,
  extra = {},
}: {
  at?: string;
  page?: CoachPage;
  me?: ReturnType<typeof buildMe> | null;
  extra?: Record<string, StubHandler | StubResponse>;
} = {}) {
  return renderApp({
    at,
    me,
    extra: {
      'GET /api/coach-pages/lena-ortiz': { body: page },
      [`GET /api/coaches/${COACH_ID}/quote`]: quoteHandler,
      'GET /api/wallet': { body: wallet(20_000) },
      ...extra,
    },
  });
}

const panel = async () =>
  within(await screen.findByRole('region', { name: 'Start a session' }, { timeout: 10_000 }));

async function openForm(name: 'Start a session now' | 'Book a time' = 'Start a session now') {
  const user = userEvent.setup();
  await user.click((await panel()).getByRole('button', { name }));
  const dialog = within(await screen.findByRole('dialog'));
  return { user, dialog };
}

const requestPosts = (api: ReturnType<typeof renderCoach>['api']) =>
  api.fetch.mock.calls.filter(
    ([input, init]) =>
      new URL(String(input), 'http://localhost').pathname === '/api/session-requests' &&
      init?.method === 'POST',
  );
const keyOf = (call: ReturnType<typeof requestPosts>[number]) =>
  (call[1]?.headers as Record<string, string>)['idempotency-key'];

// The form keeps a draft for the tab (sessionStorage): each case starts empty.
afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('coach page: requesting a session', { timeout: 20_000 }, () => {
  it('asks for the purpose before sending anything (SPEC §5), with the quote shown first', async () => {
    const { api } = renderCoach();
    const { user, dialog } = await openForm();
    expect(screen.getByRole('dialog', { name: 'Start a session with Lena Ortiz' })).toBeInTheDocument();

    // The quote before sending: price, what will be held, the wallet.
    const price = within(await dialog.findByTestId('session-quote'));
    // The first format and 30 minutes, not the priciest choice.
    expect(dialog.getByRole('radio', { name: /Chat/ })).toBeChecked();
    expect(dialog.getByRole('radio', { name: '30 min' })).toBeChecked();
    expect(price.getByText('30 min chat session').nextSibling).toHaveTextContent('$80.00');
    expect(price.getByText('Held from your wallet now').nextSibling).toHaveTextContent('$80.00');
    expect(await dialog.findByText('Your wallet: $200.00')).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/coaches/${COACH_ID}/quote`).at(-1)?.search).toBe(
      '?format=text&minutes=30',
    );

    await user.click(dialog.getByRole('button', { name: 'Send request · $80.00' }));
    expect(dialog.getByText('Session purpose is required')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Session purpose' })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Session purpose' })).toHaveFocus());
    // Blank is not a purpose either.
    await user.type(dialog.getByRole('textbox', { name: 'Session purpose' }), '   ');
    await user.click(dialog.getByRole('button', { name: 'Send request · $80.00' }));
    expect(dialog.getByText('Session purpose is required')).toBeInTheDocument();
    expect(requestPosts(api)).toHaveLength(0);
  });

  it('re-prices for the format and length, and applies a coupon through the quote (errors inline)', async () => {
    const { api } = renderCoach();
    const { user, dialog } = await openForm();
    await user.click(dialog.getByRole('radio', { name: /Audio/ }));
    await user.click(dialog.getByRole('radio', { name: '60 min' }));
    await waitFor(() =>
      expect(api.callsTo('GET', `/api/coaches/${COACH_ID}/quote`).at(-1)?.search).toBe(
        '?format=audio&minutes=60',
      ),
    );

    const coupon = dialog.getByRole('textbox', { name: 'Coupon code (optional)' });
    await user.type(coupon, 'old5');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(await dialog.findByText('This coupon has expired.')).toBeInTheDocument();
    expect(coupon).toHaveAttribute('aria-invalid', 'true');

    await user.clear(coupon);
    await user.type(coupon, 'save10{Enter}');
    const price = within(await dialog.findByTestId('session-quote'));
    await waitFor(() => expect(price.getByText('Coupon SAVE10').nextSibling).toHaveTextContent('−$16.00'));
    expect(price.getByText('Held from your wallet now').nextSibling).toHaveTextContent('$144.00');
    expect(dialog.queryByText('This coupon has expired.')).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('sends with an Idempotency-Key (kept to retry the same attempt, new for a changed one) and opens the waiting room', async () => {
    let answers: StubResponse[] = [
      apiError(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.'),
      apiError(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.'),
    ];
    const { api, router } = renderCoach({
      extra: {
        'POST /api/session-requests': () =>
          answers.shift() ?? { status: 201, body: sessionRequest({ description: 'Wake at 3am' }) },
      },
    });
    const { user, dialog } = await openForm();
    await dialog.findByTestId('session-quote');
    await user.type(dialog.getByRole('textbox', { name: 'Session purpose' }), '  Sleeping badly  ');
    await user.click(dialog.getByRole('button', { name: 'Send request · $80.00' }));
    expect(await dialog.findByText('The service is temporarily unavailable.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Send request · $80.00' }));
    await waitFor(() => expect(requestPosts(api)).toHaveLength(2));
    const [first, retry] = requestPosts(api);
    expect(keyOf(first!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(retry!)).toBe(keyOf(first!));

    // A changed request is a new attempt: a new key.
    await user.type(dialog.getByRole('textbox', { name: 'Details (optional)' }), 'Wake at 3am');
    await user.click(dialog.getByRole('button', { name: 'Send request · $80.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/waiting-room/${REQUEST_ID}`));
    const last = requestPosts(api).at(-1)!;
    expect(keyOf(last)).not.toBe(keyOf(first!));
    expect(api.callsTo('POST', '/api/session-requests').at(-1)?.body).toEqual({
      coach_id: COACH_ID,
      format: 'text',
      duration_minutes: 30,
      purpose: 'Sleeping badly',
      description: 'Wake at 3am',
    });
    answers = [];
  });

  it("starts from the client's last choice of format and length (remembered when a request is sent)", async () => {
    const { api, router } = renderCoach({
      extra: { 'POST /api/session-requests': { status: 201, body: sessionRequest() } },
    });
    const first = await openForm();
    await first.user.click(first.dialog.getByRole('radio', { name: /Audio/ }));
    await first.user.click(first.dialog.getByRole('radio', { name: '45 min' }));
    await first.user.type(first.dialog.getByRole('textbox', { name: 'Session purpose' }), 'Sleep');
    await first.user.click(await first.dialog.findByRole('button', { name: 'Send request · $120.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/waiting-room/${REQUEST_ID}`));
    expect(api.callsTo('POST', '/api/session-requests').at(-1)?.body).toMatchObject({
      format: 'audio',
      duration_minutes: 45,
    });

    await router.navigate('/coach/lena-ortiz');
    const again = await openForm();
    expect(again.dialog.getByRole('radio', { name: /Audio/ })).toBeChecked();
    expect(again.dialog.getByRole('radio', { name: '45 min' })).toBeChecked();
    expect(again.dialog.getByRole('textbox', { name: 'Session purpose' })).toHaveValue('');
  });

  it('too little balance (402): says how much is missing and offers the top-up, keeping the form', async () => {
    const { router } = renderCoach({
      extra: {
        'GET /api/wallet': { body: wallet(3_000) },
        'POST /api/session-requests': apiError(402, 'INSUFFICIENT_FUNDS', 'Your wallet balance is too low.'),
      },
    });
    const { user, dialog } = await openForm();
    await dialog.findByText('Your wallet: $30.00');
    await user.type(dialog.getByRole('textbox', { name: 'Session purpose' }), 'Sleep');
    await user.click(dialog.getByRole('button', { name: 'Send request · $80.00' }));
    const alert = within(await dialog.findByRole('alert'));
    expect(alert.getByText('Not enough in your wallet')).toBeInTheDocument();
    expect(alert.getByText(/You need \$50\.00 more to send this request/)).toBeInTheDocument();
    const topUp = alert.getByRole('link', { name: 'Top up your wallet' });
    expect(topUp).toHaveAttribute('href', '/wallet');
    expect(dialog.getByRole('textbox', { name: 'Session purpose' })).toHaveValue('Sleep');

    // Back from the wallet, the form is still filled.
    await user.click(topUp);
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
    await router.navigate('/coach/lena-ortiz');
    const again = await openForm();
    expect(again.dialog.getByRole('textbox', { name: 'Session purpose' })).toHaveValue('Sleep');
  });

  it('an already pending request (409) links to its waiting room', async () => {
    const existing = '88888888-8888-4888-8888-888888888888';
    renderCoach({
      extra: {
        'POST /api/session-requests': {
          status: 409,
          body: {
            error: {
              code: 'CONFLICT',
              message: 'Wait for the answer to your request, or cancel it first.',
              requestId: 'r',
              details: [{ path: 'request_id', message: existing }],
            },
          },
        },
      },
    });
    const { user, dialog } = await openForm();
    await user.type(dialog.getByRole('textbox', { name: 'Session purpose' }), 'Sleep');
    await user.click(await dialog.findByRole('button', { name: 'Send request · $80.00' }));
    expect(await dialog.findByText('You already have a request waiting for an answer.')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Go to your waiting room' })).toHaveAttribute(
      'href',
      `/waiting-room/${existing}`,
    );
  });

  it('books a time (UTC) when the coach is offline, and ?book=time opens that form', async () => {
    const { api } = renderCoach({
      at: '/coach/lena-ortiz?book=time',
      page: coachPage({ online: { is_online: false, availability_message: null } }),
      extra: { 'POST /api/session-requests': { status: 201, body: sessionRequest({ scheduled: true }) } },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Book a time with Lena Ortiz' }));
    const user = userEvent.setup();
    // Behind the open dialog, the panel offers only "Book a time".
    const behind = within(screen.getByRole('region', { name: 'Start a session', hidden: true }));
    expect(
      behind.queryByRole('button', { name: 'Start a session now', hidden: true }),
    ).not.toBeInTheDocument();
    expect(behind.getByRole('button', { name: 'Book a time', hidden: true })).toBeInTheDocument();
    expect(behind.getByText('Lena Ortiz is offline right now.')).toBeInTheDocument();

    await user.type(dialog.getByRole('textbox', { name: 'Session purpose' }), 'Sleep');
    await user.click(await dialog.findByRole('button', { name: 'Request this time · $80.00' }));
    expect(dialog.getByText('Choose a date.')).toBeInTheDocument();
    expect(dialog.getByText('Choose a time (UTC).')).toBeInTheDocument();
    expect(requestPosts(api)).toHaveLength(0);

    const date = dialog.getByLabelText('Date');
    const time = dialog.getByLabelText('Time (UTC)');
    await user.type(date, '2099-01-02');
    await user.type(time, '14:30');
    await user.click(dialog.getByRole('button', { name: 'Request this time · $80.00' }));
    await waitFor(() => expect(requestPosts(api)).toHaveLength(1));
    expect(api.callsTo('POST', '/api/session-requests')[0]?.body).toMatchObject({
      preferred_date: '2099-01-02',
      preferred_time: '14:30',
    });
  });

  it('a coach in a session can only be booked for a time', async () => {
    renderCoach({
      page: coachPage({
        online: { is_online: true, availability_message: null, is_busy: true } as CoachPage['online'],
      }),
    });
    const offer = await panel();
    expect(offer.getByText('Lena Ortiz is in a session right now.')).toBeInTheDocument();
    expect(offer.getByRole('button', { name: 'Book a time' })).toBeInTheDocument();
    expect(offer.queryByRole('button', { name: 'Start a session now' })).not.toBeInTheDocument();
  });

  it('visitors are asked to sign in', async () => {
    renderCoach({ me: null });
    const link = (await panel()).getByRole('link', { name: 'Sign in to start a session' });
    expect(link).toHaveAttribute(
      'href',
      `/auth?as=client&redirect=${encodeURIComponent('/coach/lena-ortiz')}`,
    );
  });

  it('coaches see nothing to request', async () => {
    renderCoach({ me: buildMe({ roles: ['coach'], active_role: 'coach' }) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lena Ortiz' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Start a session' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start a session now|Book a time/ })).not.toBeInTheDocument();
  });
});

describe('coach page: Message', { timeout: 20_000 }, () => {
  it('a client starts (or finds) the conversation with the coach and lands in it', async () => {
    const { api, router } = renderCoach({
      extra: {
        'POST /api/conversations': {
          status: 201,
          body: { conversation: conversation({ coach: { ...conversation().coach, user_id: COACH_ID } }) },
        },
        [`GET /api/conversations/${CONVERSATION_ID}`]: { body: { conversation: conversation() } },
        [`GET /api/conversations/${CONVERSATION_ID}/messages`]: { body: messagesPage([]) },
        'GET /api/conversations': { body: conversationsPage([]) },
      },
    });
    await userEvent.click((await panel()).getByRole('button', { name: 'Message Lena Ortiz' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${CONVERSATION_ID}`));
    expect(api.callsTo('POST', '/api/conversations').map((call) => call.body)).toEqual([
      { coach_id: COACH_ID },
    ]);
    expect(await screen.findByLabelText('Message to Lena Ortiz', {}, { timeout: 10_000 })).toBeVisible();
    const log = screen.getByRole('region', { name: 'Messages with Lena Ortiz' });
    expect(within(log).getByText('No messages yet')).toBeVisible();
  });

  it('visitors are asked to sign in for a session, and may send a message without an account', async () => {
    renderCoach({ me: null });
    const visitorPanel = await panel();
    expect(visitorPanel.getByText(/Sign in as a client to start a session or book a time/)).toBeVisible();
    expect(visitorPanel.getByRole('link', { name: 'Sign in to start a session' })).toBeVisible();
    expect(visitorPanel.getByRole('button', { name: 'Send a message' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Message/ })).toBeNull();
  });
});
