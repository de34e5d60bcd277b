import { toInternalPath } from '#contracts/oauth';
import type { Role } from '#domain/auth/roles';

/**
 * SPEC §2 "Screens and routes" and "Redirects and gates", and §4 Role, as pure data and one pure
 * function. The route guard (components/access-gate.tsx) renders what `decideAccess` answers; the
 * access matrix (test/authz/access-matrix.json) checks the same answers row by row.
 */

export type RouteAccess = 'public' | 'signed_in' | 'admin';
export type RouteEntry = { pattern: string; access: RouteAccess };

/** Public routes (no sign-in). `/session/:sessionId` is both "Session join" (public) and the live session. */
export const PUBLIC_ROUTES = [
  '/',
  '/auth',
  '/auth/callback',
  '/auth/google/callback',
  '/discovery/:bookingId',
  '/coach/:username',
  '/coach/:username/website',
  '/client/:username',
  '/profile/:username',
  '/invite/:firstName',
  '/session/:sessionId',
  '/marketplace',
  '/marketplace/*',
  '/post/:id',
  '/discover',
  '/program/:id',
  '/help-center',
  '/help',
  '/help-center/managing-clients',
  '/help-center/payments-earnings',
  '/help-center/profile-setup',
  '/help-center/getting-started',
  '/help-center/finding-coaches',
  '/help-center/booking-sessions',
  '/help-center/client-payments',
  '/help-center/account-settings',
  // The demo's stand-in inbox for sign-in codes (served only without SMTP); not a product screen.
  '/dev/mailbox',
] as const;

/** Signed-in routes (login guard). */
export const SIGNED_IN_ROUTES = [
  '/portal',
  '/client-portal',
  '/shiny-objects',
  '/profile',
  '/profile/edit',
  '/profile/preview',
  '/profile/:username/preview',
  '/services',
  '/manage-revenue',
  '/revenue',
  '/cards',
  '/withdrawal/success',
  '/invite-clients',
  '/branding',
  '/documentation',
  '/chat',
  '/chat/*',
  '/messages',
  '/community',
  '/create-post',
  '/poster-maker',
  '/notifications',
  '/settings',
  '/support',
  '/review/:sessionId',
  '/coach-review/:sessionId',
  '/session-waiting/:sessionId',
  '/waiting-room/:requestId',
  '/follow-up/:sessionId',
  '/client-session-flow/:serviceId',
  '/wallet',
  '/gift',
  '/client-chat',
  '/client-favorites',
  '/client-programs',
  '/client-wallet',
  '/client-habit-tracker',
  '/habit-tracker',
  '/client-profile',
  '/client-profile-edit',
  '/client-profile-view/:clientId',
  '/client-success/:userId',
  '/rating-reviews',
  '/reviews',
  '/program/:programId/lesson/:lessonNumber',
  '/coach-application',
] as const;

export const ADMIN_ROUTES = [
  '/admin',
  '/admin/applications',
  '/admin/coaches',
  '/admin/revenue',
  '/admin/platform-revenue',
  '/admin/feedback',
  '/admin/sessions',
  '/admin/community',
  '/admin/system',
  '/admin/settings',
] as const;

/** Paths that only ever redirect (SPEC §2): they are routes too, so they never show "not found". */
export const REDIRECT_ROUTES = [
  { pattern: '/profile/:username/edit', to: '/profile/edit' },
  { pattern: '/wellstream', to: '/community' },
  { pattern: '/wellstream/*', to: '/community' },
] as const;

export const ROUTES: readonly RouteEntry[] = [
  ...PUBLIC_ROUTES.map((pattern) => ({ pattern, access: 'public' as const })),
  ...SIGNED_IN_ROUTES.map((pattern) => ({ pattern, access: 'signed_in' as const })),
  ...ADMIN_ROUTES.map((pattern) => ({ pattern, access: 'admin' as const })),
];

/**
 * Clients (people without the coach role) on these go to /client-portal. SPEC §2 names
 * /profile/{id}/edit and /profile/{id}/preview; both open the caller's own coach editor and preview
 * (/profile/edit, /profile/preview), so those are coach-only too: a client has no coach page to edit.
 */
export const COACH_ONLY_ROUTES = [
  '/portal',
  '/profile/edit',
  '/profile/preview',
  '/manage-revenue',
  '/withdrawal/success',
  '/revenue',
  '/cards',
  '/invite-clients',
  '/profile/:username/edit',
  '/profile/:username/preview',
] as const;

/** Coaches (people without the client role) on these go to /portal. */
export const CLIENT_ONLY_ROUTES = [
  '/client-chat',
  '/client-favorites',
  '/client-programs',
  '/client-wallet',
  '/discover',
  '/client-habit-tracker',
  '/client-profile',
] as const;

/**
 * SPEC §4 Role: paths that imply a role (and their sub-paths). `/profile/:username`, the public coach
 * view that is "never redirected", is not a coach path: a client looking at a coach stays a client.
 */
