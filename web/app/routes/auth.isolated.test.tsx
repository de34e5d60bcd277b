import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import { assessPassword } from '#domain/auth/password-strength';
import { createAuthClient, type AuthClient } from '#web/lib/auth/auth-client';
import { AuthPage, TIMEOUT_NOTICE } from './auth';
import { renderWithProviders } from '#web/test/render';

// ---- A fake server: each test says how the endpoints answer; every call is recorded.

type Call = { method: string; url: string; body: unknown; headers: Record<string, string> };
type Answer = Response | ((call: Call) => Response);

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const apiError = (
  code: string,
  message: string,
  status: number,
  extra: { details?: { path: string; message: string }[]; headers?: Record<string, string> } = {},
) => json({ error: { code, message, details: extra.details } }, status, extra.headers);

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function session(
  options: { aal?: 'aal1' | 'aal2'; factor?: boolean; email?: string; sessionId?: string } = {},
): AuthSession {
  const now = new Date().toISOString();
  return {
    access_token: `${base64url({ alg: 'ES256' })}.${base64url({ aal: options.aal ?? 'aal1', session_id: options.sessionId ?? 's-1' })}.sig`,
    token_type: 'bearer',
    expires_in: 900,
    expires_at: Math.floor(Date.now() / 1000) + 900,
    refresh_token: null,
    user: {
      id: 'u-1',
      aud: 'authenticated',
      role: 'authenticated',
      email: options.email ?? 'pat@example.com',
      phone: null,
      email_confirmed_at: null,
      phone_confirmed_at: null,
      last_sign_in_at: now,
      app_metadata: { provider: 'email' },
      user_metadata: {},
      identities: [],
      factors: options.factor
        ? [
            {
              id: '0b6c7a52-3f4e-4d3a-9f59-6a1c2b3d4e5f',
              friendly_name: 'Authenticator app',
              factor_type: 'totp',
              status: 'verified',
              created_at: now,
              updated_at: now,
            },
          ]
        : [],
      created_at: now,
      updated_at: now,
    },
  };
}

let calls: Call[] = [];
let answers: Map<string, Answer[]>;

function answer(route: string, ...responses: Answer[]) {
  answers.set(route, [...(answers.get(route) ?? []), ...responses]);
}
const callsTo = (route: string) => calls.filter((call) => `${call.method} ${call.url}` === route);

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const call: Call = {
    method: init?.method ?? 'GET',
    url: String(input),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    headers: (init?.headers ?? {}) as Record<string, string>,
  };
  calls.push(call);
  const key = `${call.method} ${call.url}`;
  const queue = answers.get(key);
  if (!queue?.length) throw new Error(`unexpected call: ${key}`);
  const next = queue.length > 1 ? queue.shift() : queue[0];
  return typeof next === 'function' ? next(call) : (next as Response).clone();
});

let client: AuthClient;

beforeEach(() => {
  calls = [];
  answers = new Map();
  vi.stubGlobal('fetch', fetchMock);
  answer('GET /auth/v1/settings', json({ external: { google: false }, mailbox: false }));
  // Nobody is signed in when the page loads.
  answer(
    'POST /auth/v1/token?grant_type=refresh_token',
    apiError('INVALID_REFRESH_TOKEN', 'Invalid Refresh Token', 400),
  );
});

afterEach(() => {
  client?.stop();
  vi.unstubAllGlobals();
});

async function renderAuth(entry: string) {
  client = createAuthClient();
  await client.start();
  const { router } = renderWithProviders(<AuthPage />, {
    authClient: client,
    path: '/auth',
    at: entry,
    toasts: false,
  });
  await screen.findByRole('tablist', { name: 'Sign in or create an account' });
  return { router, user: userEvent.setup() };
}

const addressField = () => screen.getByLabelText('Email or phone number');
const passwordField = () => screen.getByLabelText('Password', { selector: 'input' });

