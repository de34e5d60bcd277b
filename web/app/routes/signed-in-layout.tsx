import { Fragment } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { Me } from '#contracts/auth';
import { AppShell } from '#web/components/app-shell';
import { OfflineBanner } from '#web/components/offline-banner';
import { RateLimitNotice } from '#web/components/rate-limit-notice';
import { LiveUpdatesNotice, RealtimeStatus } from '#web/components/realtime-status';
import type { GateView } from '#web/features/roles/components/access-gate';
import { AccountMenu } from '#web/features/roles/components/account-menu';
import { RoleSwitcher } from '#web/features/roles/components/role-switcher';
import { SessionSecurity } from '#web/features/session-security/components/session-security';
import { ThemeToggle } from '#web/features/theme/components/theme-toggle';
import { useAuthClient } from '#web/lib/auth/use-auth';
import { useActiveSessionRedirect } from '#web/lib/use-active-session-redirect';
import { useLiveUpdates, usePolling } from '#web/lib/realtime/use-live-updates';
import {
  useRealtimeClient,
  useRealtimeSnapshot,
  useRealtimeTopic,
} from '#web/lib/realtime/use-realtime-topic';
import { dispatchUserEvent, dispatchUserResync, userTopic } from '#web/lib/realtime/user-events';
import { useOnlineStatus } from '#web/lib/use-online-status';
import { useViewerTimeZone } from '#web/lib/viewer-time-zone';
import { ActiveSessionProvider } from './active-session-provider';
import { AdminSecondFactor } from './admin-second-factor';
import { navigationFor } from './app-navigation';
import { useNavBadges } from './nav-badges';
import { ClientOverlays } from './client-overlays';
import { CoachOverlays } from './coach-overlays';
import { PresenceHeaderControl, PresenceOverlay } from './presence-overlay';

/**
 * Signed in: navigation for the active role (or the admin sections on admin routes), the person in
 * the header with the role switch and Sign out, the inactivity and security-event watcher, and the
 * active-session redirect, the person's own realtime topic (handlers register in lib/realtime/user-events)
 * the "Real-time Status" panel, and while live updates are paused their notice and polling fallback. On an admin route at aal1 the second-factor step stands in for the page.
 */
export function SignedInLayout({ me, secondFactor }: { me: Me; secondFactor: GateView['secondFactor'] }) {
  return (
    <ActiveSessionProvider me={me}>
      <SignedInShell me={me} secondFactor={secondFactor} />
    </ActiveSessionProvider>
  );
}

function SignedInShell({ me, secondFactor }: { me: Me; secondFactor: GateView['secondFactor'] }) {
  const isOnline = useOnlineStatus();
  const { pathname } = useLocation();
  const authClient = useAuthClient();
  useActiveSessionRedirect();
  const realtime = useRealtimeClient();
  useRealtimeTopic(userTopic(me.user_id), dispatchUserEvent, { onResync: dispatchUserResync });
  const nav = useNavBadges(navigationFor(me, pathname));
  const holdsBoth = me.roles.includes('client') && me.roles.includes('coach');
  // The page is drawn again when the person's zone is known or changed: its times are written in it.
  const timeZone = useViewerTimeZone();
  return (
    <>
      <SessionSecurity />
      <RealtimeStatus read={realtime.getSnapshot} />
      <PresenceOverlay me={me} />
      <CoachOverlays me={me} />
      <ClientOverlays me={me} />
      <AppShell
        nav={nav}
        headerEnd={
          <>
            <PresenceHeaderControl me={me} />
            {holdsBoth ? (
              // On phones the switch lives in the account menu.
              <div className="hidden sm:block">
                <RoleSwitcher activeRole={me.active_role} />
              </div>
            ) : null}
            <div className="hidden md:block">
              <ThemeToggle />
            </div>
            <AccountMenu me={me} onSignOut={() => void authClient.signOut('local')} />
          </>
        }
        banner={
          <>
            <OfflineBanner isOnline={isOnline} />
            <LiveUpdatesBanner isOnline={isOnline} />
            <RateLimitNotice />
          </>
        }
      >
        {secondFactor ? (
          <AdminSecondFactor hasVerifiedFactor={secondFactor.hasVerifiedFactor} />
        ) : (
          <Fragment key={timeZone}>
            <Outlet />
          </Fragment>
        )}
      </AppShell>
    </>
  );
}

/**
 * while the socket is away for more than a few seconds, the notice says so and the
 * person's resync handlers run every few seconds instead — they re-read what those events would have
 * brought (an online coach's incoming request, a waiting client's request status, an open chat).
 * Its own component, so connection changes re-render only this.
 */
function LiveUpdatesBanner({ isOnline }: { isOnline: boolean }) {
  const live = useLiveUpdates(useRealtimeSnapshot());
  const paused = live.paused && isOnline;
  usePolling(paused, dispatchUserResync);
  return <LiveUpdatesNotice paused={paused} reason={live.reason} />;
}
