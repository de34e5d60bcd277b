import { CircleCheck } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { Button } from '#web/components/button';
import { fieldError, Form, useZodForm } from '#web/components/form';
import { useAuth, useAuthClient } from '#web/lib/auth/use-auth';
import { useWeakPasswordReasons } from '#web/lib/use-weak-password-reasons';
import { recoverPassword } from '../api/recover-password';
import { updatePassword } from '../api/update-password';
import { loadPasswordAssessor } from '../hooks/use-password-assessment';
import { parseAddress } from '../lib/address';
import { accessTokenSessionId, needsSecondFactor } from '../lib/assurance';
import { setPendingRecovery, usePendingRecovery } from '../lib/auth-flow-hold';
import { codeFormSchema } from '#web/lib/code-form';
import { errorText, FormError } from '#web/components/form-error';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';
import { SecondFactorStep } from './second-factor-step';
import { TextField } from '#web/components/text-field';
import {
  AuthStep,
  CodeSentIntro,
  CodeStepForm,
  SendCodeForm,
  StepHeading,
  type AuthViewProps,
} from './auth-step';

type Step = 'email' | 'code' | 'password' | 'done';

/** The account's email address (a phone number has no recovery by email). */
const emailFormSchema = z.object({ email: z.string() }).transform((values, context) => {
  const parsed = parseAddress(values.email);
  if (values.email.trim() === '' || 'error' in parsed || !('email' in parsed.address)) {
    context.addIssue({ code: 'custom', path: ['email'], message: 'Please enter a valid email address.' });
    return z.NEVER;
  }
  return { email: parsed.address.email };
});

/** The new password: given, and acceptable to the policy the server applies (with the email as a hint). */
function newPasswordSchema(email: string) {
  // Named as the input is (new-password), for password managers.
  return z
    .object({ 'new-password': z.string() })
    .superRefine(async ({ 'new-password': password }, context) => {
      if (password === '') {
        context.addIssue({ code: 'custom', path: ['new-password'], message: 'Enter a new password.' });
        return;
      }
      const assess = await loadPasswordAssessor().catch(() => null);
      const assessment = assess?.(password, [email]);
      if (assessment && !assessment.acceptable)
        context.addIssue({
          code: 'custom',
          path: ['new-password'],
          message: 'Please choose a stronger password. See the suggestions below.',
        });
    });
}

/**
 * "Forgot password?": the email gets a 6-digit code (POST /recover), the code signs the person in
 * (POST /verify type recovery), then they choose a new password (PUT /user). An account with an
 * authenticator answers it before the password can change.
 */
export function PasswordRecovery({ address, onAddressChange, onBack }: AuthViewProps) {
  const auth = useAuth();
  const client = useAuthClient();
  const strengthId = useId();
  const pending = usePendingRecovery();
  const [localStep, setStep] = useState<Exclude<Step, 'password' | 'done'>>('email');
  const emailForm = useZodForm(emailFormSchema, {
    defaultValues: { email: address.includes('@') ? address : '' },
  });
  const codeForm = useZodForm(codeFormSchema, { defaultValues: { code: '' } });
  const typedEmail = emailForm.watch('email');
  // Once the code has signed the person in, the step lives in the flow store (it survives a remount).
  const signedInStage = auth.status === 'signed_in' ? pending?.stage : undefined;
  const step: Step = signedInStage ?? localStep;
  const email = pending?.email ?? typedEmail;
  const passwordSchema = useMemo(() => newPasswordSchema(email), [email]);
  const passwordForm = useZodForm(passwordSchema, { defaultValues: { 'new-password': '' } });
  const password = passwordForm.watch('new-password');
  const weakPassword = useWeakPasswordReasons();
  const [isBusy, setIsBusy] = useState(false);

  async function submitEmail({ email: valid }: z.output<typeof emailFormSchema>) {
    setIsBusy(true);
    try {
      await recoverPassword(valid);
      onAddressChange(valid);
      emailForm.setValue('email', valid);
      setStep('code');
    } catch (caught) {
      emailForm.setError('root', { type: 'server', message: errorText(caught) });
    } finally {
      setIsBusy(false);
    }
  }

  async function submitCode({ code: token }: z.output<typeof codeFormSchema>) {
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
      codeForm.setError('root', { type: 'server', message: errorText(caught) });
    } finally {
      setIsBusy(false);
    }
  }

  async function submitPassword({ 'new-password': chosen }: z.output<typeof passwordSchema>) {
    setIsBusy(true);
    try {
      client.setUser(await updatePassword(chosen));
      setPendingRecovery(pending ? { ...pending, stage: 'done' } : null);
    } catch (caught) {
      if (weakPassword.keep(caught, chosen))
        passwordForm.setError('new-password', { type: 'server', message: caught.message });
      else passwordForm.setError('root', { type: 'server', message: errorText(caught) });
    } finally {
      setIsBusy(false);
    }
  }

  if (step === 'email') {
    return (
      <AuthStep
        id="recover-heading"
        title="Reset your password"
        intro="Enter the email address of your account and we will send you a 6-digit code."
      >
        <SendCodeForm
          form={emailForm}
          onSubmit={submitEmail}
          busy={isBusy}
          backLabel="Back to sign in"
          onBack={onBack}
        >
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            {...emailForm.register('email')}
            error={fieldError(emailForm, 'email')}
            autoFocus
          />
        </SendCodeForm>
      </AuthStep>
    );
  }

  if (step === 'code') {
    return (
      <AuthStep id="recover-code-heading" title="Check your email" intro={<CodeSentIntro address={email} />}>
        <CodeStepForm form={codeForm} onSubmit={submitCode} busy={isBusy} submitLabel="Continue">
          <Button
            variant="ghost"
            onClick={() => {
              setStep('email');
              codeForm.reset();
            }}
            className="w-full"
          >
            Use a different email address
          </Button>
        </CodeStepForm>
      </AuthStep>
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
      <AuthStep id="new-password-heading" title="Choose a new password">
        <Form form={passwordForm} onSubmit={submitPassword} className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <PasswordField
              label="New password"
              autoComplete="new-password"
              {...passwordForm.register('new-password')}
              error={fieldError(passwordForm, 'new-password')}
              aria-describedby={strengthId}
              autoFocus
            />
            <PasswordStrength
              id={strengthId}
              password={password}
              userInputs={[email]}
              serverMessages={weakPassword.reasonsFor(password)}
            />
          </div>
          <FormError error={fieldError(passwordForm, 'root')} />
          <Button type="submit" busy={isBusy} className="w-full">
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
        </Form>
      </AuthStep>
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
