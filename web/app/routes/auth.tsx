import { Clock } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useAuthSettings } from '#web/features/auth/api/auth-settings';
import { AuthPanel } from '#web/features/auth/components/auth-panel';
import type { CredentialsMode } from '#web/features/auth/components/credentials-form';
import { GoogleSignInButton } from '#web/features/google-sign-in/components/google-sign-in-button';

export const TIMEOUT_NOTICE = 'You were signed out after 30 minutes without activity.';

/**
 * SPEC §2 `/auth`: sign in or create an account. Query: `as=client|coach` (who they are joining as,
 * sent as the sign-up role), `signup=true` / `new_user=true` (opens Create account), `timeout=true`
 * (after an inactivity sign-out). The Google button shows when the server offers Google sign-in.
 */
export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const as = params.get('as');
  const role = as === 'client' || as === 'coach' ? as : null;
  const mode: CredentialsMode =
    params.get('signup') === 'true' || params.get('new_user') === 'true' ? 'sign_up' : 'sign_in';
  const timedOut = params.get('timeout') === 'true';
  // Where the router sends the person after signing in; Google's round trip should end there too.
  const redirect = params.get('redirect');
  const returnTo = redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : undefined;
  const settings = useAuthSettings();

  // The tab lives in the URL (signup=true), so a reload or a shared link opens the same one.
  const changeMode = (next: CredentialsMode) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('new_user');
        if (next === 'sign_up') updated.set('signup', 'true');
        else updated.delete('signup');
        return updated;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-16">
      {timedOut ? (
        <p
          role="status"
          className="mb-6 flex items-start gap-3 rounded-[var(--radius-card)] bg-warning-soft px-4 py-3 text-sm font-medium text-warning"
        >
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {TIMEOUT_NOTICE}
        </p>
      ) : null}
      <AuthPanel
        mode={mode}
        onModeChange={changeMode}
        role={role}
        showMailboxNote={settings.data?.mailbox === true}
        demoAccounts={settings.data?.demo_accounts}
        alternatives={
          settings.data?.external.google ? (
            <GoogleSignInButton role={role ?? undefined} redirectTo={returnTo} />
          ) : undefined
        }
      />
    </div>
  );
}