const COACH_PATH_PREFIXES = ['/portal', '/services', '/manage-revenue', '/invite-clients'] as const;
const COACH_PROFILE_PATHS = ['/profile', '/profile/edit', '/profile/preview', '/profile/:username/preview'];
const CLIENT_PATH_PREFIXES = ['/discover', '/client-favorites', '/client-portal', '/client-profile'] as const;

/** Where a person without a role may stay (SPEC §2), besides `/` and the sign-in pages. */
const NO_ROLE_ALLOWED_PREFIXES = [
  '/documentation',
  '/branding',
  '/notifications',
  '/settings',
  '/help-center',
  '/help',
  '/community',
] as const;

/** SPEC §2 active-session redirect: where it applies and where it never does. */
export const ACTIVE_SESSION_REDIRECT_PREFIXES = [
  '/portal',
  '/client-portal',
  '/settings',
  '/notifications',
] as const;

// ---- Path matching: ':name' is one segment, '*' is the rest (one or more segments).

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

export function normalizePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed;
}

/** A match's specificity (static segments beat dynamic ones beat a splat), or -1 for no match. */
export function matchScore(pattern: string, pathname: string): number {
  const want = segmentsOf(pattern);
  const have = segmentsOf(normalizePath(pathname));
  let score = 0;
  for (let index = 0; index < want.length; index += 1) {
    const part = want[index]!;
    if (part === '*') return have.length > index ? score + 1 : -1;
    const actual = have[index];
    if (actual === undefined) return -1;
    if (part.startsWith(':')) score += 3;
    else if (part.toLowerCase() === actual.toLowerCase()) score += 10;
    else return -1;
  }
  return have.length === want.length ? score : -1;
}

export const matchesPattern = (pattern: string, pathname: string) => matchScore(pattern, pathname) >= 0;

const underPrefix = (prefix: string, pathname: string) => {
  const path = normalizePath(pathname).toLowerCase();
  return path === prefix || path.startsWith(`${prefix}/`);
};

/** The route a path belongs to, the most specific one winning (as in the router), or null. */
export function findRoute(pathname: string): RouteEntry | null {
  let best: RouteEntry | null = null;
  let bestScore = -1;
  for (const route of ROUTES) {
    const score = matchScore(route.pattern, pathname);
    if (score > bestScore) {
      best = route;
      bestScore = score;
    }
  }
  return best;
}

export function findRedirect(pathname: string): string | null {
  return REDIRECT_ROUTES.find((route) => matchesPattern(route.pattern, pathname))?.to ?? null;
}

export const isAdminPath = (pathname: string) => underPrefix('/admin', pathname);
export const isCoachOnlyPath = (pathname: string) =>
  COACH_ONLY_ROUTES.some((pattern) => matchesPattern(pattern, pathname));
export const isClientOnlyPath = (pathname: string) =>
  CLIENT_ONLY_ROUTES.some((pattern) => matchesPattern(pattern, pathname));

/** The role a path implies (SPEC §4 Role), or null for shared paths. */
export function impliedRole(pathname: string): Role | null {
  if (
    COACH_PATH_PREFIXES.some((prefix) => underPrefix(prefix, pathname)) ||
    COACH_PROFILE_PATHS.some((pattern) => matchesPattern(pattern, pathname))
  )
    return 'coach';
  if (CLIENT_PATH_PREFIXES.some((prefix) => underPrefix(prefix, pathname))) return 'client';
  return null;
}

export const homeOf = (role: Role | null) =>
  role === 'coach' ? '/portal' : role === 'client' ? '/client-portal' : '/';

/** The administration's landing (SPEC §2 admin routes). */
export const ADMIN_HOME = '/admin';

/**
 * A `redirect` target is followed only when it is a path inside this app (the same rule as the
 * server's OAuth `redirect_to`: no scheme, no `//host`, no backslash, no control characters).
 */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  const target = toInternalPath(value, '');
  return target === '' ? null : target;
}

export function signInPath(returnTo: string): string {
  return returnTo === '/' ? '/auth' : `/auth?redirect=${encodeURIComponent(returnTo)}`;
}

// ---- The decision.

/** Who is looking, as far as the route rules care. */
export type Viewer =
  | { kind: 'anonymous'; endReason: 'signed_out' | 'timeout' | 'expired' | null }
  /** Signed in by a session's guest link (/api/me `is_guest`): the session room only, never a role. */
  | { kind: 'guest' }
  | {
      kind: 'signed_in';
      roles: readonly Role[];
      activeRole: Role | null;
      /** An active admin_users row. */
      isAdmin: boolean;
      aal: 'aal1' | 'aal2';
      hasVerifiedFactor: boolean;
      /** Milliseconds since the account was created. */
      accountAgeMs: number;
      /** The automatic role was already tried for this person (it is tried once). */
      autoRoleTried: boolean;
      /** /auth still needs the person (a second factor, a new password after a reset). */
      authFlowHeld?: boolean;
    };

export type AutoRoleHints = { as: string | null; signup: boolean; on_auth_page: boolean };