describe('AuthPage: the page around the form', () => {
  it.each([
    ['client', 'You are joining as someone looking for coaching.'],
    ['coach', 'You are joining as a coach.'],
  ])('names the role from ?as=%s', async (role, sentence) => {
    await renderAuth(`/auth?as=${role}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Wellspring' })).toBeInTheDocument();
    expect(screen.getByTestId('auth-role')).toHaveTextContent(sentence);
  });

  it('ignores an unknown role', async () => {
    await renderAuth('/auth?as=admin');
    expect(screen.queryByTestId('auth-role')).not.toBeInTheDocument();
  });

  it('shows the exact inactivity notice only with timeout=true', async () => {
    await renderAuth('/auth?timeout=true');
    expect(screen.getByRole('status')).toHaveTextContent(
      /^You were signed out after 30 minutes without activity\.$/,
    );
    expect(TIMEOUT_NOTICE).toBe('You were signed out after 30 minutes without activity.');
  });

  it('has no inactivity notice without timeout=true', async () => {
    await renderAuth('/auth?as=coach');
    expect(screen.queryByText(/You were signed out/)).not.toBeInTheDocument();
  });

  it.each(['signup=true', 'new_user=true'])('opens Create account for %s', async (param) => {
    await renderAuth(`/auth?as=client&${param}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true');
  });

  it('switching tabs changes the heading and keeps the choice in the URL', async () => {
    const { router, user } = await renderAuth('/auth?as=coach');
    await user.click(screen.getByRole('tab', { name: 'Create account' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?as=coach&signup=true');
    await user.click(screen.getByRole('tab', { name: 'Sign in' }));
    expect(router.state.location.search).toBe('?as=coach');
  });

  it('shows the Google button and the demo mailbox note only when the server says so', async () => {
    answers.set('GET /auth/v1/settings', [json({ external: { google: true }, mailbox: true })]);
    await renderAuth('/auth');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByText(/Demo: codes we send appear in the/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'demo mailbox' })).toHaveAttribute('href', '/dev/mailbox');
  });

  it('shows neither without them', async () => {
    await renderAuth('/auth');
    await waitFor(() => expect(callsTo('GET /auth/v1/settings')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByText(/demo mailbox/)).not.toBeInTheDocument();
  });

  it('offers the demo accounts when the server runs the demo: one click fills the form', async () => {
    answers.set('GET /auth/v1/settings', [
      json({
        external: { google: false },
        mailbox: true,
        demo_accounts: [
          { label: 'Client', email: 'client@wellspring.demo', password: 'wellspring-demo-client' },
          { label: 'Coach', email: 'coach@wellspring.demo', password: 'wellspring-demo-coach' },
        ],
      }),
    ]);
    const { user } = await renderAuth('/auth');
    const demo = await screen.findByRole('region', { name: 'Demo accounts' });
    await user.click(within(demo).getByRole('button', { name: /Coach.*coach@wellspring\.demo/ }));
    expect(addressField()).toHaveValue('coach@wellspring.demo');
    expect(passwordField()).toHaveValue('wellspring-demo-coach');
    await user.click(within(demo).getByRole('button', { name: /Client.*client@wellspring\.demo/ }));
    expect(addressField()).toHaveValue('client@wellspring.demo');
    expect(passwordField()).toHaveValue('wellspring-demo-client');
  });

  it('offers no demo accounts outside the demo', async () => {
    await renderAuth('/auth');
    await waitFor(() => expect(callsTo('GET /auth/v1/settings')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Wellspring' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Demo accounts' })).not.toBeInTheDocument();
  });
});

describe('AuthPage: signing in with a password', () => {
  it('says exactly what is missing without calling the server', async () => {
    const { user } = await renderAuth('/auth');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^You must provide either an email or phone number and a password$/,
    );
    await user.type(addressField(), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You must provide either an email or phone number and a password',
    );
    expect(callsTo('POST /auth/v1/token?grant_type=password')).toHaveLength(0);
  });

  it('explains a phone number without its country code', async () => {
    const { user } = await renderAuth('/auth');
    await user.type(addressField(), '4155550123');
    await user.type(passwordField(), 'whatever it is');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(addressField()).toHaveAccessibleDescription(
      expect.stringContaining('Please enter the phone number with its country code, like +14155550123.'),
    );
    expect(addressField()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.url.includes('grant_type=password'))).toHaveLength(0);
  });

  it('signs in with email and password in cookie mode', async () => {
    answer('POST /auth/v1/token?grant_type=password', json(session()));
    const { user } = await renderAuth('/auth');
    await user.type(addressField(), ' Pat@Example.com ');
    await user.type(passwordField(), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'You are signed in' })).toBeInTheDocument();
    const [call] = callsTo('POST /auth/v1/token?grant_type=password');
    expect(call?.body).toEqual({ email: 'pat@example.com', password: 'correct horse battery' });
    expect(call?.headers['x-refresh-cookie']).toBe('1');
    expect(client.getState().status).toBe('signed_in');
  });

  it('signs in with a phone number', async () => {
    answer('POST /auth/v1/token?grant_type=password', json(session()));
    const { user } = await renderAuth('/auth');
    await user.type(addressField(), '+1 (415) 555-0123');
    await user.type(passwordField(), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'You are signed in' });
    expect(callsTo('POST /auth/v1/token?grant_type=password')[0]?.body).toEqual({
      phone: '+14155550123',
      password: 'correct horse battery',
    });
  });

  it("shows the server's message for wrong credentials", async () => {
    answer(
      'POST /auth/v1/token?grant_type=password',
      apiError('INVALID_CREDENTIALS', 'Invalid login credentials', 400),
    );
    const { user } = await renderAuth('/auth');
    await user.type(addressField(), 'pat@example.com');
    await user.type(passwordField(), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
  });

  it('after 429 says when to try again, from Retry-After', async () => {
    answer(
      'POST /auth/v1/token?grant_type=password',
      apiError('RATE_LIMITED', 'Too many failed sign-in attempts. Please wait and try again.', 429, {
        headers: { 'retry-after': '120' },
      }),
    );
    const { user } = await renderAuth('/auth');
    await user.type(addressField(), 'pat@example.com');
    await user.type(passwordField(), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-in attempts. Please wait and try again. You can try again in 2 minutes.',
    );
  });
});

