import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Outlet, useNavigate } from 'react-router';
import type { Me } from '#contracts/auth';
import { AppShell } from '#web/components/app-shell';
import { Button } from '#web/components/button';
import { OfflineBanner } from '#web/components/offline-banner';
import { GuestOnlyScreen } from '#web/features/session-invitations/components/guest-only-screen';
import { activeSessionQueryOptions } from '#web/features/sessions/api/sessions';
import { ThemeToggle } from '#web/features/theme/components/theme-toggle';
import { useAuthClient } from '#web/lib/auth/use-auth';
import { useRealtimeTopic } from '#web/lib/realtime/use-realtime-topic';
import { dispatchUserEvent, dispatchUserResync, userTopic } from '#web/lib/realtime/user-events';
import { useOnlineStatus } from '#web/lib/use-online-status';

/**
 * Signed in by a session's guest link: no navigation, no account menu, no role
 * switch and none of the signed-in watchers — each would call an API the server refuses a guest.
 * The session room renders as usual; anywhere else (`guestOnly`) the guest screen stands in for the
 * page, with the way back to the live session (GET /api/sessions/active is open to guests). The
 * person's own realtime topic carries the room's chat and session events, as when signed in.
 */
export function GuestLayout({ me, guestOnly }: { me: Me; guestOnly: boolean }) {
  const isOnline = useOnlineStatus();
  const authClient = useAuthClient();
  const navigate = useNavigate();
  useRealtimeTopic(userTopic(me.user_id), dispatchUserEvent, { onResync: dispatchUserResync });
  const active = useQuery({ ...activeSessionQueryOptions(), enabled: guestOnly });
  const signOut = async () => {
    await authClient.signOut('local');
  };
  return (
    <AppShell
      headerEnd={
        <>
          <div className="hidden sm:block">
            <ThemeToggle />
          </div>
          <Button variant="ghost" onClick={() => void signOut()} className="whitespace-nowrap px-3 sm:px-4">
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </Button>
        </>
      }
      banner={<OfflineBanner isOnline={isOnline} />}
    >
      {guestOnly ? (
        <GuestOnlyScreen
          activeSessionId={active.isPending ? undefined : (active.data?.session?.id ?? null)}
          onSignOut={signOut}
          onCreateAccount={async () => {
            await signOut();
            await navigate('/auth');
          }}
        />
      ) : (
        <Outlet />
      )}
    </AppShell>
  );
}
