import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PERMISSIONS } from '#domain/auth/permissions';
import { ROLE_SYNC_DELAY_MS } from '#web/features/roles/components/access-gate';
import { apiError, type StubResponse } from '#web/test/api';
import { buildMe, buildSession } from '#web/test/fixtures/auth';
import { renderApp } from '#web/test/render-app';

/**
 * The route map with its guard, end to end in the browser's terms: the real router table, the real
 * auth client and TanStack Query, with only fetch answered by a stub of the server.
 */
afterEach(() => {
  vi.useRealTimers();
});

const toasts = () => screen.getByRole('region', { name: 'Notifications' });
const toastStatus = () => within(toasts()).getByRole('status');
const toastAlert = () => within(toasts()).getByRole('alert');
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const path = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('loading', () => {
  it('shows the full-screen "Loading..." while auth status loads', async () => {
    let release: (value: StubResponse) => void = () => undefined;
    renderApp({
      at: '/',
      me: null,
      extra: { 'POST /auth/v1/token': () => new Promise<StubResponse>((resolve) => (release = resolve)) },
    });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await act(async () => release(apiError(400, 'INVALID_REFRESH_TOKEN')));
    expect(await heading('Care for what matters, with a coach by your side')).toBeInTheDocument();
  });

  it('keeps "Loading..." while the role and admin status (/api/me) load', async () => {
    let release: (value: StubResponse) => void = () => undefined;
    const { router, client } = renderApp({
      at: '/',
      me: buildMe(),
      extra: { 'GET /api/me': () => new Promise<StubResponse>((resolve) => (release = resolve)) },
    });
    await waitFor(() => expect(client.getState().status).toBe('signed_in'));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => release({ body: buildMe() }));
    expect(await heading('Home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/client-portal');
  });
});

