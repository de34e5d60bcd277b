import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession, AuthUser } from '#contracts/auth';
import { createAuthClient, type AuthClient } from '#web/lib/auth/auth-client';
import { SettingsPage } from './settings';
import { ownProfileFixture } from '#web/test/fixtures/own-profile';
import { renderWithProviders } from '#web/test/render';

// ---- A fake server: each test says how the endpoints answer; every call is recorded.

type Call = { method: string; url: string; body: unknown; headers: Record<string, string> };

const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const apiError = (code: string, message: string, status: number) =>
  json({ error: { code, message } }, status);

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const FACTOR_ID = '0b6c7a52-3f4e-4d3a-9f59-6a1c2b3d4e5f';
const CHALLENGE_ID = '6f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const NOW = new Date().toISOString();

function userWith(overrides: Partial<AuthUser> = {}, factor?: 'verified' | 'unverified'): AuthUser {
  return {
    id: 'u-1',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'pat@example.com',
    phone: null,
    email_confirmed_at: NOW,
    phone_confirmed_at: null,
    last_sign_in_at: NOW,
    app_metadata: { provider: 'email' },
    user_metadata: {},
    identities: [],
    factors: factor
      ? [
          {
            id: FACTOR_ID,
            friendly_name: 'Authenticator app',
            factor_type: 'totp',
            status: factor,
            created_at: NOW,
            updated_at: NOW,
          },
        ]
      : [],
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

function session(user: AuthUser, aal: 'aal1' | 'aal2' = 'aal1'): AuthSession {
  return {
    access_token: `${base64url({ alg: 'ES256' })}.${base64url({ aal, session_id: 's-1' })}.sig`,
    token_type: 'bearer',
    expires_in: 900,
    expires_at: Math.floor(Date.now() / 1000) + 900,
    refresh_token: null,
    user,
  };
}

const SESSIONS = {
  sessions: [
    {
      id: 's-2',
      created_at: NOW,
      refreshed_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      not_after: NOW,
      aal: 'aal1',
      user_agent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ip: '198.51.100.7',
      current: false,
    },
    {
      id: 's-1',
      created_at: NOW,
      refreshed_at: NOW,
      not_after: NOW,
      aal: 'aal1',
      user_agent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      ip: '203.0.113.5',
      current: true,
    },
  ],
};

let calls: Call[] = [];
let answers: Map<string, Response[]>;

function answer(route: string, ...responses: Response[]) {
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
  const queue = answers.get(`${call.method} ${call.url}`);
  if (!queue?.length) throw new Error(`unexpected call: ${call.method} ${call.url}`);
  const next = queue.length > 1 ? queue.shift() : queue[0];
  return (next as Response).clone();
});

let client: AuthClient;

beforeEach(() => {
  calls = [];
  answers = new Map();
  vi.stubGlobal('fetch', fetchMock);
  answer('GET /auth/v1/sessions', json(SESSIONS));
  answer('POST /api/rpc/log_security_event_safe', json({ stored: true }));
  answer('GET /api/blocks', json({ blocked: [] }));
  answer('GET /api/profiles/me', json(ownProfileFixture({ time_zone: 'Europe/Berlin' })));
});

afterEach(() => {
  client?.stop();
  vi.unstubAllGlobals();
});

async function renderSettings(user: AuthUser = userWith()) {
  answer('POST /auth/v1/token?grant_type=refresh_token', json(session(user)));
  client = createAuthClient();
  await client.start();
  renderWithProviders(<SettingsPage />, { authClient: client, path: '/settings' });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return userEvent.setup();
}

const section = (name: string) => screen.getByRole('region', { name });

describe('SettingsPage', () => {
  it('shows who is signed in, the theme choice and the account details', async () => {
    await renderSettings();
    expect(screen.getByText('pat@example.com', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Theme' })).toBeInTheDocument();
    const account = section('Account');
    expect(within(account).getByText('Confirmed')).toBeInTheDocument();
    expect(within(account).getByRole('button', { name: 'Add phone' })).toBeInTheDocument();
  });

  it('an unconfirmed email can be confirmed here with a code, without a new session', async () => {
    const unconfirmed = userWith({ email_confirmed_at: null });
    await renderSettings(unconfirmed);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm it' }));
    answer('POST /auth/v1/resend', json({}));
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(callsTo('POST /auth/v1/resend')[0]?.body).toEqual({ type: 'signup', email: 'pat@example.com' });
    expect(await screen.findByText('We sent a new code to pat@example.com.')).toBeInTheDocument();
    answer('POST /auth/v1/verify', json({ user: userWith() }));
    await user.type(await screen.findByLabelText('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    await waitFor(() => expect(screen.queryByText('Not confirmed')).not.toBeInTheDocument());
    expect(callsTo('POST /auth/v1/verify')[0]?.body).toEqual({
      type: 'signup',
      email: 'pat@example.com',
      token: '123456',
    });
    expect(screen.getAllByText('Confirmed').length).toBeGreaterThan(0);
  });

  it('lists the sessions: short device names, IP, last active, and This device first', async () => {
    await renderSettings();
    const list = await within(section('Active sessions')).findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome on macOS');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('203.0.113.5');
    expect(rows[1]).toHaveTextContent('Safari on iOS');
    expect(rows[1]).toHaveTextContent('198.51.100.7');
    expect(rows[1]).toHaveTextContent('Active 3 hours ago');
    expect(rows[1]).not.toHaveTextContent('This device');
  });

  it('"Sign out other sessions" ends the others and keeps this one', async () => {
    answer('POST /auth/v1/logout?scope=others', json(null, 204));
    const user = await renderSettings();
    await within(section('Active sessions')).findByText('Safari on iOS');
    answers.set('GET /auth/v1/sessions', [json({ sessions: [SESSIONS.sessions[1]] })]);
    await user.click(screen.getByRole('button', { name: 'Sign out other sessions' }));

    expect(await screen.findByText('Your other sessions are signed out.')).toBeInTheDocument();
    expect(callsTo('POST /auth/v1/logout?scope=others')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(client.getState().status).toBe('signed_in');
  });

  it('"Sign out everywhere" reports USER_SESSION_END first, then signs out globally', async () => {
    answer('POST /auth/v1/logout?scope=global', json(null, 204));
    const user = await renderSettings();
    // The security events are wired by SessionSecurity in the signed-in layout; here, stand in for it.
    const removeHook = client.onBeforeSignOut(() =>
      fetch('/api/rpc/log_security_event_safe', {
        method: 'POST',
        body: JSON.stringify({ event_type: 'USER_SESSION_END' }),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are signed out' })).toBeInTheDocument();
    const order = calls
      .map((call) => call.url)
      .filter((url) => url.includes('logout') || url.includes('security'));
    expect(order).toEqual(['/api/rpc/log_security_event_safe', '/auth/v1/logout?scope=global']);
    removeHook();
  });
});

describe('SettingsPage: time zone', () => {
  it('shows the saved zone and the time there; saves another one', async () => {
    const user = await renderSettings();
    const zone = await within(section('Time zone')).findByRole('combobox', { name: 'Time zone' });
    await waitFor(() => expect(zone).toHaveValue('Europe/Berlin'));
    expect(
      within(section('Time zone')).getByText(/there now\. This device is set to UTC\./),
    ).toBeInTheDocument();
    expect(within(section('Time zone')).getByRole('button', { name: 'Save' })).toBeDisabled();
    answer('PATCH /api/profiles/me', json(ownProfileFixture({ time_zone: 'Asia/Tokyo' })));
    await user.selectOptions(zone, 'Asia/Tokyo');
    await user.click(within(section('Time zone')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PATCH /api/profiles/me')).toHaveLength(1));
    expect(callsTo('PATCH /api/profiles/me')[0]?.body).toEqual({ time_zone: 'Asia/Tokyo' });
    await waitFor(() => expect(zone).toHaveValue('Asia/Tokyo'));
    expect(
      await within(screen.getByRole('region', { name: 'Notifications' })).findByText(
        'Times now show in Asia/Tokyo.',
      ),
    ).toBeInTheDocument();
  });

  it('puts the server’s refusal on the field', async () => {
    const user = await renderSettings();
    const zone = await within(section('Time zone')).findByRole('combobox', { name: 'Time zone' });
    await waitFor(() => expect(zone).toHaveValue('Europe/Berlin'));
    answer(
      'PATCH /api/profiles/me',
      json(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'The request is not valid.',
            details: [{ path: 'body.time_zone', message: 'That zone is not known here.' }],
          },
        },
        400,
      ),
    );
    await user.selectOptions(zone, 'America/New_York');
    await user.click(within(section('Time zone')).getByRole('button', { name: 'Save' }));
    expect(await within(section('Time zone')).findByText('That zone is not known here.')).toBeInTheDocument();
  });
});

describe('SettingsPage: changing email, phone and password', () => {
  it('REAUTHENTICATION_NEEDED: sends a code, retries with it as nonce, then confirms the new address', async () => {
    answer(
      'PUT /auth/v1/user',
      apiError('REAUTHENTICATION_NEEDED', 'Please confirm it is you: enter the code we just sent you.', 401),
      apiError('INVALID_CODE', 'The code is invalid or has expired.', 400),
      json(userWith()),
    );
    answer('GET /auth/v1/reauthenticate', json({}));
    answer('POST /auth/v1/verify', json({ user: userWith({ email: 'new@example.com' }) }));
    const user = await renderSettings();

    await user.click(screen.getByRole('button', { name: 'Change email' }));
    await user.type(screen.getByLabelText('New email address'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(callsTo('PUT /auth/v1/user')).toHaveLength(0);

    await user.clear(screen.getByLabelText('New email address'));
    await user.type(screen.getByLabelText('New email address'), 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText(/To confirm it is you, enter the 6-digit code we just sent to/),
    ).toHaveTextContent('pat@example.com');
    expect(callsTo('GET /auth/v1/reauthenticate')).toHaveLength(1);
    expect(callsTo('PUT /auth/v1/user')[0]?.body).toEqual({ email: 'new@example.com' });

    await user.type(screen.getByLabelText('Confirmation code'), '999999');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await within(section('Account')).findByRole('alert')).toHaveTextContent(
      'The code is invalid or has expired.',
    );

    await user.clear(screen.getByLabelText('Confirmation code'));
    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(callsTo('PUT /auth/v1/user')[2]?.body).toEqual({ email: 'new@example.com', nonce: '123456' });

    expect(await screen.findByText(/We sent a 6-digit code to/)).toHaveTextContent('new@example.com');
    await user.type(screen.getByLabelText('Code sent to the new address'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Your email address is now new@example.com.')).toBeInTheDocument();
    expect(callsTo('POST /auth/v1/verify')[0]?.body).toEqual({
      type: 'email_change',
      token: '654321',
      email: 'new@example.com',
    });
    expect(client.getState().user?.email).toBe('new@example.com');
  });

  it('a phone change confirms with phone_change', async () => {
    answer('PUT /auth/v1/user', json(userWith()));
    answer('POST /auth/v1/verify', json({ user: userWith({ phone: '+14155550123' }) }));
    const user = await renderSettings();
    await user.click(screen.getByRole('button', { name: 'Add phone' }));
    await user.type(screen.getByLabelText('New phone number'), '+1 415 555 0123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Code sent to the new address'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your phone number is now +14155550123.')).toBeInTheDocument();
    expect(callsTo('PUT /auth/v1/user')[0]?.body).toEqual({ phone: '+14155550123' });
    expect(callsTo('POST /auth/v1/verify')[0]?.body).toMatchObject({ type: 'phone_change', token: '111111' });
  });

  it('a password change offers to sign out the other sessions, ticked by default', async () => {
    answer('PUT /auth/v1/user', json(userWith()));
    const user = await renderSettings();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const checkbox = screen.getByRole('checkbox', { name: 'Sign out my other sessions' });
    expect(checkbox).toBeChecked();
    await user.type(screen.getByLabelText('New password'), 'harbor lantern violet oat');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(callsTo('PUT /auth/v1/user')).toHaveLength(1));
    expect(callsTo('PUT /auth/v1/user')[0]?.body).toEqual({
      password: 'harbor lantern violet oat',
      sign_out_others: true,
    });
    expect(
      await screen.findByText('Your password is changed, and your other sessions are signed out.'),
    ).toBeInTheDocument();
  });

  it('a password change: nothing typed is refused on the field; WEAK_PASSWORD puts the message there', async () => {
    answer(
      'PUT /auth/v1/user',
      json(
        {
          error: {
            code: 'WEAK_PASSWORD',
            message: 'Password is too weak: Avoid your own name.',
            details: [{ path: 'password', message: 'Avoid your own name.' }],
          },
        },
        422,
      ),
    );
    const user = await renderSettings();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    const field = screen.getByLabelText('New password');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Enter a new password.'));
    expect(field).toHaveFocus();
    expect(callsTo('PUT /auth/v1/user')).toHaveLength(0);

    await user.type(field, 'harbor lantern violet oat');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        expect.stringContaining('Password is too weak: Avoid your own name.'),
      ),
    );
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('INSUFFICIENT_AAL shows the authenticator step first, then retries', async () => {
    answer(
      'PUT /auth/v1/user',
      apiError('INSUFFICIENT_AAL', 'Please confirm with your authenticator app to continue.', 403),
      json(userWith({}, 'verified')),
    );
    answer(
      `POST /auth/v1/factors/${FACTOR_ID}/challenge`,
      json({ id: CHALLENGE_ID, type: 'totp', expires_at: 1 }),
    );
    answer(`POST /auth/v1/factors/${FACTOR_ID}/verify`, json(session(userWith({}, 'verified'), 'aal2')));
    const user = await renderSettings(userWith({}, 'verified'));
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await user.type(screen.getByLabelText('New password'), 'harbor lantern violet oat');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(
      await screen.findByRole('heading', { name: 'Enter the 6-digit code from your authenticator app' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/Your password is changed/)).toBeInTheDocument();
    expect(callsTo('PUT /auth/v1/user')).toHaveLength(2);
  });
});

describe('SettingsPage: two-factor authentication', () => {
  it('enrols: QR code and key, then the code turns it on', async () => {
    answer(
      'POST /auth/v1/factors',
      json({
        id: FACTOR_ID,
        type: 'totp',
        friendly_name: 'Authenticator app',
        totp: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          uri: 'otpauth://totp/x',
          qr_code: '<svg></svg>',
        },
      }),
    );
    answer(
      `POST /auth/v1/factors/${FACTOR_ID}/challenge`,
      json({ id: CHALLENGE_ID, type: 'totp', expires_at: 1 }),
    );
    answer(`POST /auth/v1/factors/${FACTOR_ID}/verify`, json(session(userWith({}, 'verified'), 'aal2')));
    const user = await renderSettings();
    const twoFactor = section('Two-factor authentication');
    expect(within(twoFactor).getByTestId('two-factor-status')).toHaveTextContent('Off');

    await user.click(within(twoFactor).getByRole('button', { name: 'Set up an authenticator app' }));
    const qr = await within(twoFactor).findByRole('img', { name: /QR code/ });
    expect(qr).toHaveAttribute('src', 'data:image/svg+xml;utf-8,%3Csvg%3E%3C%2Fsvg%3E');
    expect(within(twoFactor).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(callsTo('POST /auth/v1/factors')[0]?.body).toEqual({
      factor_type: 'totp',
      friendly_name: 'Authenticator app',
    });

    await user.type(within(twoFactor).getByLabelText('Code from the app'), '123456');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(await within(twoFactor).findByText(/Two-factor authentication is on/)).toBeInTheDocument();
    expect(within(twoFactor).getByTestId('two-factor-status')).toHaveTextContent('On');
    expect(callsTo(`POST /auth/v1/factors/${FACTOR_ID}/verify`)[0]?.body).toEqual({
      challenge_id: CHALLENGE_ID,
      code: '123456',
    });
  });

  it('removing a verified factor at aal1 asks for the authenticator first', async () => {
    answer(
      `DELETE /auth/v1/factors/${FACTOR_ID}`,
      apiError('INSUFFICIENT_AAL', 'Please confirm with your authenticator app to continue.', 403),
      json({ id: FACTOR_ID }),
    );
    answer(
      `POST /auth/v1/factors/${FACTOR_ID}/challenge`,
      json({ id: CHALLENGE_ID, type: 'totp', expires_at: 1 }),
    );
    answer(`POST /auth/v1/factors/${FACTOR_ID}/verify`, json(session(userWith({}, 'verified'), 'aal2')));
    answer('GET /auth/v1/user', json(userWith()));
    const user = await renderSettings(userWith({}, 'verified'));
    const twoFactor = section('Two-factor authentication');
    expect(within(twoFactor).getByTestId('two-factor-status')).toHaveTextContent('On');

    await user.click(within(twoFactor).getByRole('button', { name: 'Remove Authenticator app' }));
    await user.click(within(twoFactor).getByRole('button', { name: 'Remove' }));
    expect(
      await within(twoFactor).findByRole('heading', {
        name: 'Enter the 6-digit code from your authenticator app',
      }),
    ).toBeInTheDocument();
    await user.type(within(twoFactor).getByLabelText('Authenticator code'), '123456');
    await user.click(within(twoFactor).getByRole('button', { name: 'Verify' }));

    expect(await within(twoFactor).findByText('The authenticator app was removed.')).toBeInTheDocument();
    expect(callsTo(`DELETE /auth/v1/factors/${FACTOR_ID}`)).toHaveLength(2);
    expect(within(twoFactor).getByTestId('two-factor-status')).toHaveTextContent('Off');
  });
});

describe('SettingsPage: signed out', () => {
  it('offers the way back in when the session ends (e.g. in another tab)', async () => {
    answer('POST /auth/v1/logout?scope=local', json(null, 204));
    await renderSettings();
    await client.signOut('local');
    expect(await screen.findByRole('heading', { level: 1, name: 'You are signed out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });
});
