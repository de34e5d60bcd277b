import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Redirect } from '#web/lib/router';
import type { Me } from '#contracts/auth';
import { ErrorScreen } from '#web/components/error-screen';
import { FullScreenLoader } from '#web/components/full-screen-loader';
import { Spinner } from '#web/components/spinner';
import { useToast } from '#web/components/toast';
import { ApiError } from '#web/lib/api-client';
import { useAuth, useAuthClient } from '#web/lib/auth/use-auth';
import { accessTokenClaims } from '#web/lib/jwt-claims';
import { useAutoAssignRole } from '../api/auto-assign-role';
import { useMe } from '../api/get-me';
import { useSetActiveRole } from '../api/set-active-role';
import { decideAccess, type AccessDecision, type AutoRoleHints, type Viewer } from '../route-access';

/** SPEC §4 Role: the stored role follows the path 100 ms after a mismatch (a person holding both roles). */
export const ROLE_SYNC_DELAY_MS = 100;

export type GateView = {
  /** Null when nobody is signed in. */
  me: Me | null;
  /** Set on an admin route at aal1: show the second-factor step instead of the page. */
  secondFactor: { hasVerifiedFactor: boolean } | null;
  /** A guest (me.is_guest) away from the session room: show the guest screen instead of the page. */
  guestOnly: boolean;
};

/** "Setting up your account..." (SPEC §2, automatic role), full screen like the loader. */
export function SettingUpAccount() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-4 text-center"
    >
      <Spinner className="size-10" />
      <p className="text-text-muted">Setting up your account...</p>
    </div>
  );
}

function viewerOf(
  auth: ReturnType<typeof useAuth>,
  me: Me | undefined,
  autoRoleTried: boolean,
  authFlowHeld: boolean,
  measuredAt: number,
): Viewer | null {
  if (auth.status === 'signed_out') return { kind: 'anonymous', endReason: auth.endReason };
  if (auth.status !== 'signed_in' || !me) return null;
  if (me.is_guest) return { kind: 'guest' };
  return {
    kind: 'signed_in',
    roles: me.roles,
    activeRole: me.active_role,
    isAdmin: me.admin?.is_active === true,
    // The token's own claim is fresher than /api/me right after a second factor.
    aal: accessTokenClaims(auth.accessToken)?.aal ?? me.aal,
    hasVerifiedFactor: me.has_verified_factor,
    accountAgeMs: measuredAt > 0 ? measuredAt - Date.parse(me.created_at) : Number.POSITIVE_INFINITY,
    autoRoleTried,
    authFlowHeld,
  };
}

/**
 * The route guard of SPEC §2 around every screen: the loader while auth, role or admin status
 * loads, then the redirect, the automatic role, the second-factor step or the page (through
 * `render`), and the 100 ms role synchronisation with its toast.
 */
export function AccessGate({
  render,
  authFlowHeld = false,
}: {
  render: (view: GateView) => ReactNode;
  /** The sign-in page still needs a signed-in person (it holds the "go home from /auth" redirect). */
  authFlowHeld?: boolean;
}) {
  const location = useLocation();
  const auth = useAuth();
  const authClient = useAuthClient();
  const meQuery = useMe();
  const { toast } = useToast();
  const autoAssign = useAutoAssignRole();
  const setRole = useSetActiveRole();
  const [autoRoleTriedFor, setAutoRoleTriedFor] = useState<string | null>(null);
  const syncing = useRef(false);

  const me = auth.status === 'signed_in' ? meQuery.data : undefined;
  const viewer = viewerOf(
    auth,
    me,
    me !== undefined && autoRoleTriedFor === me.user_id,
    authFlowHeld,
    // The age when /api/me answered: right before the first decision on / or /auth, which is when
    // it matters (the server checks the 5 minutes again with its own clock anyway). Placeholder
    // data (while a new assurance level loads) has no such time.
    meQuery.isPlaceholderData ? 0 : meQuery.dataUpdatedAt,
  );
  const decision: AccessDecision | null = viewer ? decideAccess(location, viewer) : null;

  // SPEC §2 automatic role: tried once per person, on / or /auth only (the decision says when).
  // The hints travel as one string, so the effect runs when they (or the person) change, not on
  // every render.
  const autoRoleRequest =
    decision?.kind === 'auto_role' && me
      ? JSON.stringify({ userId: me.user_id, hints: decision.hints })
      : null;
  const autoAssignRole = autoAssign.mutate;
  useEffect(() => {
    if (!autoRoleRequest) return;
    const { userId, hints } = JSON.parse(autoRoleRequest) as { userId: string; hints: AutoRoleHints };
    autoAssignRole(hints, {
      onError: () =>
        toast({
          title: 'Setup Error',
          description: 'Failed to set up your account. Please try again or contact support.',
          variant: 'destructive',
        }),
      onSettled: () => setAutoRoleTriedFor(userId),
    });
  }, [autoRoleRequest, autoAssignRole, toast]);

  // SPEC §4 Role: correct the stored role to the one the path implies, after 100 ms.
  const syncRole = decision?.kind === 'allow' ? decision.syncRole : undefined;
  const setActiveRole = setRole.mutate;
  useEffect(() => {
    if (!syncRole || syncing.current) return;
    const timer = setTimeout(() => {
      syncing.current = true;
      setActiveRole(syncRole, {
        onSuccess: () => toast({ title: 'Role synchronized' }),
        onError: (error) => console.warn('Role synchronisation failed', error),
        onSettled: () => {
          syncing.current = false;
        },
      });
    }, ROLE_SYNC_DELAY_MS);
    return () => clearTimeout(timer);
  }, [syncRole, setActiveRole, toast, location.pathname]);

  // /api/me refused the token (the session ended elsewhere): refresh once; that signs out if it must.
  const meError = meQuery.error;
  useEffect(() => {
    if (meError instanceof ApiError && meError.status === 401)
      void authClient.refresh().catch(() => undefined);
  }, [meError, authClient]);

  if (auth.status === 'loading') return <FullScreenLoader />;
  if (auth.status === 'signed_in' && !me) {
    if (meQuery.isError && !(meQuery.error instanceof ApiError && meQuery.error.status === 401)) {
      return (
        <ErrorScreen onTryAgain={() => void meQuery.refetch()} onRefresh={() => window.location.reload()} />
      );
    }
    return <FullScreenLoader />;
  }
  if (!decision) return <FullScreenLoader />;

  switch (decision.kind) {
    case 'redirect':
      // The spinner while the next screen's code loads (a redirect alone renders nothing).
      return (
        <>
          <Redirect to={decision.to} />
          <FullScreenLoader />
        </>
      );
    case 'auto_role':
      return <SettingUpAccount />;
    case 'second_factor':
      return render({
        me: me ?? null,
        secondFactor: { hasVerifiedFactor: decision.hasVerifiedFactor },
        guestOnly: false,
      });
    case 'guest_only':
      return render({ me: me ?? null, secondFactor: null, guestOnly: true });
    case 'allow':
      return render({ me: me ?? null, secondFactor: null, guestOnly: false });
  }
}