describe('visitors', () => {
  it('see public pages with their shell and a coming-soon state', async () => {
    renderApp({ at: '/marketplace', me: null });
    expect(await heading('Marketplace')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Coming soon' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Sign in/ })).toHaveAttribute('href', '/auth');
    expect(document.title).toBe('Marketplace · Wellspring');
  });

  it('are sent to /auth with the return path from a signed-in route', async () => {
    const { router } = renderApp({ at: '/client-favorites?sort=new', me: null });
    await waitFor(() => expect(path(router)).toBe('/auth?redirect=%2Fclient-favorites%3Fsort%3Dnew'));
  });

  it('see the not-found screen on unknown paths', async () => {
    renderApp({ at: '/no-such-page', me: null });
    expect(await heading('Page not found')).toBeInTheDocument();
  });

  it('follow the fixed redirects', async () => {
    const { router } = renderApp({ at: '/wellstream/some-post', me: null });
    // /community needs a sign-in, so the visitor ends on /auth with /community as the way back.
    await waitFor(() => expect(path(router)).toBe('/auth?redirect=%2Fcommunity'));
  });
});

describe('signed in', () => {
  it('welcomes a client by first name, never by a title ("Dr. Lena Ortiz" is Lena)', async () => {
    renderApp({ at: '/client-portal', me: buildMe({ full_name: 'Dr. Lena Ortiz' }) });
    expect(await heading('Home')).toBeInTheDocument();
    expect(await screen.findByText('Welcome back, Lena.')).toBeInTheDocument();
  });

  it('a client on / goes to /client-portal, with the client navigation and their initials', async () => {
    const { router } = renderApp({ at: '/', me: buildMe() });
    expect(await heading('Home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/client-portal');
    const [sidebar] = screen.getAllByRole('navigation', { name: 'Main' });
    expect(within(sidebar!).getByRole('link', { name: 'Discover' })).toHaveAttribute('href', '/discover');
    expect(within(sidebar!).getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet');
    expect(screen.getByRole('button', { name: 'MT: Account menu for Maya Thompson' })).toHaveTextContent(
      'MT',
    );
    // One role: no switcher.
    expect(screen.queryByRole('radiogroup', { name: 'Use Wellspring as' })).not.toBeInTheDocument();
  });

  it('a client on a coach-only route goes to /client-portal', async () => {
    const { router } = renderApp({ at: '/manage-revenue', me: buildMe() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/client-portal'));
  });

  it('a coach on a client-only route goes to /portal, with the coach navigation', async () => {
    const { router } = renderApp({
      at: '/client-wallet',
      me: buildMe({ roles: ['coach'], active_role: 'coach' }),
    });
    expect(await heading('Coach home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal');
    const [sidebar] = screen.getAllByRole('navigation', { name: 'Main' });
    expect(within(sidebar!).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
    expect(within(sidebar!).getByRole('link', { name: 'Revenue' })).toHaveAttribute(
      'href',
      '/manage-revenue',
    );
  });

  it('/profile/:username/edit goes to /profile/edit', async () => {
    const { router } = renderApp({
      at: '/profile/lena-ortiz/edit',
      me: buildMe({ roles: ['coach'], active_role: 'coach' }),
    });
    expect(await heading('Edit profile')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/edit');
  });

  it('a signed-in person on /auth goes on to the redirect target', async () => {
    const { router } = renderApp({ at: '/auth?redirect=%2Fcommunity', me: buildMe() });
    expect(await heading('Community')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/community');
  });

  it('a person without a role is sent to / (the role choice) from other screens', async () => {
    const { router } = renderApp({ at: '/chat', me: buildMe({ roles: [], active_role: null }) });
    expect(await heading('Care for what matters, with a coach by your side')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a person without a role may open community (and documentation, settings, help…)', async () => {
    const { router } = renderApp({ at: '/community', me: buildMe({ roles: [], active_role: null }) });
    expect(await heading('Community')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/community');
  });

  it('when /api/me refuses the session, the refresh decides: here it is over, so sign in again', async () => {
    let refreshes = 0;
    const { router, client } = renderApp({
      at: '/wallet',
      me: buildMe(),
      extra: {
        'POST /auth/v1/token': () =>
          (refreshes += 1) === 1 ? { body: buildSession() } : apiError(401, 'SESSION_EXPIRED'),
        'GET /api/me': apiError(401, 'SESSION_EXPIRED'),
      },
    });
    await waitFor(() => expect(path(router)).toBe('/auth?redirect=%2Fwallet'));
    expect(refreshes).toBe(2);
    expect(client.getState()).toMatchObject({ status: 'signed_out', endReason: 'expired' });
  });

  it('Sign out ends the session and shows the sign-in page', async () => {
    const user = userEvent.setup();
    const { router, api } = renderApp({ at: '/client-portal', me: buildMe() });
    await heading('Home');
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(api.callsTo('POST', '/auth/v1/logout')).toHaveLength(1);
  });
});

describe('role synchronisation (SPEC §4 Role)', () => {
  it('a person holding both roles on a coach path is switched to coach after 100 ms with "Role synchronized"', async () => {
    const dual = buildMe({ roles: ['client', 'coach'], active_role: 'client' });
    const { api, router } = renderApp({
      at: '/services',
      me: dual,
      extra: {
        'POST /api/rpc/set_last_active_role': ({ body }) => ({
          body: { ...dual, active_role: (body as { role_name: 'client' | 'coach' }).role_name },
        }),
      },
    });
    expect(await heading('Services')).toBeInTheDocument();
    const status = toastStatus();
    await waitFor(() => expect(status).toHaveTextContent('Role synchronized'));
    expect(api.callsTo('POST', '/api/rpc/set_last_active_role').map((call) => call.body)).toEqual([
      { role_name: 'coach' },
    ]);
    expect(router.state.location.pathname).toBe('/services');
    // The navigation follows the new role, and the switcher shows it.
    const switcher = screen.getByRole('radiogroup', { name: 'Use Wellspring as' });
    await waitFor(() =>
      expect(within(switcher).getByRole('radio', { name: 'Coach' })).toHaveAttribute('aria-checked', 'true'),
    );
  });

  it('waits 100 ms before switching', async () => {
    const dual = buildMe({ roles: ['client', 'coach'], active_role: 'coach' });
    // When /api/me first answered (the gate can decide no earlier) and when the role was switched.
    let meAnsweredAt = 0;
    let switchedAt = 0;
    renderApp({
      at: '/discover',
      me: dual,
      extra: {
        'GET /api/me': () => {
          meAnsweredAt ||= performance.now();
          return { body: dual };
        },
        'POST /api/rpc/set_last_active_role': () => {
          switchedAt ||= performance.now();
          return { body: { ...dual, active_role: 'client' } };
        },
      },
    });
    await waitFor(() => expect(switchedAt).toBeGreaterThan(0));
    expect(switchedAt - meAnsweredAt).toBeGreaterThanOrEqual(ROLE_SYNC_DELAY_MS - 1);
  });
});

describe('a guest', () => {
  const guest = buildMe({
    email: null,
    full_name: 'Guest',
    roles: [],
    active_role: null,
    created_at: new Date().toISOString(),
    is_guest: true,
  });

  it('fresh from the link, on / sees the guest screen: no automatic role, no navigation', async () => {
    const { api, router } = renderApp({
      at: '/?signup=true',
      me: guest,
      extra: { 'GET /api/sessions/active': { body: { session: null } } },
    });
    expect(await heading('You joined as a guest')).toBeInTheDocument();
    expect(await screen.findByText(/That session has ended/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create your own account' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/rpc/auto_assign_role')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/');
  });

  it('on a role screen sees the same guest screen, never a redirect nor a role sync', async () => {
    const { api, router } = renderApp({
      at: '/portal',
      me: guest,
      extra: { 'GET /api/sessions/active': { body: { session: null } } },
    });
    expect(await heading('You joined as a guest')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal');
    expect(api.callsTo('POST', '/api/rpc/set_last_active_role')).toHaveLength(0);
  });
});

describe('automatic role (SPEC §2)', () => {
  it('a new account without a role on / is set up ("Setting up your account...") and sent home', async () => {
    const fresh = buildMe({ roles: [], active_role: null, created_at: new Date().toISOString() });
    let release: (value: StubResponse) => void = () => undefined;
    const { api, router } = renderApp({
      at: '/?as=coach',
      me: fresh,
      extra: {
        'POST /api/rpc/auto_assign_role': () => new Promise<StubResponse>((resolve) => (release = resolve)),
      },
    });
    expect(await screen.findByText('Setting up your account...')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/rpc/auto_assign_role')[0]?.body).toEqual({
      as: 'coach',
      signup: false,
      on_auth_page: false,
    });
    await act(async () => release({ body: { ...fresh, roles: ['coach'], active_role: 'coach' } }));
    expect(await heading('Coach home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal');
  });

  it('when the server gives no role, the role choice shows (and it is not asked again)', async () => {
    const fresh = buildMe({ roles: [], active_role: null, created_at: new Date().toISOString() });
    const { api, router } = renderApp({
      at: '/',
      me: fresh,
      extra: { 'POST /api/rpc/auto_assign_role': { body: fresh } },
    });
    expect(await heading('Care for what matters, with a coach by your side')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.callsTo('POST', '/api/rpc/auto_assign_role')).toHaveLength(1);
  });

  it('a failure says "Setup Error" and shows the role choice', async () => {
    const fresh = buildMe({ roles: [], active_role: null, created_at: new Date().toISOString() });
    renderApp({
      at: '/',
      me: fresh,
      extra: { 'POST /api/rpc/auto_assign_role': apiError(500, 'INTERNAL_ERROR') },
    });
    expect(await heading('Care for what matters, with a coach by your side')).toBeInTheDocument();
    expect(toastAlert()).toHaveTextContent('Setup Error');
    expect(toastAlert()).toHaveTextContent(
      'Failed to set up your account. Please try again or contact support.',
    );
  });

  it('an older account without a role is not set up automatically', async () => {
    const { api } = renderApp({ at: '/', me: buildMe({ roles: [], active_role: null }) });
    expect(await heading('Care for what matters, with a coach by your side')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/rpc/auto_assign_role')).toHaveLength(0);
  });
});

describe('welcome role choice (SPEC §2, §8 toasts)', () => {
  const noRole = buildMe({ roles: [], active_role: null });

  it('a signed-in person who picks a role has it saved and goes to its home, with "Role set successfully!"', async () => {
    const user = userEvent.setup();
    const { api, router } = renderApp({
      at: '/',
      me: noRole,
      extra: {
        'POST /api/rpc/set_last_active_role': { body: { ...noRole, roles: ['coach'], active_role: 'coach' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: /I am a coach/ }));
    expect(await heading('Coach home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal');
    expect(api.callsTo('POST', '/api/rpc/set_last_active_role')[0]?.body).toEqual({ role_name: 'coach' });
    const status = toastStatus();
    expect(status).toHaveTextContent('Role set successfully!');
    expect(status).toHaveTextContent('You are now using the product as a coach.');
  });

  it('a failure says "Failed to set role" and goes to /auth?as={role}', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      at: '/',
      me: noRole,
      extra: { 'POST /api/rpc/set_last_active_role': apiError(503, 'SERVICE_UNAVAILABLE') },
    });
    await user.click(await screen.findByRole('button', { name: /I'm looking for coaching/ }));
    await waitFor(() => expect(toastAlert()).toHaveTextContent('Failed to set role'));
    expect(toastAlert()).toHaveTextContent('There was an error setting your role. Please try again.');
    // /auth?as=client, and since they are signed in the guard takes them home again: the role choice.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('an anonymous visitor who picks a role goes to /auth?as={role}', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ at: '/', me: null });
    await user.click(await screen.findByRole('button', { name: /I'm looking for coaching/ }));
    await waitFor(() => expect(path(router)).toBe('/auth?as=client'));
  });
});

describe('admin routes', () => {
  const admin = buildMe({
    roles: [],
    active_role: null,
    admin: { admin_role: 'super_admin', permissions: [...ADMIN_PERMISSIONS], is_active: true },
    has_verified_factor: true,
    is_guest: false,
  });

  it('a non-admin goes to their home', async () => {
    const { router } = renderApp({ at: '/admin/coaches', me: buildMe() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/client-portal'));
  });

  it('an inactive admin is not an admin', async () => {
    const { router } = renderApp({
      at: '/admin',
      me: buildMe({ roles: ['coach'], active_role: 'coach', admin: { ...admin.admin!, is_active: false } }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal'));
  });

  it('an admin at aal1 sees the second-factor step before the page', async () => {
    renderApp({ at: '/admin', me: admin, session: buildSession({ aal: 'aal1', verifiedFactor: true }) });
    expect(await heading('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(screen.getByLabelText('Authenticator code')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('an admin at aal1 without an authenticator is told to set one up', async () => {
    renderApp({
      at: '/admin/system',
      me: { ...admin, has_verified_factor: false },
      session: buildSession({ aal: 'aal1' }),
    });
    expect(await heading('Set up your authenticator app first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings');
  });

  it('an admin at aal2 opens admin routes without a role, with the admin navigation', async () => {
    renderApp({
      at: '/admin',
      me: { ...admin, aal: 'aal2' },
      session: buildSession({ aal: 'aal2', verifiedFactor: true }),
    });
    expect(await heading('Administration')).toBeInTheDocument();
    const [sidebar] = screen.getAllByRole('navigation', { name: 'Main' });
    expect(within(sidebar!).getByRole('link', { name: 'Applications' })).toHaveAttribute(
      'href',
      '/admin/applications',
    );
    expect(within(sidebar!).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    // The landing lists the working sections as links; placeholders are not primary.
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: /Platform revenue/ })).toHaveAttribute(
      'href',
      '/admin/platform-revenue',
    );
    expect(within(main).queryByRole('link', { name: /Coaches/ })).not.toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: /client side/ })).not.toBeInTheDocument();
  });

  it('an admin who is also a client sees the way back to the client side, and Administration on the client side', async () => {
    const user = userEvent.setup();
    renderApp({
      at: '/admin',
      me: { ...admin, roles: ['client'], active_role: 'client', aal: 'aal2' },
      session: buildSession({ aal: 'aal2', verifiedFactor: true }),
    });
    expect(await heading('Administration')).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Go to your client side' }));
    expect(await heading('Home')).toBeInTheDocument();
    const [sidebar] = screen.getAllByRole('navigation', { name: 'Main' });
    expect(within(sidebar!).getByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/admin');
  });

  it('a financial admin sees only the sections of that role', async () => {
    renderApp({
      at: '/admin',
      me: {
        ...admin,
        aal: 'aal2',
        admin: {
          admin_role: 'financial_admin',
          permissions: ['view_revenue', 'view_platform_revenue'],
          is_active: true,
        },
      },
      session: buildSession({ aal: 'aal2', verifiedFactor: true }),
    });
    expect(await heading('Administration')).toBeInTheDocument();
    const [sidebar] = screen.getAllByRole('navigation', { name: 'Main' });
    expect(within(sidebar!).queryByRole('link', { name: 'Applications' })).not.toBeInTheDocument();
    expect(within(sidebar!).getByRole('link', { name: 'Revenue' })).toHaveAttribute('href', '/admin/revenue');
  });
});
