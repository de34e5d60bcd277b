import { CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useAuth, useAuthClient } from '../../../lib/auth/use-auth';
import { recoverPassword } from '../api/recover-password';
import { updatePassword } from '../api/update-password';
import { loadPasswordAssessor } from '../hooks/use-password-assessment';
import { parseAddress } from '../lib/address';
import { accessTokenSessionId, needsSecondFactor } from '../lib/assurance';
import { setPendingRecovery, usePendingRecovery } from '../lib/auth-flow-hold';
import { CodeField } from '../../../components/code-field';
import { FormError } from '../../../components/form-error';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';
import { SecondFactorStep } from './second-factor-step';
import { TextField } from '../../../components/text-field';

type Step = 'email' | 'code' | 'password' | 'done';

const SIX_DIGITS = /^\d{6}$/;

function StepHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h1 id={id} className="text-2xl font-semibold">
        {title}
      </h1>
      {children ? <p className="text-text-muted">{children}</p> : null}
    </div>
  );
}

/**
 * "Forgot password?": the email gets a 6-digit code (POST /recover), the code signs the person in
 * (POST /verify type recovery), then they choose a new password (PUT /user). An account with an
 * authenticator answers it before the password can change.
 */
export function PasswordRecovery({
  address,
  onAddressChange,
  onBack,
}: {
  address: string;
  onAddressChange: (address: string) => void;
  onBack: () => void;
}) {
  const auth = useAuth();
  const client = useAuthClient();
  const strengthId = useId();
  const pending = usePendingRecovery();
  const [localStep, setStep] = useState<Exclude<Step, 'password' | 'done'>>('email');
  const [typedEmail, setEmail] = useState(() => (address.includes('@') ? address : ''));
  // Once the code has signed the person in, the step lives in the flow store (it survives a remount).
  const signedInStage = auth.status === 'signed_in' ? pending?.stage : undefined;
  const step: Step = signedInStage ?? localStep;
  const email = pending?.email ?? typedEmail;
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [weakMessages, setWeakMessages] = useState<{ password: string; messages: string[] } | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function submitEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseAddress(email);
    if (email.trim() === '' || 'error' in parsed || !('email' in parsed.address)) {
      setFieldError('Please enter a valid email address.');
      return;
    }
    setFieldError(null);
    setError(null);
    setIsBusy(true);
    try {
      await recoverPassword(parsed.address.email);
      onAddressChange(parsed.address.email);
      setEmail(parsed.address.email);
      setStep('code');
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const token = code.replace(/\s/g, '');
    if (!SIX_DIGITS.test(token)) {
      setFieldError('Enter the 6-digit code.');
      return;
    }
    setFieldError(null);
    setError(null);
    setIsBusy(true);
    // Hold /auth before the session arrives: the new password is still to be chosen.
    setPendingRecovery({ email, stage: 'password' });
    try {
      const session = await client.completeSignIn('/auth/v1/verify', { type: 'recovery', token, email });
      setPendingRecovery({
        email,
        stage: 'password',
        sessionId: accessTokenSessionId(session.access_token) ?? undefined,
      });
    } catch (caught) {
      setPendingRecovery(null);
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (password === '') {
      setFieldError('Enter a new password.');
      return;
    }
    const assess = await loadPasswordAssessor().catch(() => null);
    const assessment = assess?.(password, [email]);
    if (assessment && !assessment.acceptable) {
      setFieldError('Please choose a stronger password. See the suggestions below.');
      return;
    }
    setFieldError(null);
    setIsBusy(true);
    try {
      client.setUser(await updatePassword(password));
      setPendingRecovery(pending ? { ...pending, stage: 'done' } : null);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'WEAK_PASSWORD') {
        setWeakMessages({ password, messages: caught.details.map((detail) => detail.message) });
        setFieldError(caught.message);
      } else {
        setError(caught);
      }
    } finally {
      setIsBusy(false);
    }
  }

  if (step === 'email') {
    return (
      <section aria-labelledby="recover-heading" className="flex flex-col gap-5">
        <StepHeading id="recover-heading" title="Reset your password">
          Enter the email address of your account and we will send you a 6-digit code.
        </StepHeading>
        <form noValidate onSubmit={(event) => void submitEmail(event)} className="flex flex-col gap-5">
          <TextField
            label="Email address"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fieldError}
            autoFocus
          />
          <FormError error={error} />
          <Button type="submit" disabled={isBusy} className="w-full">
            {isBusy ? <Spinner className="size-4 border-2" /> : null}
            Send me a code
          </Button>
          <Button variant="ghost" onClick={onBack} className="w-full">
            Back to sign in
          </Button>
        </form>
      </section>
    );
  }

  if (step === 'code') {
    return (
      <section aria-labelledby="recover-code-heading" className="flex flex-col gap-5">
        <StepHeading id="recover-code-heading" title="Check your email">
          If an account uses <span className="font-medium wrap-anywhere text-text">{email}</span>, we sent it
          a 6-digit code. It works for 10 minutes.
        </StepHeading>
        <form noValidate onSubmit={(event) => void submitCode(event)} className="flex flex-col gap-5">
          <CodeField
            label="6-digit code"
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={fieldError}
            autoFocus
          />
          <FormError error={error} />
          <Button type="submit" disabled={isBusy} className="w-full">
            {isBusy ? <Spinner className="size-4 border-2" /> : null}
            Continue
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setStep('email');
              setCode('');
              setError(null);
            }}
            className="w-full"
          >
            Use a different email address
          </Button>
        </form>
      </section>
    );
  }

  if (step === 'password' && needsSecondFactor(auth)) {
    return (
      <SecondFactorStep
        headingLevel={1}
        description="Your account is protected by an authenticator app. Enter its code, then choose a new password."
        onCancel={() => {
          setPendingRecovery(null);
          void client.signOut('local');
        }}
        cancelLabel="Sign out"
      />
    );
  }

  if (step === 'password') {
    return (
      <section aria-labelledby="new-password-heading" className="flex flex-col gap-5">
        <StepHeading id="new-password-heading" title="Choose a new password" />
        <form noValidate onSubmit={(event) => void submitPassword(event)} className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <PasswordField
              label="New password"
              name="new-password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={fieldError}
              aria-describedby={strengthId}
              autoFocus
            />
            <PasswordStrength
              id={strengthId}
              password={password}
              userInputs={[email]}
              serverMessages={weakMessages?.password === password ? weakMessages.messages : []}
            />
          </div>
          <FormError error={error} />
          <Button type="submit" disabled={isBusy} className="w-full">
            {isBusy ? <Spinner className="size-4 border-2" /> : null}
            Save new password
          </Button>
          <Button
            variant="ghost"
            className="w-full"
            onClick={() => {
              setPendingRecovery(null);
              void client.signOut('local');
            }}
          >
            Cancel and sign out
          </Button>
        </form>
      </section>
    );
  }

  return (
    <section aria-labelledby="recovered-heading" className="flex flex-col items-start gap-4">
      <CircleCheck aria-hidden="true" className="size-10 text-success" />
      <StepHeading id="recovered-heading" title="Your password is changed">
        You are signed in with your new password.
      </StepHeading>
      {/* Releasing the hold lets the router take the person on (home, or where they were going). */}
      <Button className="w-full" onClick={() => setPendingRecovery(null)}>
        Continue
      </Button>
    </section>
  );
}
