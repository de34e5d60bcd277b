import { ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { AuthSession } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useAuth, useAuthClient } from '../../../lib/auth/use-auth';
import { challengeFactor } from '../api/challenge-factor';
import { CodeField } from '../../../components/code-field';
import { FormError } from '../../../components/form-error';

const SIX_DIGITS = /^\d{6}$/;

/**
 * The second step of signing in (and of stepping up to aal2 before a protected action): the code
 * from the person's authenticator app. Creates a challenge and answers it; the session that comes
 * back is aal2 and replaces the current one.
 */
export function SecondFactorStep({
  onVerified,
  onCancel,
  cancelLabel = 'Cancel',
  headingLevel = 2,
  description = 'Open the authenticator app you set up for Wellspring and type the code it shows now.',
}: {
  onVerified?: (session: AuthSession) => void;
  onCancel?: () => void;
  cancelLabel?: string;
  headingLevel?: 1 | 2 | 3;
  description?: string;
}) {
  const { user } = useAuth();
  const client = useAuthClient();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const factor = user?.factors.find((candidate) => candidate.status === 'verified');
  const headingId = useId();
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1] ?? 'h2';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const trimmed = code.replace(/\s/g, '');
    if (!SIX_DIGITS.test(trimmed)) {
      setCodeError('Enter the 6-digit code.');
      return;
    }
    setCodeError(null);
    if (!factor) return;
    setIsSubmitting(true);
    try {
      const challenge = await challengeFactor(factor.id);
      const session = await client.completeSignIn(
        `/auth/v1/factors/${encodeURIComponent(factor.id)}/verify`,
        { challenge_id: challenge.id, code: trimmed },
        'SIGNED_IN',
      );
      onVerified?.(session);
    } catch (caught) {
      setError(caught);
      setCode('');
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div className="flex flex-col gap-3">
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
          <ShieldCheck aria-hidden="true" className="size-6" />
        </span>
        <Heading
          id={headingId}
          className={`font-semibold text-balance ${headingLevel === 3 ? 'text-lg' : 'text-xl sm:text-2xl'}`}
        >
          Enter the 6-digit code from your authenticator app
        </Heading>
        <p className="text-text-muted">{description}</p>
      </div>
      {factor ? (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <CodeField
            label="Authenticator code"
            name="totp"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={codeError}
            autoFocus
          />
          <FormError error={error} />
          <Button type="submit" disabled={isSubmitting} className="w-full">
            {isSubmitting ? <Spinner className="size-4 border-2" /> : null}
            Verify
          </Button>
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel} className="w-full">
              {cancelLabel}
            </Button>
          ) : null}
        </form>
      ) : (
        <p role="alert" className="text-text-muted">
          This account has no authenticator app set up, so there is no code to enter.
        </p>
      )}
    </section>
  );
}
