import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { z } from 'zod';
import type { AuthSession } from '#contracts/auth';
import { Button } from '#web/components/button';
import { fieldError, Form, useZodForm } from '#web/components/form';
import { useAuth, useAuthClient } from '#web/lib/auth/use-auth';
import { challengeFactor } from '../api/challenge-factor';
import { CodeField } from '#web/components/code-field';
import { errorText, FormError } from '#web/components/form-error';
import { sixDigitCodeSchema } from '#web/lib/code-form';

/** The field is named totp, as the input always was (password managers know it). */
const totpFormSchema = z.object({ totp: sixDigitCodeSchema });

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
  const form = useZodForm(totpFormSchema, { defaultValues: { totp: '' } });
  const [isSubmitting, setIsSubmitting] = useState(false);
  const factor = user?.factors.find((candidate) => candidate.status === 'verified');
  const headingId = useId();
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1] ?? 'h2';

  async function submit({ totp: code }: z.output<typeof totpFormSchema>) {
    if (!factor) return;
    setIsSubmitting(true);
    try {
      const challenge = await challengeFactor(factor.id);
      const session = await client.completeSignIn(
        `/auth/v1/factors/${encodeURIComponent(factor.id)}/verify`,
        { challenge_id: challenge.id, code },
        'SIGNED_IN',
      );
      onVerified?.(session);
    } catch (caught) {
      form.setValue('totp', '');
      form.setError('root', { type: 'server', message: errorText(caught) });
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
        <Form form={form} onSubmit={submit} className="flex flex-col gap-5">
          <CodeField
            label="Authenticator code"
            {...form.register('totp')}
            error={fieldError(form, 'totp')}
            autoFocus
          />
          <FormError error={fieldError(form, 'root')} />
          <Button type="submit" busy={isSubmitting} className="w-full">
            Verify
          </Button>
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel} className="w-full">
              {cancelLabel}
            </Button>
          ) : null}
        </Form>
      ) : (
        <p role="alert" className="text-text-muted">
          This account has no authenticator app set up, so there is no code to enter.
        </p>
      )}
    </section>
  );
}
