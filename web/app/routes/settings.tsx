import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { AccountDetails } from '#web/features/account-settings/components/account-details';
import { BlockedPeopleSection } from '#web/features/account-settings/components/blocked-people-section';
import type {
  PasswordHintRenderer,
  StepUpRenderer,
} from '#web/features/account-settings/components/render-props';
import { SessionsSection } from '#web/features/account-settings/components/sessions-section';
import { TimeZoneSection } from '#web/features/account-settings/components/time-zone-section';
import { TwoFactorSection } from '#web/features/account-settings/components/two-factor-section';
import { PasswordStrength } from '#web/features/auth/components/password-strength';
import { SecondFactorStep } from '#web/features/auth/components/second-factor-step';
import { ThemeToggle } from '#web/features/theme/components/theme-toggle';
import { useAuth } from '#web/lib/auth/use-auth';
import { LoadingStatus } from '#web/components/loading-status';

const renderStepUp: StepUpRenderer = ({ onVerified, onCancel }) => (
  <SecondFactorStep
    headingLevel={3}
    onVerified={onVerified}
    onCancel={onCancel}
    description="This change needs the code from your authenticator app first."
  />
);

const renderPasswordHint: PasswordHintRenderer = (props) => <PasswordStrength {...props} />;

/**
 * SPEC §2 `/settings` (signed in, both roles): appearance, time zone (#18), account, two-factor
 * authentication, sessions, and the people one blocked (#17).
 */
export function SettingsPage() {
  const auth = useAuth();

  if (auth.status === 'loading') {
    return <LoadingStatus className="py-24" />;
  }

  // The route guard normally sends signed-out people away; this covers the moment in between (and other tabs).
  if (auth.status === 'signed_out' || !auth.user) {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">You are signed out</h1>
        <p className="mt-2 text-text-muted">Sign in to see your settings.</p>
        <Link to="/auth" className={buttonClasses('primary', 'mt-6')}>
          <LogIn aria-hidden="true" className="size-4" />
          Sign in
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <h1 className="text-2xl font-semibold sm:text-3xl">Settings</h1>
        <p className="mt-1 text-text-muted">
          Signed in as{' '}
          <span className="font-medium wrap-anywhere text-text">{auth.user.email ?? auth.user.phone}</span>
        </p>
      </div>
      <section
        aria-labelledby="appearance-heading"
        className="flex flex-wrap items-center justify-between gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-6"
      >
        <div>
          <h2 id="appearance-heading" className="text-lg font-semibold">
            Appearance
          </h2>
          <p className="mt-1 text-sm text-text-muted">Light, dark, or the same as your device.</p>
        </div>
        <ThemeToggle />
      </section>
      <TimeZoneSection />
      <AccountDetails user={auth.user} renderStepUp={renderStepUp} renderPasswordHint={renderPasswordHint} />
      <TwoFactorSection user={auth.user} renderStepUp={renderStepUp} />
      <SessionsSection />
      <BlockedPeopleSection />
    </div>
  );
}
