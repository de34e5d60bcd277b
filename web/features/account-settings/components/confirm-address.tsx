import { useState } from 'react';
import { z } from 'zod';
import { userSchema, type AuthUser } from '#contracts/auth';
import { Button } from '#web/components/button';
import { CodeField } from '#web/components/code-field';
import { fieldError, Form, useZodForm } from '#web/components/form';
import { errorText, FormError } from '#web/components/form-error';
import { apiRequest } from '#web/lib/api-client';
import { useAuthClient } from '#web/lib/auth/use-auth';

const confirmFormSchema = z.object({ code: z.string().transform((code) => code.trim()) });

/**
 * Confirms the account's own email address from Settings: sends a code (POST /resend type signup)
 * and checks it while signed in (POST /verify), which updates the account without a new session.
 */
export function ConfirmAddress({ email, onDone }: { email: string; onDone: () => void }) {
  const client = useAuthClient();
  // Sign-up already sent a code, so the code field comes first; a new code is one click away.
  const [sentAgain, setSentAgain] = useState(false);
  const form = useZodForm(confirmFormSchema, { defaultValues: { code: '' } });
  const code = form.watch('code');
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    form.clearErrors('root');
    try {
      await apiRequest('/auth/v1/resend', z.object({}), { method: 'POST', body: { type: 'signup', email } });
      setSentAgain(true);
    } catch (caught) {
      form.setError('root', { type: 'server', message: errorText(caught) });
    } finally {
      setBusy(false);
    }
  }

  async function confirm({ code: token }: z.output<typeof confirmFormSchema>) {
    setBusy(true);
    try {
      const { user } = await apiRequest('/auth/v1/verify', z.object({ user: userSchema }), {
        method: 'POST',
        body: { type: 'signup', email, token },
      });
      client.setUser(user satisfies AuthUser);
      onDone();
    } catch (caught) {
      form.setError('root', { type: 'server', message: errorText(caught) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mb-3 flex flex-col gap-3 rounded-[var(--radius-card)] bg-surface-sunken p-4">
      <p className="text-sm text-text-muted" role="status">
        {sentAgain
          ? `We sent a new code to ${email}.`
          : `Enter the 6-digit code we sent to ${email} when you signed up.`}
      </p>
      {/* The browser checks the code (required, digits) here, and the button waits for six characters. */}
      <Form form={form} onSubmit={confirm} noValidate={false} className="flex flex-col gap-3">
        <CodeField label="Code from the email" {...form.register('code')} required />
        <FormError error={fieldError(form, 'root')} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy || code.trim().length !== 6}>
            {busy ? 'Confirming…' : 'Confirm email'}
          </Button>
          <Button variant="ghost" onClick={() => void send()} disabled={busy}>
            Send a new code
          </Button>
        </div>
      </Form>
    </div>
  );
}
