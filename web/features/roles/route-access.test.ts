import { describe, expect, it } from 'vitest';
import {
  decideAccess,
  findRoute,
  impliedRole,
  matchScore,
  safeRedirectTarget,
  type AccessDecision,
  type Viewer,
} from './route-access';

const anonymous: Viewer = { kind: 'anonymous', endReason: null };
const OLD = 60 * 60_000;

type SignedInViewer = Extract<Viewer, { kind: 'signed_in' }>;

function signedIn(overrides: Partial<SignedInViewer> = {}): SignedInViewer {
  return {
    kind: 'signed_in',
    roles: ['client'],
    activeRole: 'client',
    isAdmin: false,
    aal: 'aal1',
    hasVerifiedFactor: false,
    accountAgeMs: OLD,
    autoRoleTried: false,
    ...overrides,
  };
}

const client = signedIn();
const coach = signedIn({ roles: ['coach'], activeRole: 'coach' });
const dualAsClient = signedIn({ roles: ['client', 'coach'], activeRole: 'client' });
const dualAsCoach = signedIn({ roles: ['client', 'coach'], activeRole: 'coach' });
const noRole = signedIn({ roles: [], activeRole: null });
const admin = signedIn({ roles: [], activeRole: null, isAdmin: true, aal: 'aal2', hasVerifiedFactor: true });

const at = (path: string, viewer: Viewer): AccessDecision => {
  const [pathname = '/', search = ''] = path.split(/(?=\?)/);
  return decideAccess({ pathname, search }, viewer);
};
const allow: AccessDecision = { kind: 'allow' };
const redirectTo = (to: string): AccessDecision => ({ kind: 'redirect', to });

describe('path matching', () => {
  it('prefers static segments over dynamic ones, like the router', () => {
    expect(findRoute('/profile/edit')?.pattern).toBe('/profile/edit');
    expect(findRoute('/profile/lena-ortiz')?.pattern).toBe('/profile/:username');
    expect(findRoute('/profile/lena-ortiz/preview')?.pattern).toBe('/profile/:username/preview');
    expect(findRoute('/help-center/payments-earnings')?.pattern).toBe('/help-center/payments-earnings');
    expect(findRoute('/chat/abc/def')?.pattern).toBe('/chat/*');
    expect(findRoute('/portal/')?.pattern).toBe('/portal');
  });

  it('knows no route for unknown paths (the not-found screen)', () => {
    expect(findRoute('/help-center/unknown-topic')).toBeNull();
    expect(findRoute('/nowhere')).toBeNull();
    expect(findRoute('/coach')).toBeNull();
  });

  it('a splat needs at least one segment, a parameter exactly one', () => {
    expect(matchScore('/chat/*', '/chat')).toBe(-1);
    expect(matchScore('/coach/:username', '/coach/a/b')).toBe(-1);
    expect(matchScore('/coach/:username', '/coach/a')).toBeGreaterThan(0);
  });

  it('knows which role a path implies (SPEC §4 Role), and that a public coach page implies none', () => {
    expect(impliedRole('/portal')).toBe('coach');
    expect(impliedRole('/services')).toBe('coach');
    expect(impliedRole('/profile/edit')).toBe('coach');
    expect(impliedRole('/client-portal')).toBe('client');
    expect(impliedRole('/discover')).toBe('client');
    expect(impliedRole('/client-profile')).toBe('client');
    expect(impliedRole('/client-profile-edit')).toBeNull();
    expect(impliedRole('/profile/lena-ortiz')).toBeNull();
    expect(impliedRole('/community')).toBeNull();
  });
});

describe('safeRedirectTarget', () => {
  it('keeps internal paths with their query', () => {
    expect(safeRedirectTarget('/portal')).toBe('/portal');
    expect(safeRedirectTarget('/coach/lena?tab=services#top')).toBe('/coach/lena?tab=services#top');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    'portal',
    '',
    null,
  ])('refuses %j', (value) => {
    expect(safeRedirectTarget(value)).toBeNull();
  });
});

describe('anonymous visitors', () => {
  it('open public routes', () => {
    for (const path of [
      '/',
      '/auth',
      '/coach/lena',
      '/profile/lena',
      '/discover',
      '/help-center/getting-started',
    ])
      expect(at(path, anonymous)).toEqual(allow);
  });

  it('go to /auth with the return path from signed-in and admin routes', () => {
    expect(at('/portal', anonymous)).toEqual(redirectTo('/auth?redirect=%2Fportal'));
    expect(at('/chat/room-1?x=1', anonymous)).toEqual(redirectTo('/auth?redirect=%2Fchat%2Froom-1%3Fx%3D1'));
    expect(at('/admin/coaches', anonymous)).toEqual(redirectTo('/auth?redirect=%2Fadmin%2Fcoaches'));
  });

  it('after an inactivity sign-out go to /auth?timeout=true, after signing out to /auth', () => {
    expect(at('/portal', { kind: 'anonymous', endReason: 'timeout' })).toEqual(
      redirectTo('/auth?timeout=true'),
    );
    expect(at('/portal', { kind: 'anonymous', endReason: 'signed_out' })).toEqual(redirectTo('/auth'));
    expect(at('/portal', { kind: 'anonymous', endReason: 'expired' })).toEqual(
      redirectTo('/auth?redirect=%2Fportal'),
    );
  });

  it('see not-found on unknown paths', () => {
    expect(at('/nowhere', anonymous)).toEqual(allow);
  });
});

