import { Tabs } from 'radix-ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MISSING_CREDENTIALS } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useAuthClient } from '../../../lib/auth/use-auth';
import { loadPasswordAssessor } from '../hooks/use-password-assessment';
import { parseAddress, PHONE_HINT } from '../lib/address';
import { FormError } from '../../../components/form-error';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';
import { TextField } from '../../../components/text-field';

export type CredentialsMode = 'sign_in' | 'sign_up';

const TAB_CLASSES =
  'min-h-11 flex-1 rounded-[6px] px-3 text-sm font-semibold text-text-muted hover:text-text data-[state=active]:bg-surface data-[state=active]:text-text data-[state=active]:shadow-soft';

/**
 * Sign in / Create account with an email or phone number and a password. Checks what it can before
 * calling the server (the spec's exact "missing credentials" sentence, the address format, the
 * password policy), then signs in through the auth client.
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
  const [password, setPassword] = useState('');
  // A demo account picked: take its password (adjusting state while rendering, not in an effect).
  const [seenFill, setSeenFill] = useState(filledPassword);
  if (filledPassword !== seenFill) {
    setSeenFill(filledPassword);
    if (filledPassword) setPassword(filledPassword.password);
  }
  const [addressError, setAddressError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [weakPassword, setWeakPassword] = useState<{ password: string; messages: string[] } | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isSignUp = mode === 'sign_up';
  const parsedForHints = parseAddress(address);
  const userInputs = 'address' in parsedForHints ? Object.values(parsedForHints.address) : [];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setAddressError(null);
    setPasswordError(null);
    if (address.trim() === '' || password === '') {
      setError(MISSING_CREDENTIALS);
      return;
    }
    const parsed = parseAddress(address);
    if ('error' in parsed) {
      setAddressError(parsed.error);
      return;
    }
    if (isSignUp) {
      // The same policy the server applies; refusing here saves a round trip and says why at once.
      const assess = await loadPasswordAssessor().catch(() => null);
      const assessment = assess?.(password, Object.values(parsed.address));
      if (assessment && !assessment.acceptable) {
        setPasswordError('Please choose a stronger password. See the suggestions below.');
        return;
      }
    }
    setIsSubmitting(true);
    try {
      if (isSignUp) {
        await client.completeSignIn('/auth/v1/signup', {
          ...parsed.address,
          password,
          data: role ? { role } : {},
        });
      } else {
        await client.completeSignIn('/auth/v1/token?grant_type=password', { ...parsed.address, password });
      }
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'WEAK_PASSWORD') {
        setWeakPassword({ password, messages: caught.details.map((detail) => detail.message) });
        setPasswordError(caught.message);
      } else {
        setError(caught);
      }
    } finally {
      setIsSubmitting(false);
    }
  }

  const form = (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <TextField
        label="Email or phone number"
        name="username"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={address}
        onChange={(event) => onAddressChange(event.target.value)}
        hint={PHONE_HINT}
        error={addressError}
      />
      <div className="flex flex-col gap-2">
        <PasswordField
          label="Password"
          name="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordError}
          aria-describedby={isSignUp ? strengthId : undefined}
          hint={isSignUp ? 'At least 8 characters. A few unrelated words work well.' : undefined}
        />
        {isSignUp ? (
          <PasswordStrength
            id={strengthId}
            password={password}
            userInputs={userInputs}
            serverMessages={weakPassword?.password === password ? weakPassword.messages : []}
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
      <FormError error={error} />
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? <Spinner className="size-4 border-2" /> : null}
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
    </form>
  );

  return (
    <Tabs.Root
      value={mode}
      onValueChange={(value) => {
        setError(null);
        setAddressError(null);
        setPasswordError(null);
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
        {form}
      </Tabs.Content>
    </Tabs.Root>
  );
}
