import { CircleCheck, Inbox } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { useAuth, useAuthClient } from '#web/lib/auth/use-auth';
import { accessTokenSessionId, needsSecondFactor } from '../lib/assurance';
import { setPendingRecovery, usePendingRecovery } from '../lib/auth-flow-hold';
import type { DemoAccount } from '../api/auth-settings';
import { CodeSignIn } from './code-sign-in';
import { CredentialsForm, type CredentialsMode } from './credentials-form';
import { DemoAccounts } from './demo-accounts';
import { PasswordRecovery } from './password-recovery';
import { SecondFactorStep } from './second-factor-step';
import { LoadingStatus } from '#web/components/loading-status';

const ROLE_LABEL = { client: 'someone looking for coaching', coach: 'a coach' } as const;

type View = 'credentials' | 'code' | 'recover';

function MailboxNote() {
  return (
    <p className="mt-6 flex items-start gap-2 text-sm text-text-muted">
      <Inbox aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Demo: codes we send appear in the{' '}
        <Link to="/dev/mailbox" className="font-semibold text-primary underline-offset-2 hover:underline">
          demo mailbox
        </Link>
        .
      </span>
    </p>
  );
}

/**
 * Everything /auth does: sign in or create an account with a password, sign in with a code, reset a
 * forgotten password, and the authenticator step when the account has one. Once the person is fully
 * signed in it says so; the router then takes them on.
 */
export function AuthPanel({
  mode,
  onModeChange,
  role,
  showMailboxNote = false,
  demoAccounts = [],
  alternatives,
}: {
  mode: CredentialsMode;
  onModeChange: (mode: CredentialsMode) => void;
  role: 'client' | 'coach' | null;
  showMailboxNote?: boolean;
  /** The demo's accounts (server in demo mode only): one click fills the sign-in form. */
  demoAccounts?: DemoAccount[];
  /** Other ways in (the Google button), shown under the password form. */
  alternatives?: ReactNode;
}) {
  const auth = useAuth();
  const client = useAuthClient();
  const [view, setView] = useState<View>('credentials');
  const [address, setAddress] = useState('');
  const [filledPassword, setFilledPassword] = useState<{ password: string }>();
  const pendingRecovery = usePendingRecovery();
  const sessionId = accessTokenSessionId(auth.accessToken);
  // A recovery that belonged to another (ended) session is over: forget it, so it holds nothing.
  const isStale =
    pendingRecovery?.sessionId !== undefined &&
    (auth.status === 'signed_out' ||
      (auth.status === 'signed_in' && pendingRecovery.sessionId !== sessionId));
  useEffect(() => {
    if (isStale) setPendingRecovery(null);
  }, [isStale]);
  // A reset code already signed the person in; the page may have been remounted since.
  const isRecovering =
    view === 'recover' || (pendingRecovery !== null && !isStale && auth.status === 'signed_in');

  let content: ReactNode;
  if (isRecovering) {
    content = (
      <PasswordRecovery
        address={address}
        onAddressChange={setAddress}
        onBack={() => setView('credentials')}
      />
    );
  } else if (auth.status === 'loading') {
    content = <LoadingStatus className="py-10" />;
  } else if (needsSecondFactor(auth)) {
    content = (
      <SecondFactorStep
        headingLevel={1}
        onCancel={() => void client.signOut('local')}
        cancelLabel="Sign out and start again"
      />
    );
  } else if (auth.status === 'signed_in') {
    content = (
      <section aria-labelledby="signed-in-heading" className="flex flex-col items-start gap-4">
        <CircleCheck aria-hidden="true" className="size-10 text-success" />
        <h1 id="signed-in-heading" className="text-2xl font-semibold">
          You are signed in
        </h1>
        <p className="text-text-muted">
          Signed in as{' '}
          <span className="font-medium wrap-anywhere text-text">{auth.user?.email ?? auth.user?.phone}</span>.
        </p>
        <Link to="/" className={buttonClasses('primary', 'w-full')}>
          Continue
        </Link>
      </section>
    );
  } else if (view === 'code') {
    content = (
      <CodeSignIn address={address} onAddressChange={setAddress} onBack={() => setView('credentials')} />
    );
  } else {
    content = (
      <>
        <h1 className="text-2xl font-semibold">
          {mode === 'sign_up' ? 'Create your account' : 'Sign in to Wellspring'}
        </h1>
        {role ? (
          <p className="mt-2 text-text-muted" data-testid="auth-role">
            You are joining as {ROLE_LABEL[role]}.
          </p>
        ) : null}
        <div className="mt-6">
          <CredentialsForm
            mode={mode}
            onModeChange={onModeChange}
            role={role}
            address={address}
            onAddressChange={setAddress}
            onUseCode={() => setView('code')}
            onForgotPassword={() => setView('recover')}
            alternatives={alternatives}
            filledPassword={filledPassword}
          />
        </div>
        {mode === 'sign_in' && demoAccounts.length > 0 ? (
          <DemoAccounts
            accounts={demoAccounts}
            onPick={(account) => {
              setAddress(account.email);
              setFilledPassword({ password: account.password });
            }}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="rounded-[var(--radius-sheet)] border border-border bg-surface p-5 shadow-soft sm:p-8">
      {content}
      {/* Codes by email or text are what the demo mailbox holds; authenticator codes are not. */}
      {showMailboxNote && (isRecovering || auth.status === 'signed_out') ? <MailboxNote /> : null}
    </div>
  );
}