describe('fixed redirects', () => {
  it('/profile/:username/edit goes to /profile/edit and /wellstream/* to /community, for everybody', () => {
    for (const viewer of [anonymous, client, coach, noRole]) {
      expect(at('/profile/lena/edit', viewer)).toEqual(redirectTo('/profile/edit'));
      expect(at('/wellstream/some/post', viewer)).toEqual(redirectTo('/community'));
      expect(at('/wellstream', viewer)).toEqual(redirectTo('/community'));
    }
  });
});

describe('home and sign-in page', () => {
  it('a signed-in person on / goes to their home', () => {
    expect(at('/', client)).toEqual(redirectTo('/client-portal'));
    expect(at('/', coach)).toEqual(redirectTo('/portal'));
    expect(at('/', dualAsCoach)).toEqual(redirectTo('/portal'));
  });

  it('a signed-in person on /auth goes to the safe redirect target, else home', () => {
    expect(at('/auth', client)).toEqual(redirectTo('/client-portal'));
    expect(at('/auth?redirect=%2Fchat', coach)).toEqual(redirectTo('/chat'));
    expect(at('/auth?redirect=https%3A%2F%2Fevil.example', coach)).toEqual(redirectTo('/portal'));
    expect(at('/auth', noRole)).toEqual(redirectTo('/'));
  });

  it('/auth stays while it still needs the person (second factor pending, or held by the page)', () => {
    expect(at('/auth', signedIn({ hasVerifiedFactor: true, aal: 'aal1' }))).toEqual(allow);
    expect(at('/auth', signedIn({ hasVerifiedFactor: true, aal: 'aal2' }))).toEqual(
      redirectTo('/client-portal'),
    );
    expect(at('/auth', signedIn({ authFlowHeld: true }))).toEqual(allow);
  });

  it('the sign-in return pages are never redirected', () => {
    expect(at('/auth/callback', client)).toEqual(allow);
    expect(at('/auth/google/callback', noRole)).toEqual(allow);
  });
});

describe('automatic role (SPEC §2)', () => {
  const fresh = signedIn({ roles: [], activeRole: null, accountAgeMs: 60_000 });

  it('is tried for a new account without a role on / and /auth, with the hints', () => {
    expect(at('/?as=coach', fresh)).toEqual({
      kind: 'auto_role',
      hints: { as: 'coach', signup: false, on_auth_page: false },
    });
    expect(at('/auth?new_user=true', fresh)).toEqual({
      kind: 'auto_role',
      hints: { as: null, signup: true, on_auth_page: true },
    });
  });

  it('is not tried twice, nor after 5 minutes, nor elsewhere', () => {
    expect(at('/', { ...fresh, autoRoleTried: true })).toEqual(allow);
    expect(at('/', { ...fresh, accountAgeMs: 5 * 60_000 })).toEqual(allow);
    expect(at('/auth', { ...fresh, accountAgeMs: 5 * 60_000 })).toEqual(redirectTo('/'));
    expect(at('/portal', fresh)).toEqual(redirectTo('/'));
  });
});

describe('role rules', () => {
  it.each([
    '/portal',
    '/manage-revenue',
    '/withdrawal/success',
    '/revenue',
    '/cards',
    '/invite-clients',
    '/profile/x/preview',
    // The coach editor and preview that /profile/{id}/edit and /profile/{id}/preview open.
    '/profile/edit',
    '/profile/preview',
  ])('a client on coach-only %s goes to /client-portal', (path) => {
    expect(at(path, client)).toEqual(redirectTo('/client-portal'));
  });

  it('a client on /profile/{id}/edit ends on /client-portal, never in the coach editor', () => {
    const first = at('/profile/lena/edit', client);
    expect(first).toEqual(redirectTo('/profile/edit'));
    expect(first.kind === 'redirect' && at(first.to, client)).toEqual(redirectTo('/client-portal'));
    expect(at('/profile/edit', coach)).toEqual(allow);
    expect(at('/profile/edit', dualAsClient)).toEqual({ kind: 'allow', syncRole: 'coach' });
  });

  it.each([
    '/client-chat',
    '/client-favorites',
    '/client-programs',
    '/client-wallet',
    '/discover',
    '/client-habit-tracker',
    '/client-profile',
  ])('a coach on client-only %s goes to /portal', (path) => {
    expect(at(path, coach)).toEqual(redirectTo('/portal'));
  });

  it('shared routes are open to both roles', () => {
    for (const path of ['/chat', '/community', '/create-post', '/settings'])
      for (const viewer of [client, coach]) expect(at(path, viewer)).toEqual(allow);
  });

  it('a person holding both roles is synchronised to the role the path implies instead of redirected', () => {
    expect(at('/portal', dualAsClient)).toEqual({ kind: 'allow', syncRole: 'coach' });
    expect(at('/services', dualAsClient)).toEqual({ kind: 'allow', syncRole: 'coach' });
    expect(at('/client-portal', dualAsCoach)).toEqual({ kind: 'allow', syncRole: 'client' });
    expect(at('/discover', dualAsCoach)).toEqual({ kind: 'allow', syncRole: 'client' });
    expect(at('/portal', dualAsCoach)).toEqual(allow);
    // Coach-only but not a coach path: nothing implied, nothing to synchronise.
    expect(at('/revenue', dualAsClient)).toEqual(allow);
    expect(at('/community', dualAsClient)).toEqual(allow);
  });

  it('a person with one role is never synchronised', () => {
    expect(at('/client-portal', coach)).toEqual(allow);
    expect(at('/services', client)).toEqual(allow);
  });
});

