import { useState } from 'react';
import { z } from 'zod';
import { Button } from '#web/components/button';
import { fieldError, useZodForm } from '#web/components/form';
import { useAuthClient } from '#web/lib/auth/use-auth';
import { requestSignInCode } from '../api/request-code';
import { addressText, isPhone, parseAddress, PHONE_HINT, type Address } from '../lib/address';
import { codeFormSchema } from '#web/lib/code-form';
import { errorText } from '#web/components/form-error';
import { TextField } from '#web/components/text-field';
import { AuthStep, CodeSentIntro, CodeStepForm, SendCodeForm, type AuthViewProps } from './auth-step';

/** The account's email address or phone number, as typed (kept for the other views) and as read. */
const addressFormSchema = z.object({ username: z.string() }).transform((values, context) => {
  const parsed = parseAddress(values.username);
  if ('error' in parsed) {
    context.addIssue({
      code: 'custom',
      path: ['username'],
      message:
        values.username.trim() === ''
          ? 'Enter the email address or phone number of your account.'
          : parsed.error,
    });
    return z.NEVER;
  }
  return { typed: values.username, address: parsed.address };
});

/** "Email me a code instead": POST /otp, then the 6-digit code signs the person in (POST /verify). */
export function CodeSignIn({ address: initialAddress, onAddressChange, onBack }: AuthViewProps) {
  const client = useAuthClient();
  const addressForm = useZodForm(addressFormSchema, { defaultValues: { username: initialAddress } });
  const codeForm = useZodForm(codeFormSchema, { defaultValues: { code: '' } });
  const [sentTo, setSentTo] = useState<Address | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  /** Sends a code; a refusal shows on the form of the step it was asked from. */
  async function send(target: Address, fail: (message: string) => void) {
    setNotice(null);
    setIsBusy(true);
    try {
      await requestSignInCode(target);
      setSentTo(target);
      setNotice(sentTo ? 'We sent a new code.' : null);
    } catch (caught) {
      fail(errorText(caught));
    } finally {
      setIsBusy(false);
    }
  }

  async function submitAddress({ typed, address }: z.output<typeof addressFormSchema>) {
    onAddressChange(typed);
    await send(address, (message) => addressForm.setError('root', { type: 'server', message }));
  }

  async function submitCode({ code: token }: z.output<typeof codeFormSchema>) {
    if (!sentTo) return;
    setIsBusy(true);
    try {
      await client.completeSignIn('/auth/v1/verify', {
        type: isPhone(sentTo) ? 'sms' : 'email',
        token,
        ...sentTo,
      });
    } catch (caught) {
      codeForm.setError('root', { type: 'server', message: errorText(caught) });
    } finally {
      setIsBusy(false);
    }
  }

  if (!sentTo) {
    return (
      <AuthStep
        id="code-sign-in-heading"
        title="Sign in with a code"
        intro="We will send a 6-digit code to your email or phone."
      >
        <SendCodeForm
          form={addressForm}
          onSubmit={submitAddress}
          busy={isBusy}
          backLabel="Back to sign in with a password"
          onBack={onBack}
        >
          <TextField
            label="Email or phone number"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...addressForm.register('username')}
            hint={PHONE_HINT}
            error={fieldError(addressForm, 'username')}
            autoFocus
          />
        </SendCodeForm>
      </AuthStep>
    );
  }

  return (
    <AuthStep
      id="code-step-heading"
      title={`Check your ${isPhone(sentTo) ? 'phone' : 'email'}`}
      intro={<CodeSentIntro address={addressText(sentTo)} />}
    >
      <CodeStepForm form={codeForm} onSubmit={submitCode} busy={isBusy} submitLabel="Sign in" notice={notice}>
        <div className="flex flex-col gap-2">
          <Button
            variant="secondary"
            disabled={isBusy}
            onClick={() => {
              codeForm.clearErrors('root');
              void send(sentTo, (message) => codeForm.setError('root', { type: 'server', message }));
            }}
            className="w-full"
          >
            Send a new code
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setSentTo(null);
              codeForm.reset();
              setNotice(null);
            }}
            className="w-full"
          >
            Use a different address
          </Button>
        </div>
      </CodeStepForm>
    </AuthStep>
  );
}
