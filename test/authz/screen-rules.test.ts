import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '#web/app/router';
import { decideAccess, findRedirect, findRoute, type Viewer } from '#web/features/roles/route-access';
import { HTTP_PRINCIPALS, loadAccessMatrix, PRINCIPALS, type Principal } from './access-matrix';

/**
 * Every screen row of the access matrix, for every principal, against the guard's rules
 * (web/features/roles/route-access.ts) and the router table (web/app/router.tsx). The browser
 * walk of the same rows is test/e2e/routes.spec.ts.
 */
const matrix = loadAccessMatrix();
const OLD = 24 * 60 * 60_000;

const person = (
  roles: ('client' | 'coach')[],
  extra: Partial<Extract<Viewer, { kind: 'signed_in' }>> = {},
): Viewer => ({
  kind: 'signed_in',
  roles,
  activeRole: roles[0] ?? null,
  isAdmin: false,
  aal: 'aal1',
  hasVerifiedFactor: false,
  accountAgeMs: OLD,
  autoRoleTried: false,
  ...extra,
});
const activeAdmin = { isAdmin: true, aal: 'aal2', hasVerifiedFactor: true } as const;

const VIEWERS: Record<Principal, Viewer> = {
  anonymous: { kind: 'anonymous', endReason: null },
  client: person(['client']),
  coach: person(['coach']),
  dual_role: person(['client', 'coach'], { activeRole: 'client' }),
  no_role: person([]),
  super_admin: person([], activeAdmin),
  coach_manager: person([], activeAdmin),
  financial_admin: person([], activeAdmin),
  community_moderator: person([], activeAdmin),
  inactive_admin: person([], { aal: 'aal2', hasVerifiedFactor: true }),
  super_admin_aal1: person([], { ...activeAdmin, aal: 'aal1' }),
};

/** What the person ends up with, in the matrix's words, following redirects like the browser. */
function outcomeOf(path: string, viewer: Viewer): string {
  let current = path;
  let redirected = false;
  for (let hop = 0; hop < 6; hop += 1) {
    const url = new URL(current, 'http://app.invalid');
    const decision = decideAccess({ pathname: url.pathname, search: url.search }, viewer);
    if (decision.kind === 'redirect') {
      current = decision.to;
      redirected = true;
      continue;
    }
    if (decision.kind === 'second_factor') return 'second_factor';
    if (decision.kind === 'guest_only') return 'guest_only';
    if (!findRoute(url.pathname) && !findRedirect(url.pathname)) {
      // Nothing in the rules: the router must agree it is the catch-all not-found route.
      expect(matchRoutes(routes, url.pathname)?.at(-1)?.route.path, url.pathname).toBe('*');
      return 'not_found';
    }
    if (decision.kind === 'auto_role') return 'auto_role';
    const sync = decision.syncRole ? `+sync:${decision.syncRole}` : '';
    return redirected ? `redirect:${current}${sync}` : `allow${sync}`;
  }
  throw new Error(`redirect loop from ${path}`);
}

describe('screen access matrix', () => {
  it('lists every principal for every screen row', () => {
    expect(Object.keys(matrix.principals).sort()).toEqual([...HTTP_PRINCIPALS].sort());
    for (const row of matrix.screens)
      expect(Object.keys(row.expect).sort(), row.path).toEqual([...PRINCIPALS].sort());
  });

  it('covers every screen route the router registers', () => {
    const rowRoutes = new Set(
      matrix.screens.map((row) => matchRoutes(routes, row.path)?.at(-1)?.route.path ?? '(index)'),
    );
    const registered = routes[0]!.children!.map((route) => (route.index ? '(index)' : route.path!));
    expect(registered.filter((route) => !rowRoutes.has(route))).toEqual([]);
  });

  // The matrix's `guest` column is HTTP-only; on screens a guest has one rule:
  // the session room, and the guest screen on every other row — never a redirect nor the automatic role.
  it("matches the guard's rules for guest: the session room only", () => {
    const outcomes = matrix.screens.map((row) => ({
      path: row.path,
      outcome: outcomeOf(row.path, { kind: 'guest' }),
    }));
    expect(outcomes.filter((row) => row.outcome === 'allow').map((row) => row.path)).toEqual(
      matrix.screens
        .filter((row) => matchRoutes(routes, row.path)?.at(-1)?.route.path === 'session/:sessionId')
        .map((row) => row.path),
    );
    expect(outcomes.filter((row) => row.outcome !== 'allow').map((row) => row.outcome)).toEqual(
      outcomes.filter((row) => row.outcome !== 'allow').map(() => 'guest_only'),
    );
  });

  for (const principal of PRINCIPALS) {
    it(`matches the guard's rules for ${principal}`, () => {
      const mismatches = matrix.screens
        .map((row) => ({
          path: row.path,
          expected: row.expect[principal],
          actual: outcomeOf(row.path, VIEWERS[principal]),
        }))
        .filter((row) => row.expected !== row.actual);
      expect(mismatches).toEqual([]);
    });
  }
});
