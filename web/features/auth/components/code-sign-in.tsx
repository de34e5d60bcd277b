import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useAuthClient } from '../../../lib/auth/use-auth';
import { requestSignInCode } from '../api/request-code';
import { addressText, isPhone, parseAddress, PHONE_HINT, type Address } from '../lib/address';
import { CodeField } from '../../../components/code-field';
import { FormError } from '../../../components/form-error';
import { TextField } from '../../../components/text-field';

const SIX_DIGITS = /^\d{6}$/;

/** "Email me a code instead": POST /otp, then the 6-digit code signs the person in (POST /verify). */
export function CodeSignIn({
  address: initialAddress,
  onAddressChange,
  onBack,
}: {
  address: string;
  onAddressChange: (address: string) => void;
  onBack: () => void;
}) {
  const client = useAuthClient();
  const [address, setAddress] = useState(initialAddress);
  const [sentTo, setSentTo] = useState<Address | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function send(target: Address) {
    setError(null);
    setNotice(null);
    setIsBusy(true);
    try {
      await requestSignInCode(target);
      setSentTo(target);
      setNotice(sentTo ? 'We sent a new code.' : null);
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  async function submitAddress(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseAddress(address);
    if ('error' in parsed) {
      setFieldError(
        address.trim() === '' ? 'Enter the email address or phone number of your account.' : parsed.error,
      );
      return;
    }
    setFieldError(null);
    onAddressChange(address);
    await send(parsed.address);
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sentTo) return;
    const token = code.replace(/\s/g, '');
    if (!SIX_DIGITS.test(token)) {
      setFieldError('Enter the 6-digit code.');
      return;
    }
    setFieldError(null);
    setError(null);
    setIsBusy(true);
    try {
      await client.completeSignIn('/auth/v1/verify', {
        type: isPhone(sentTo) ? 'sms' : 'email',
        token,
        ...sentTo,
      });
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  if (!sentTo) {
    return (
      <section aria-labelledby="code-sign-in-heading" className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <h1 id="code-sign-in-heading" className="text-2xl font-semibold">
            Sign in with a code
          </h1>
          <p className="text-text-muted">We will send a 6-digit code to your email or phone.</p>
        </div>
        <form noValidate onSubmit={(event) => void submitAddress(event)} className="flex flex-col gap-5">
          <TextField
            label="Email or phone number"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            hint={PHONE_HINT}
            error={fieldError}
            autoFocus
          />
          <FormError error={error} />
          <Button type="submit" disabled={isBusy} className="w-full">
            {isBusy ? <Spinner className="size-4 border-2" /> : null}
            Send me a code
          </Button>
          <Button variant="ghost" onClick={onBack} className="w-full">
            Back to sign in with a password
          </Button>
        </form>
      </section>
    );
  }

  return (
    <section aria-labelledby="code-step-heading" className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <h1 id="code-step-heading" className="text-2xl font-semibold">
          Check your {isPhone(sentTo) ? 'phone' : 'email'}
        </h1>
        <p className="text-text-muted">
          If an account uses{' '}
          <span className="font-medium wrap-anywhere text-text">{addressText(sentTo)}</span>, we sent it a
          6-digit code. It works for 10 minutes.
        </p>
      </div>
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
        {notice ? (
          <p role="status" className="text-sm text-text-muted">
            {notice}
          </p>
        ) : null}
        <Button type="submit" disabled={isBusy} className="w-full">
          {isBusy ? <Spinner className="size-4 border-2" /> : null}
          Sign in
        </Button>
        <div className="flex flex-col gap-2">
          <Button variant="secondary" disabled={isBusy} onClick={() => void send(sentTo)} className="w-full">
            Send a new code
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setSentTo(null);
              setCode('');
              setError(null);
              setNotice(null);
            }}
            className="w-full"
          >
            Use a different address
          </Button>
        </div>
      </form>
    </section>
  );
}