describe('people without a role', () => {
  it('go to / except on documentation, branding, notifications, settings, help and community', () => {
    for (const path of [
      '/documentation',
      '/branding',
      '/notifications',
      '/settings',
      '/help-center',
      '/help',
      '/help-center/client-payments',
      '/community',
      // A guest (a guest link's account has no role) takes part in the session it was invited to.
      '/session/abc',
    ])
      expect(at(path, noRole)).toEqual(allow);
    for (const path of ['/portal', '/client-portal', '/chat', '/coach/lena', '/discover'])
      expect(at(path, noRole)).toEqual(redirectTo('/'));
  });

  it('may look at a coach profile (never redirected) and see not-found on unknown paths', () => {
    expect(at('/profile/lena', noRole)).toEqual(allow);
    expect(at('/nowhere', noRole)).toEqual(allow);
  });
});

describe('admin routes', () => {
  it('non-admins go to their home', () => {
    expect(at('/admin', client)).toEqual(redirectTo('/client-portal'));
    expect(at('/admin/coaches', coach)).toEqual(redirectTo('/portal'));
    expect(at('/admin/system', noRole)).toEqual(redirectTo('/'));
    expect(at('/admin', signedIn({ isAdmin: false, aal: 'aal2', roles: [], activeRole: null }))).toEqual(
      redirectTo('/'),
    );
  });

  it('admins open them without a role, at aal2', () => {
    expect(at('/admin', admin)).toEqual(allow);
    expect(at('/admin/settings', admin)).toEqual(allow);
  });

  it('admins at aal1 get the second-factor step first', () => {
    expect(at('/admin', { ...admin, aal: 'aal1' } as SignedInViewer)).toEqual({
      kind: 'second_factor',
      hasVerifiedFactor: true,
    });
    expect(at('/admin', { ...admin, aal: 'aal1', hasVerifiedFactor: false } as SignedInViewer)).toEqual({
      kind: 'second_factor',
      hasVerifiedFactor: false,
    });
  });

  it('an active admin arrives on /admin after sign-in, with or without a role, never with an automatic role', () => {
    expect(at('/auth', admin)).toEqual(redirectTo('/admin'));
    expect(at('/auth', { ...admin, roles: ['client'], activeRole: 'client' })).toEqual(redirectTo('/admin'));
    expect(at('/auth?redirect=%2Fsettings', admin)).toEqual(redirectTo('/settings'));
    const freshAdmin = { ...admin, accountAgeMs: 60_000 };
    expect(at('/auth', freshAdmin)).toEqual(redirectTo('/admin'));
    expect(at('/', freshAdmin)).toEqual(allow);
    // An inactive admin row is nobody's administration.
    expect(at('/auth', { ...admin, isAdmin: false })).toEqual(redirectTo('/'));
  });

  it('admins without a role follow the no-role rule elsewhere', () => {
    expect(at('/portal', admin)).toEqual(redirectTo('/'));
    expect(at('/settings', admin)).toEqual(allow);
  });
});

describe('a guest (signed in by a session guest link)', () => {
  const guest: Viewer = { kind: 'guest' };
  const guestOnly: AccessDecision = { kind: 'guest_only' };

  it('takes part in the session room and its join screen', () => {
    expect(at('/session/3f1c2a9e-8b7d-4c6e-9a1b-2d3e4f5a6b7c', guest)).toEqual(allow);
    expect(at('/session/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde', guest)).toEqual(allow);
  });

  it('never gets the automatic role on / or /auth, even fresh from the link', () => {
    expect(at('/', guest)).toEqual(guestOnly);
    expect(at('/?signup=true&as=client', guest)).toEqual(guestOnly);
    expect(at('/auth', guest)).toEqual(guestOnly);
  });

  it('sees the guest screen everywhere else: role screens, shared screens, admin, public pages', () => {
    for (const path of [
      '/client-portal',
      '/portal',
      '/settings',
      '/wallet',
      '/admin',
      '/admin/applications',
      '/marketplace',
      '/coach/lena-ortiz',
      '/profile/lena-ortiz',
      '/nowhere',
    ])
      expect(at(path, guest), path).toEqual(guestOnly);
  });
});
