import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Me } from '#contracts/auth';
import { ADMIN_PERMISSIONS } from '#domain/auth/permissions';
import {
  ADMIN_NAV,
  CLIENT_NAV,
  COACH_NAV,
  navigationFor,
  NO_ROLE_NAV,
  type NavEntry,
} from '#web/app/routes/app-navigation';
import { comingSoonOf, routes } from '#web/app/router';
import { decideAccess, ROUTES, type Viewer } from '#web/features/roles/route-access';

/**
 * The navigation data (web/app/routes/app-navigation.tsx) against the router and the route gates:
 * per role, every working screen is in the navigation (so on phones it is in the bar or one tap
 * into "More"), every entry opens for that role without a redirect, the `working` flag says what
 * the router serves (a `screen()` placeholder or a real page), and no placeholder is primary.
 * The browser walk at 360 px is test/e2e/navigation.spec.ts.
 */

const OLD = 24 * 60 * 60_000;
const viewer = (roles: ('client' | 'coach')[], isAdmin = false): Viewer => ({
  kind: 'signed_in',
  roles,
  activeRole: roles[0] ?? null,
  isAdmin,
  aal: isAdmin ? 'aal2' : 'aal1',
  hasVerifiedFactor: isAdmin,
  accountAgeMs: OLD,
  autoRoleTried: true,
});

const me = (roles: ('client' | 'coach')[], admin = false): Me => ({
  user_id: 'u-1',
  email: 'person@example.test',
  full_name: 'Person',
  created_at: new Date(0).toISOString(),
  roles,
  active_role: roles[0] ?? null,
  admin: admin ? { admin_role: 'super_admin', permissions: [...ADMIN_PERMISSIONS], is_active: true } : null,
  aal: admin ? 'aal2' : 'aal1',
  has_verified_factor: admin,
  is_guest: false,
});

/** Working screens that are not navigation destinations themselves, and where they are reached. */
const REACHED_FROM: Record<string, string> = {
  '/revenue': '/manage-revenue (the same screen)',
  '/client-wallet': '/wallet (the same screen)',
  '/rating-reviews': '/reviews (the same screen)',
  '/chat': '/messages (the same screen)',
  '/client-chat': '/messages (the same screen)',
  '/profile/edit': '/profile (Edit)',
  '/profile/preview': '/profile (Preview)',
  '/client-profile-edit': '/client-profile (Edit)',
  '/withdrawal/success': '/manage-revenue (the result of a withdrawal)',
};

/** Screens a role may open but that are about the other role (each says so and offers the way). */
const NOT_FOR: Record<'client' | 'coach', string[]> = {
  // "Services are for coaches" / "You have no coach profile", each with Become a coach.
  client: ['/services', '/profile', '/branding'],
  // The client home, wallet, gifts and profile editor are the client side's; coaches apply no more.
  coach: ['/client-portal', '/wallet', '/gift', '/client-profile-edit', '/coach-application'],
};

function routeOf(path: string): RouteObject | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route;
}

/** A screen() placeholder (the coming-soon page, with its title); real pages are not. */
const isPlaceholder = (path: string) => {
  const route = routeOf(path);
  return route !== undefined && comingSoonOf(route) !== undefined;
};

/** The static (parameterless) signed-in and admin screens, plus public /discover. */
const STATIC_SCREENS = ROUTES.filter(
  (route) =>
    (route.access !== 'public' || route.pattern === '/discover') &&
    !route.pattern.includes(':') &&
    !route.pattern.includes('*'),
).map((route) => route.pattern);

const ROLES = {
  client: { nav: CLIENT_NAV, viewer: viewer(['client']), me: me(['client']) },
  coach: { nav: COACH_NAV, viewer: viewer(['coach']), me: me(['coach']) },
  admin: { nav: ADMIN_NAV, viewer: viewer([], true), me: me([], true) },
  no_role: { nav: NO_ROLE_NAV, viewer: viewer([]), me: me([]) },
} as const;

const opens = (path: string, who: Viewer) => {
  const decision = decideAccess({ pathname: path, search: '' }, who);
  return decision.kind === 'allow';
};

describe('navigation data', () => {
  for (const [role, { nav, viewer: who }] of Object.entries(ROLES)) {
    describe(role, () => {
      it('gives primary slots only to working screens, four at most (the fifth is More)', () => {
        const primary = nav.filter((entry) => entry.primary);
        expect(primary.length).toBeGreaterThan(0);
        expect(primary.length).toBeLessThanOrEqual(4);
        expect(primary.filter((entry) => !entry.working).map((entry) => entry.to)).toEqual([]);
      });

      it('flags each entry as the router serves it (placeholder or real page)', () => {
        const wrong = nav
          .filter((entry: NavEntry) => entry.working === isPlaceholder(entry.to))
          .map((entry) => `${entry.to} working=${entry.working}`);
        expect(wrong).toEqual([]);
      });

      it('opens every entry for this role without a redirect', () => {
        expect(nav.filter((entry) => !opens(entry.to, who)).map((entry) => entry.to)).toEqual([]);
      });
    });
  }

  for (const role of ['client', 'coach'] as const) {
    it(`lists every working screen a ${role} may open`, () => {
      const { viewer: who, me: person } = ROLES[role];
      const listed = new Set(navigationFor(person, '/').map((entry) => entry.to));
      const missing = STATIC_SCREENS.filter(
        (path) =>
          opens(path, who) &&
          !isPlaceholder(path) &&
          !listed.has(path) &&
          !(path in REACHED_FROM) &&
          !NOT_FOR[role].includes(path),
      );
      expect(missing).toEqual([]);
    });
  }

  it('lists every working admin screen in the admin navigation', () => {
    const listed = new Set(navigationFor(ROLES.admin.me, '/admin').map((entry) => entry.to));
    const missing = STATIC_SCREENS.filter(
      (path) => path.startsWith('/admin') && !isPlaceholder(path) && !listed.has(path),
    );
    expect(missing).toEqual([]);
  });

  it('shows active admins the way in, and admins with a role the way back', () => {
    expect(navigationFor(me(['client'], true), '/client-portal').map((entry) => entry.to)).toContain(
      '/admin',
    );
    expect(navigationFor(me(['client'], true), '/admin').map((entry) => entry.to)).toContain(
      '/client-portal',
    );
    expect(navigationFor(me(['coach'], true), '/admin/revenue').map((entry) => entry.to)).toContain(
      '/portal',
    );
    expect(navigationFor(me(['client']), '/client-portal').map((entry) => entry.to)).not.toContain('/admin');
  });

  it('hides admin sections the admin role does not open (SPEC §6)', () => {
    const finance: Me = {
      ...me([], true),
      admin: {
        admin_role: 'financial_admin',
        permissions: ['view_revenue', 'manage_payouts', 'view_financial_reports', 'view_platform_revenue'],
        is_active: true,
      },
    };
    const listed = navigationFor(finance, '/admin').map((entry) => entry.to);
    expect(listed).toContain('/admin/platform-revenue');
    expect(listed).not.toContain('/admin/applications');
  });
});
