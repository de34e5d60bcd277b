import { useState, type ReactNode } from 'react';
import type { AuthUser } from '#contracts/auth';
import { Button } from '#web/components/button';
import { ChangeFlow, type ChangeKind } from './change-flow';
import { ConfirmAddress } from './confirm-address';
import { SettingsCard } from './form-controls';
import type { PasswordHintRenderer, StepUpRenderer } from './render-props';

function Status({ confirmed }: { confirmed: boolean }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${confirmed ? 'bg-primary-soft text-primary' : 'bg-warning-soft text-warning'}`}
    >
      {confirmed ? 'Confirmed' : 'Not confirmed'}
    </span>
  );
}

function Row({
  label,
  value,
  status,
  action,
  isOpen,
  onToggle,
}: {
  label: string;
  value: ReactNode;
  status?: ReactNode;
  action: string;
  isOpen: boolean;
  onToggle: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <dl className="min-w-0">
        <dt className="text-sm text-text-muted">{label}</dt>
        <dd className="flex flex-wrap items-center gap-2 font-medium wrap-anywhere">
          {value ?? <span className="font-normal text-text-muted">Not added</span>}
          {status}
        </dd>
      </dl>
      <Button variant="secondary" aria-expanded={isOpen} onClick={onToggle} className="shrink-0">
        {action}
      </Button>
    </div>
  );
}

/** Email, phone and password, each changeable in place (PUT /auth/v1/user with its confirmations). */
export function AccountDetails({
  user,
  renderStepUp,
  renderPasswordHint,
}: {
  user: AuthUser;
  renderStepUp: StepUpRenderer;
  renderPasswordHint?: PasswordHintRenderer;
}) {
  const [open, setOpen] = useState<ChangeKind | null>(null);
  const [confirming, setConfirming] = useState(false);
  const emailUnconfirmed = user.email !== null && user.email_confirmed_at === null;
  const toggle = (kind: ChangeKind) => setOpen((current) => (current === kind ? null : kind));
  const flow = (kind: ChangeKind) =>
    open === kind ? (
      <ChangeFlow
        key={kind}
        kind={kind}
        user={user}
        onClose={() => setOpen(null)}
        renderStepUp={renderStepUp}
        renderPasswordHint={renderPasswordHint}
      />
    ) : null;

  return (
    <SettingsCard
      headingId="account-heading"
      title="Account"
      description="How you sign in. Changes need a quick confirmation."
    >
      {/* Each row is its own <dl>: a <dl>'s children may only be <dt>/<dd> groups, not buttons or forms. */}
      <div className="divide-y divide-border">
        <div>
          <Row
            label="Email"
            value={user.email}
            status={
              user.email ? (
                <>
                  <Status confirmed={user.email_confirmed_at !== null} />
                  {emailUnconfirmed ? (
                    <button
                      type="button"
                      aria-expanded={confirming}
                      onClick={() => setConfirming((current) => !current)}
                      className="rounded text-sm font-semibold text-primary underline-offset-2 hover:underline"
                    >
                      Confirm it
                    </button>
                  ) : null}
                </>
              ) : null
            }
            action={user.email ? 'Change email' : 'Add email'}
            isOpen={open === 'email'}
            onToggle={() => toggle('email')}
          />
          {confirming && emailUnconfirmed && user.email ? (
            <ConfirmAddress email={user.email} onDone={() => setConfirming(false)} />
          ) : null}
          {flow('email')}
        </div>
        <div>
          <Row
            label="Phone"
            value={user.phone}
            status={user.phone ? <Status confirmed={user.phone_confirmed_at !== null} /> : null}
            action={user.phone ? 'Change phone' : 'Add phone'}
            isOpen={open === 'phone'}
            onToggle={() => toggle('phone')}
          />
          {flow('phone')}
        </div>
        <div>
          <Row
            label="Password"
            value={
              <>
                <span aria-hidden="true">••••••••</span>
                <span className="sr-only">Hidden</span>
              </>
            }
            action="Change password"
            isOpen={open === 'password'}
            onToggle={() => toggle('password')}
          />
          {flow('password')}
        </div>
      </div>
    </SettingsCard>
  );
}
