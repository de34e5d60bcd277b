import { Check, Copy, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import type { AuthUser } from '#contracts/auth';
import { Button } from '#web/components/button';
import { fieldError, useZodForm } from '#web/components/form';
import { ApiError } from '#web/lib/api-client';
import { useAuthClient } from '#web/lib/auth/use-auth';
import { challengeFactor, enrollTotpFactor, removeFactor, verifyFactorPath } from '../api/factors';
import { FormError, errorText } from '#web/components/form-error';
import { codeFormSchema } from '#web/lib/code-form';
import { SettingsCard } from './form-controls';
import type { StepUpRenderer } from './render-props';
import { formatDateInViewerLocale, localTimeZone } from '#web/lib/dates';
import { CodeConfirmForm } from './code-confirm-form';

type Enrollment = { id: string; qrCode: string; secret: string };

const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function EnrollPanel({
  enrollment,
  onDone,
  onCancel,
}: {
  enrollment: Enrollment;
  onDone: () => void;
  onCancel: () => void;
}) {
  const client = useAuthClient();
  const form = useZodForm(codeFormSchema, { defaultValues: { code: '' } });
  const [isBusy, setIsBusy] = useState(false);
  const [copied, setCopied] = useState(false);

  async function submit({ code: token }: z.output<typeof codeFormSchema>) {
    setIsBusy(true);
    try {
      const challenge = await challengeFactor(enrollment.id);
      await client.completeSignIn(
        verifyFactorPath(enrollment.id),
        { challenge_id: challenge.id, code: token },
        'USER_UPDATED',
      );
      onDone();
    } catch (caught) {
      form.setError('root', { type: 'server', message: errorText(caught) });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <div className="mt-4 rounded-[var(--radius-card)] border border-border bg-background/60 p-4 sm:p-5">
      <h3 className="font-semibold">Set up your authenticator app</h3>
      <ol className="mt-4 flex flex-col gap-5">
        <li className="flex flex-col gap-3">
          <p className="text-sm">
            <span className="font-semibold">1.</span> Scan this QR code with an authenticator app (such as
            Google Authenticator, 1Password or Authy).
          </p>
          <img
            src={enrollment.qrCode}
            alt="QR code for adding Wellspring to your authenticator app"
            width={176}
            height={176}
            className="size-44 rounded-[var(--radius-control)] border border-border bg-white p-2"
          />
          <div className="text-sm text-text-muted">
            <p>Can&apos;t scan it? Type this key into the app instead:</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code
                data-testid="totp-secret"
                className="rounded-[var(--radius-control)] bg-surface-sunken px-2 py-1 font-mono text-sm text-text"
              >
                {groupSecret(enrollment.secret)}
              </code>
              <Button
                variant="ghost"
                className="min-h-9 px-2"
                onClick={() => {
                  void navigator.clipboard
                    ?.writeText(enrollment.secret)
                    .then(() => setCopied(true))
                    .catch(() => undefined);
                }}
              >
                {copied ? (
                  <Check aria-hidden="true" className="size-4" />
                ) : (
                  <Copy aria-hidden="true" className="size-4" />
                )}
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            </div>
          </div>
        </li>
        <li>
          <CodeConfirmForm
            form={form}
            onSubmit={submit}
            intro={
              <p className="text-sm">
                <span className="font-semibold">2.</span> Enter the 6-digit code the app shows.
              </p>
            }
            label="Code from the app"
            error={fieldError(form, 'root')}
            busy={isBusy}
            submitLabel="Turn on two-factor authentication"
            onCancel={onCancel}
          />
        </li>
      </ol>
    </div>
  );
}

type Pending = { action: 'enroll' } | { action: 'remove'; factorId: string };

/**
 * Two-factor authentication with an authenticator app (TOTP): set it up (POST /factors, then
 * challenge + verify), see it, remove it. Adding a second one or removing a verified one needs the
 * authenticator first (aal2): the server says INSUFFICIENT_AAL and the step-up is shown.
 */
export function TwoFactorSection({ user, renderStepUp }: { user: AuthUser; renderStepUp: StepUpRenderer }) {
  const client = useAuthClient();
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState<string | null>(null);
  const [stepUpFor, setStepUpFor] = useState<Pending | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const verified = user.factors.filter((factor) => factor.status === 'verified');
  const unfinished = user.factors.filter(
    (factor) => factor.status === 'unverified' && factor.id !== enrollment?.id,
  );

  async function run(pending: Pending) {
    setError(null);
    setNotice(null);
    setIsBusy(true);
    try {
      if (pending.action === 'enroll') {
        const created = await enrollTotpFactor();
        setEnrollment({
          id: created.id,
          // The server answers the SVG itself (as GoTrue does).
          qrCode: `data:image/svg+xml;utf-8,${encodeURIComponent(created.totp.qr_code)}`,
          secret: created.totp.secret,
        });
      } else {
        await removeFactor(pending.factorId);
        setConfirmingRemoval(null);
        await client.reloadUser();
        setNotice('The authenticator app was removed.');
      }
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'INSUFFICIENT_AAL') setStepUpFor(pending);
      else setError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  function cancelEnrollment() {
    const abandoned = enrollment;
    setEnrollment(null);
    // An unverified factor is useless; tidy it away (no aal2 needed for those).
    if (abandoned)
      void removeFactor(abandoned.id)
        .then(() => client.reloadUser())
        .catch(() => undefined);
  }

  const isOn = verified.length > 0;

  return (
    <SettingsCard
      headingId="two-factor-heading"
      title="Two-factor authentication"
      description="A code from an app on your phone, asked for when you sign in, so a password alone cannot open your account."
    >
      <div className="flex items-center gap-3">
        <span
          className={`inline-flex size-10 items-center justify-center rounded-full ${isOn ? 'bg-primary-soft text-primary' : 'bg-surface-sunken text-text-muted'}`}
        >
          {isOn ? (
            <ShieldCheck aria-hidden="true" className="size-5" />
          ) : (
            <ShieldOff aria-hidden="true" className="size-5" />
          )}
        </span>
        <p className="font-medium" data-testid="two-factor-status">
          {isOn ? 'On' : 'Off'}
        </p>
      </div>

      {verified.length + unfinished.length > 0 ? (
        <ul
          className="mt-4 divide-y divide-border rounded-[var(--radius-card)] border border-border"
          aria-label="Authenticator apps"
        >
          {[...verified, ...unfinished].map((factor) => (
            <li key={factor.id} className="flex flex-wrap items-center justify-between gap-3 p-3 sm:px-4">
              <div className="min-w-0">
                <p className="font-medium">{factor.friendly_name ?? 'Authenticator app'}</p>
                <p className="text-sm text-text-muted">
                  {factor.status === 'verified'
                    ? `Added ${formatDateInViewerLocale(factor.created_at, localTimeZone(), { date: 'medium' })}`
                    : 'Set-up not finished'}
                </p>
              </div>
              {confirmingRemoval === factor.id ? (
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm">Remove this app?</span>
                  <Button
                    variant="secondary"
                    disabled={isBusy}
                    onClick={() => void run({ action: 'remove', factorId: factor.id })}
                  >
                    Remove
                  </Button>
                  <Button variant="ghost" onClick={() => setConfirmingRemoval(null)}>
                    Keep
                  </Button>
                </div>
              ) : (
                <Button
                  variant="secondary"
                  aria-label={`Remove ${factor.friendly_name ?? 'authenticator app'}`}
                  onClick={() => setConfirmingRemoval(factor.id)}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {stepUpFor ? (
        <div className="mt-4 rounded-[var(--radius-card)] border border-border bg-background/60 p-4 sm:p-5">
          {renderStepUp({
            onVerified: () => {
              const pending = stepUpFor;
              setStepUpFor(null);
              void run(pending);
            },
            onCancel: () => setStepUpFor(null),
          })}
        </div>
      ) : null}

      {enrollment ? (
        <EnrollPanel
          enrollment={enrollment}
          onDone={() => {
            setEnrollment(null);
            setNotice(
              'Two-factor authentication is on. We will ask for a code from the app when you sign in.',
            );
          }}
          onCancel={cancelEnrollment}
        />
      ) : null}

      <div className="mt-4 flex flex-col gap-3">
        <FormError error={error} />
        {notice ? (
          <p role="status" className="text-sm text-success">
            {notice}
          </p>
        ) : null}
        {!enrollment && !stepUpFor ? (
          <Button
            variant={isOn ? 'secondary' : 'primary'}
            busy={isBusy}
            onClick={() => void run({ action: 'enroll' })}
            className="self-start"
          >
            {isOn ? 'Add another authenticator app' : 'Set up an authenticator app'}
          </Button>
        ) : null}
      </div>
    </SettingsCard>
  );
}
