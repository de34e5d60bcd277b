import { AlertDialog } from 'radix-ui';
import { Clock } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { useAuth, useAuthClient } from '#web/lib/auth/use-auth';
import { useInactivity } from '../hooks/use-inactivity';
import { useSecurityEvents } from '../hooks/use-security-events';

export const TIMEOUT_PATH = '/auth?timeout=true';

function InactivityPrompt({
  open,
  onStay,
  onSignOut,
}: {
  open: boolean;
  onStay: () => void;
  onSignOut: () => void;
}) {
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        // Escape closes the prompt: that is a choice to stay.
        if (!next) onStay();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[9998] bg-black/40 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[9999] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-[var(--radius-sheet)] border border-border bg-surface-raised p-6 text-text shadow-soft outline-none sm:p-8">
          <span className="inline-flex size-11 items-center justify-center rounded-full bg-warning-soft text-warning">
            <Clock aria-hidden="true" className="size-6" />
          </span>
          <AlertDialog.Title className="mt-4 text-xl font-semibold">
            Your session expires in 5 minutes
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-text-muted">
            You have not done anything for a while, so we will sign you out to keep your account safe. Do you
            want to stay signed in?
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Action className={buttonClasses('secondary')} onClick={onSignOut}>
              Sign out
            </AlertDialog.Action>
            <AlertDialog.Cancel className={buttonClasses('primary')} onClick={onStay}>
              Stay signed in
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * Mounted once in the signed-in layout: the inactivity prompt (25 min) and sign-out (30 min, then
 * /auth?timeout=true, in every tab), plus the browser security events. Renders nothing when signed out.
 */
export function SessionSecurity() {
  const auth = useAuth();
  const client = useAuthClient();
  const navigate = useNavigate();
  const isSignedIn = auth.status === 'signed_in';

  useSecurityEvents(isSignedIn);

  // Whichever tab timed out, every tab lands on the sign-in page with the notice.
  useEffect(() => {
    const unsubscribe = client.subscribe((event, state) => {
      if (event === 'SIGNED_OUT' && state.endReason === 'timeout')
        void navigate(TIMEOUT_PATH, { replace: true });
    });
    return () => {
      unsubscribe();
    };
  }, [client, navigate]);

  const onTimeout = useCallback(() => void client.signOut('local', 'timeout'), [client]);
  const { isWarning, staySignedIn } = useInactivity({ enabled: isSignedIn, onTimeout });

  if (!isSignedIn) return null;
  return (
    <InactivityPrompt
      open={isWarning}
      onStay={staySignedIn}
      onSignOut={() => {
        void client.signOut('local').then(() => navigate('/auth', { replace: true }));
      }}
    />
  );
}