describe('AuthPage: creating an account', () => {
  it('shows the strength and the reasons live while typing a weak password, and does not send it', async () => {
    const { user } = await renderAuth('/auth?signup=true');
    await user.type(addressField(), 'pat@example.com');
    await user.type(passwordField(), 'password');

    const meter = await screen.findByRole('meter', { name: 'Password strength' });
    expect(meter).toHaveAttribute('aria-valuetext', 'Very weak');
    const region = screen.getByTestId('password-strength').querySelector('[aria-live="polite"]');
    expect(region).not.toBeNull();
    await waitFor(() =>
      expect(within(region as HTMLElement).getAllByRole('listitem').length).toBeGreaterThan(0),
    );
    // The same words the server would answer with (the shared policy in domain/auth/password-strength.ts).
    const expected = assessPassword('password', ['pat@example.com']);
    expect(expected.reasons.length).toBeGreaterThan(0);
    for (const message of [...expected.reasons, ...expected.suggestions])
      expect(region).toHaveTextContent(message);
    expect(passwordField()).toHaveAccessibleDescription(expect.stringContaining(expected.reasons[0] ?? '-'));

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('Please choose a stronger password. See the suggestions below.'),
    ).toBeInTheDocument();
    expect(callsTo('POST /auth/v1/signup')).toHaveLength(0);
  });

  it('says a strong password is strong enough', async () => {
    const { user } = await renderAuth('/auth?signup=true');
    await user.type(passwordField(), 'harbor lantern violet oat');
    expect(await screen.findByText('This password is strong enough.')).toBeInTheDocument();
  });

  it('creates the account with the role from ?as= and the device’s time zone', async () => {
    answer('POST /auth/v1/signup', json(session()));
    const { user } = await renderAuth('/auth?as=coach&signup=true');
    await user.type(addressField(), 'new.coach@example.com');
    await user.type(passwordField(), 'harbor lantern violet oat');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'You are signed in' });
    expect(callsTo('POST /auth/v1/signup')[0]?.body).toEqual({
      email: 'new.coach@example.com',
      password: 'harbor lantern violet oat',
      data: { role: 'coach', time_zone: 'UTC' },
    });
  });

  it("shows the server's WEAK_PASSWORD reasons the same way", async () => {
    answer(
      'POST /auth/v1/signup',
      apiError('WEAK_PASSWORD', 'Password is too weak: Avoid your own name.', 422, {
        details: [
          { path: 'password', message: 'Avoid your own name.' },
          { path: 'password', message: 'Add another word or two.' },
        ],
      }),
    );
    const { user } = await renderAuth('/auth?signup=true');
    await user.type(addressField(), 'pat@example.com');
    await user.type(passwordField(), 'harbor lantern violet oat');
    await screen.findByText('This password is strong enough.');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const region = screen
      .getByTestId('password-strength')
      .querySelector('[aria-live="polite"]') as HTMLElement;
    await waitFor(() => expect(region).toHaveTextContent('Avoid your own name.'));
    expect(region).toHaveTextContent('Add another word or two.');
    expect(screen.getByText('Password is too weak: Avoid your own name.')).toBeInTheDocument();
  });
});

describe('AuthPage: the second factor', () => {
  const factorId = '0b6c7a52-3f4e-4d3a-9f59-6a1c2b3d4e5f';
  const challengeId = '6f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';

  it('asks for the authenticator code after a password sign-in, then signs in at aal2', async () => {
    answer('POST /auth/v1/token?grant_type=password', json(session({ factor: true })));
    answer(
      `POST /auth/v1/factors/${factorId}/challenge`,
      json({ id: challengeId, type: 'totp', expires_at: 1 }),
    );
    answer(
      `POST /auth/v1/factors/${factorId}/verify`,
      apiError('INVALID_CODE', 'The code is invalid or has expired.', 400),
      json(session({ factor: true, aal: 'aal2' })),
    );
    const { user } = await renderAuth('/auth');
    await user.type(addressField(), 'pat@example.com');
    await user.type(passwordField(), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Enter the 6-digit code from your authenticator app',
    });
    expect(heading).toBeInTheDocument();
    const codeField = screen.getByLabelText('Authenticator code');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(codeField).toHaveAccessibleDescription('Enter the 6-digit code.');
    expect(callsTo(`POST /auth/v1/factors/${factorId}/challenge`)).toHaveLength(0);

    await user.type(codeField, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is invalid or has expired.');

    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'You are signed in' })).toBeInTheDocument();
    expect(callsTo(`POST /auth/v1/factors/${factorId}/challenge`)).toHaveLength(2);
    expect(callsTo(`POST /auth/v1/factors/${factorId}/verify`)[1]?.body).toEqual({
      challenge_id: challengeId,
      code: '123456',
    });
  });
});