export type AccessDecision =
  | { kind: 'allow'; syncRole?: Role }
  | { kind: 'redirect'; to: string }
  | { kind: 'second_factor'; hasVerifiedFactor: boolean }
  | { kind: 'auto_role'; hints: AutoRoleHints }
  /** A guest away from the session room: the "You joined as a guest" screen stands in for the page. */
  | { kind: 'guest_only' };

/** The one screen a guest may use: the session room, whose APIs the server opens to it. */
export const GUEST_ROUTE_PATTERNS: readonly string[] = ['/session/:sessionId'];

/** SPEC §9 new-user windows: the automatic role is tried only within 5 minutes of sign-up. */
export const AUTO_ROLE_WINDOW_MS = 5 * 60_000;

const SIGN_IN_FLOW_PATHS = ['/auth/callback', '/auth/google/callback'];

function roleHints(pathname: string, search: URLSearchParams): AutoRoleHints {
  return {
    as: search.get('as'),
    signup: search.get('signup') === 'true' || search.get('new_user') === 'true',
    on_auth_page: normalizePath(pathname) === '/auth',
  };
}

export function decideAccess(location: { pathname: string; search: string }, viewer: Viewer): AccessDecision {
  const pathname = normalizePath(location.pathname);
  const search = new URLSearchParams(location.search);
  const redirectTo = findRedirect(pathname);
  if (redirectTo) return { kind: 'redirect', to: redirectTo };

  const route = findRoute(pathname);
  // A guest never gets an automatic role or a role sync (the server refuses both): the session room,
  // or the guest screen anywhere else — even where a page exists, its APIs would answer 403.
  if (viewer.kind === 'guest')
    return route && GUEST_ROUTE_PATTERNS.includes(route.pattern) ? { kind: 'allow' } : { kind: 'guest_only' };
  // Any other path shows the not-found screen, for everybody.
  if (!route) return { kind: 'allow' };

  if (viewer.kind === 'anonymous') {
    if (route.access === 'public') return { kind: 'allow' };
    // After an inactivity sign-out the sign-in page says why (SPEC §4 Inactivity); after signing
    // out on purpose (here or in another tab) there is nothing to come back to.
    if (viewer.endReason === 'timeout') return { kind: 'redirect', to: '/auth?timeout=true' };
    if (viewer.endReason === 'signed_out') return { kind: 'redirect', to: '/auth' };
    return { kind: 'redirect', to: signInPath(`${pathname}${location.search}`) };
  }

  const hasRole = viewer.roles.length > 0;
  const home = homeOf(viewer.activeRole);
  const isNew = viewer.accountAgeMs < AUTO_ROLE_WINDOW_MS;

  if (SIGN_IN_FLOW_PATHS.includes(pathname)) return { kind: 'allow' };

  if (pathname === '/auth') {
    // The sign-in page is still needed while it finishes (a second factor, a new password).
    if (viewer.authFlowHeld || (viewer.hasVerifiedFactor && viewer.aal === 'aal1')) return { kind: 'allow' };
    // An active admin arrives as an admin (with or without a client/coach role), never with an
    // automatic client role.
    if (!hasRole && isNew && !viewer.autoRoleTried && !viewer.isAdmin)
      return { kind: 'auto_role', hints: roleHints(pathname, search) };
    return {
      kind: 'redirect',
      to: safeRedirectTarget(search.get('redirect')) ?? (viewer.isAdmin ? ADMIN_HOME : home),
    };
  }

  if (pathname === '/') {
    if (hasRole) return { kind: 'redirect', to: home };
    if (isNew && !viewer.autoRoleTried && !viewer.isAdmin)
      return { kind: 'auto_role', hints: roleHints(pathname, search) };
    return { kind: 'allow' };
  }

  if (route.access === 'admin') {
    if (!viewer.isAdmin) return { kind: 'redirect', to: home };
    if (viewer.aal !== 'aal2') return { kind: 'second_factor', hasVerifiedFactor: viewer.hasVerifiedFactor };
    return { kind: 'allow' };
  }

  if (!hasRole) {
    // `/profile/:username` is "never redirected"; the demo mailbox is a tool, not a product screen;
    // `/session/:sessionId` is the session join screen (a guest link, opened while signed in).
    if (
      route.pattern === '/profile/:username' ||
      route.pattern === '/dev/mailbox' ||
      route.pattern === '/session/:sessionId'
    )
      return { kind: 'allow' };
    if (NO_ROLE_ALLOWED_PREFIXES.some((prefix) => underPrefix(prefix, pathname))) return { kind: 'allow' };
    return { kind: 'redirect', to: '/' };
  }

  const isCoach = viewer.roles.includes('coach');
  const isClient = viewer.roles.includes('client');
  if (!isCoach && isCoachOnlyPath(pathname)) return { kind: 'redirect', to: '/client-portal' };
  if (!isClient && isClientOnlyPath(pathname)) return { kind: 'redirect', to: '/portal' };

  const implied = impliedRole(pathname);
  if (implied && implied !== viewer.activeRole && isCoach && isClient)
    return { kind: 'allow', syncRole: implied };
  return { kind: 'allow' };
}
