import { Tabs } from 'radix-ui';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { MISSING_CREDENTIALS } from '#contracts/auth';
import { Button } from '#web/components/button';
import { fieldError, Form, useZodForm } from '#web/components/form';
import { useAuthClient } from '#web/lib/auth/use-auth';
import { useWeakPasswordReasons } from '#web/lib/use-weak-password-reasons';
import { loadPasswordAssessor } from '../hooks/use-password-assessment';
import { parseAddress, PHONE_HINT } from '../lib/address';
import { errorText, FormError } from '#web/components/form-error';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';
import { TextField } from '#web/components/text-field';
import { deviceTimeZone } from '#web/lib/dates';

export type CredentialsMode = 'sign_in' | 'sign_up';

/**
 * What can be checked before calling the server, in this order: both filled in (the spec's exact
 * "missing credentials" sentence, for the form as a whole), the address format, and on sign-up the
 * password policy the server applies (refusing here saves a round trip and says why at once).
 */
function credentialsSchema(isSignUp: boolean) {
  return z.object({ username: z.string(), password: z.string() }).transform(async (values, context) => {
    if (values.username.trim() === '' || values.password === '') {
      context.addIssue({ code: 'custom', path: ['credentials'], message: MISSING_CREDENTIALS });
      return z.NEVER;
    }
    const parsed = parseAddress(values.username);
    if ('error' in parsed) {
      context.addIssue({ code: 'custom', path: ['username'], message: parsed.error });
      return z.NEVER;
    }
    if (isSignUp) {
      const assess = await loadPasswordAssessor().catch(() => null);
      const assessment = assess?.(values.password, Object.values(parsed.address));
      if (assessment && !assessment.acceptable) {
        context.addIssue({
          code: 'custom',
          path: ['password'],
          message: 'Please choose a stronger password. See the suggestions below.',
        });
        return z.NEVER;
      }
    }
    return { address: parsed.address, password: values.password };
  });
}

const signInSchema = credentialsSchema(false);
const signUpSchema = credentialsSchema(true);

const TAB_CLASSES =
  'min-h-11 flex-1 rounded-[6px] px-3 text-sm font-semibold text-text-muted hover:text-text data-[state=active]:bg-surface data-[state=active]:text-text data-[state=active]:shadow-soft';

/**
 * Sign in / Create account with an email or phone number and a password. Checks what it can before
 * calling the server (credentialsSchema), then signs in through the auth client.
 */
export function CredentialsForm({
  mode,
  onModeChange,
  role,
  address,
  onAddressChange,
  onUseCode,
  onForgotPassword,
  alternatives,
  filledPassword,
}: {
  mode: CredentialsMode;
  onModeChange: (mode: CredentialsMode) => void;
  role: 'client' | 'coach' | null;
  address: string;
  onAddressChange: (address: string) => void;
  onUseCode: () => void;
  onForgotPassword: () => void;
  /** Other ways in (the Google button), shown under an "or". */
  alternatives?: ReactNode;
  /** A password filled in from outside (a demo account picked); a new object each time. */
  filledPassword?: { password: string };
}) {
  const client = useAuthClient();
  const strengthId = useId();
  const isSignUp = mode === 'sign_up';
  const form = useZodForm(isSignUp ? signUpSchema : signInSchema, {
    defaultValues: { username: address, password: '' },
  });
  const password = form.watch('password');
  // The address is the panel's (the code and recovery views share it, a demo account fills it).
  useEffect(() => {
    if (form.getValues('username') !== address) form.setValue('username', address);
  }, [address, form]);
  // A demo account picked: take its password (one already there when the form opened is not new).
  const [mountedFill] = useState(filledPassword);
  useEffect(() => {
    if (filledPassword && filledPassword !== mountedFill) form.setValue('password', filledPassword.password);
  }, [filledPassword, mountedFill, form]);
  const weakPassword = useWeakPasswordReasons();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const parsedForHints = parseAddress(address);
  const userInputs = 'address' in parsedForHints ? Object.values(parsedForHints.address) : [];

  async function submit({ address: parsed, password: typed }: z.output<typeof signInSchema>) {
    setIsSubmitting(true);
    try {
      if (isSignUp) {
        await client.completeSignIn('/auth/v1/signup', {
          ...parsed,
          password: typed,
          // The device's zone (issue #18): every time the new account sees is written in it.
          data: { ...(role ? { role } : {}), time_zone: deviceTimeZone() },
        });
      } else {
        await client.completeSignIn('/auth/v1/token?grant_type=password', { ...parsed, password: typed });
      }
    } catch (caught) {
      if (weakPassword.keep(caught, typed))
        form.setError('password', { type: 'server', message: caught.message });
      else form.setError('root', { type: 'server', message: errorText(caught) });
    } finally {
      setIsSubmitting(false);
    }
  }

  const content = (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        label="Email or phone number"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...form.register('username', { onChange: (event) => onAddressChange(event.target.value) })}
        hint={PHONE_HINT}
        error={fieldError(form, 'username')}
      />
      <div className="flex flex-col gap-2">
        <PasswordField
          label="Password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          {...form.register('password')}
          error={fieldError(form, 'password')}
          aria-describedby={isSignUp ? strengthId : undefined}
          hint={isSignUp ? 'At least 8 characters. A few unrelated words work well.' : undefined}
        />
        {isSignUp ? (
          <PasswordStrength
            id={strengthId}
            password={password}
            userInputs={userInputs}
            serverMessages={weakPassword.reasonsFor(password)}
          />
        ) : (
          <button
            type="button"
            onClick={onForgotPassword}
            className="self-end rounded text-sm font-semibold text-primary hover:underline"
          >
            Forgot password?
          </button>
        )}
      </div>
      <FormError error={fieldError(form, 'credentials') ?? fieldError(form, 'root')} />
      <Button type="submit" busy={isSubmitting} className="w-full">
        {isSignUp ? 'Create account' : 'Sign in'}
      </Button>
      {!isSignUp ? (
        <Button variant="ghost" onClick={onUseCode} className="w-full">
          Email me a code instead
        </Button>
      ) : null}
      {alternatives ? (
        <>
          <div className="flex items-center gap-3 text-sm text-text-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
          {alternatives}
        </>
      ) : null}
    </Form>
  );

  return (
    <Tabs.Root
      value={mode}
      onValueChange={(value) => {
        form.clearErrors();
        onModeChange(value as CredentialsMode);
      }}
      activationMode="manual"
    >
      <Tabs.List
        aria-label="Sign in or create an account"
        className="mb-6 flex gap-1 rounded-[var(--radius-control)] bg-surface-sunken p-1"
      >
        <Tabs.Trigger value="sign_in" className={TAB_CLASSES}>
          Sign in
        </Tabs.Trigger>
        <Tabs.Trigger value="sign_up" className={TAB_CLASSES}>
          Create account
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value={mode} className="rounded-[var(--radius-control)]">
        {content}
      </Tabs.Content>
    </Tabs.Root>
  );
}