describe('AuthPage: codes instead of a password', () => {
  it('"Email me a code instead" sends a code and signs in with it', async () => {
    answer('POST /auth/v1/otp', json({}));
    answer('POST /auth/v1/verify', json(session()));
    const { user } = await renderAuth('/auth');
    await user.type(addressField(), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a code instead' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in with a code' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email or phone number')).toHaveValue('pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(callsTo('POST /auth/v1/otp')[0]?.body).toEqual({ email: 'pat@example.com', create_user: false });
    await user.type(screen.getByLabelText('6-digit code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'You are signed in' });
    expect(callsTo('POST /auth/v1/verify')[0]?.body).toEqual({
      type: 'email',
      token: '482913',
      email: 'pat@example.com',
    });
  });

  it('uses type sms for a phone number, and says when a new code can be sent', async () => {
    answer(
      'POST /auth/v1/otp',
      json({}),
      apiError('RATE_LIMITED', 'Please wait a minute before asking for another code.', 429, {
        headers: { 'retry-after': '60' },
      }),
    );
    answer('POST /auth/v1/verify', json(session()));
    const { user } = await renderAuth('/auth');
    await user.click(screen.getByRole('button', { name: 'Email me a code instead' }));
    await user.type(screen.getByLabelText('Email or phone number'), '+14155550123');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your phone' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait a minute before asking for another code. You can try again in 1 minute.',
    );
    await user.type(screen.getByLabelText('6-digit code'), '111222');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'You are signed in' });
    expect(callsTo('POST /auth/v1/verify')[0]?.body).toEqual({
      type: 'sms',
      token: '111222',
      phone: '+14155550123',
    });
  });

  it('"Forgot password?": code, then a new password', async () => {
    answer('POST /auth/v1/recover', json({}));
    answer('POST /auth/v1/verify', json(session()));
    answer('PUT /auth/v1/user', json(session().user));
    const { user } = await renderAuth('/auth');
    await user.type(addressField(), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));

    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(callsTo('POST /auth/v1/recover')[0]?.body).toEqual({ email: 'pat@example.com' });
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    expect(callsTo('POST /auth/v1/verify')[0]?.body).toEqual({
      type: 'recovery',
      token: '123456',
      email: 'pat@example.com',
    });
    await user.type(
      screen.getByLabelText('New password', { selector: 'input' }),
      'harbor lantern violet oat',
    );
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password is changed' }),
    ).toBeInTheDocument();
    expect(callsTo('PUT /auth/v1/user')[0]?.body).toEqual({ password: 'harbor lantern violet oat' });
  });
});

describe('AuthPage: checks before calling the server (react-hook-form)', () => {
  it('a code sign-in without an address says what to enter, on the field, and focuses it', async () => {
    const { user } = await renderAuth('/auth');
    await user.click(screen.getByRole('button', { name: 'Email me a code instead' }));
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    const field = screen.getByLabelText('Email or phone number');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Enter the email address or phone number of your account.'),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(callsTo('POST /auth/v1/otp')).toHaveLength(0);
  });

  it('recovery: a phone number is not an email address, and a short code is refused', async () => {
    answer('POST /auth/v1/recover', json({}));
    const { user } = await renderAuth('/auth');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email address'), '+14155550123');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    );
    expect(callsTo('POST /auth/v1/recover')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Email address'));
    await user.type(screen.getByLabelText('Email address'), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    await user.type(screen.getByLabelText('6-digit code'), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('6-digit code')).toHaveAccessibleDescription('Enter the 6-digit code.');
    expect(calls.filter((call) => call.url === '/auth/v1/verify')).toHaveLength(0);
  });

  it('a server refusal stays until the next attempt, which starts without it', async () => {
    answer(
      'POST /auth/v1/token?grant_type=password',
      apiError('INVALID_CREDENTIALS', 'Invalid login credentials', 400),
    );
    const { user } = await renderAuth('/auth');
    await user.type(addressField(), 'pat@example.com');
    await user.type(passwordField(), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    await user.type(passwordField(), ' more');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid login credentials');
    await user.clear(passwordField());
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^You must provide either an email or phone number and a password$/,
    );
  });
});
