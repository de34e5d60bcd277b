import { CircleCheck } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { updateUserBodySchema, type AuthUser } from '#contracts/auth';
import { Button } from '#web/components/button';
import { fieldError, Form, useZodForm } from '#web/components/form';
import { ApiError } from '#web/lib/api-client';
import { useAuthClient } from '#web/lib/auth/use-auth';
import { useWeakPasswordReasons } from '#web/lib/use-weak-password-reasons';
import { confirmAddressChange, reauthenticate, updateUser, type UserChanges } from '../api/update-user';
import { FormError } from '#web/components/form-error';
import { TextField } from '#web/components/text-field';
import { codeFormSchema } from '#web/lib/code-form';
import type { PasswordHintRenderer, StepUpRenderer } from './render-props';
import { CodeConfirmForm } from './code-confirm-form';

export type ChangeKind = 'email' | 'phone' | 'password';

type Phase =
  | { kind: 'edit' }
  | { kind: 'reauth'; changes: UserChanges }
  | { kind: 'step-up'; changes: UserChanges }
  | { kind: 'confirm-new'; address: { email: string } | { phone: string } }
  | { kind: 'done'; message: string };

const emailSchema = updateUserBodySchema.shape.email.unwrap();
const phoneSchema = updateUserBodySchema.shape.phone.unwrap();

/** The edit step: only the kind's field (named as the body's) is on screen; the change it asks for. */
function changeFormSchema(kind: ChangeKind) {
  return z
    .object({ email: z.string(), phone: z.string(), password: z.string(), sign_out_others: z.boolean() })
    .transform((values, context): UserChanges => {
      if (kind === 'password') {
        if (values.password !== '')
          return { password: values.password, sign_out_others: values.sign_out_others };
        context.addIssue({ code: 'custom', path: ['password'], message: 'Enter a new password.' });
        return z.NEVER;
      }
      const parsed = (kind === 'email' ? emailSchema : phoneSchema).safeParse(values[kind]);
      if (parsed.success) return kind === 'email' ? { email: parsed.data } : { phone: parsed.data };
      context.addIssue({
        code: 'custom',
        path: [kind],
        message: parsed.error.issues[0]?.message ?? 'Please check this value.',
      });
      return z.NEVER;
    });
}

const CHANGE_FORM_SCHEMAS = {
  email: changeFormSchema('email'),
  phone: changeFormSchema('phone'),
  password: changeFormSchema('password'),
};

const TITLES: Record<ChangeKind, string> = {
  email: 'Change email address',
  phone: 'Change phone number',
  password: 'Change password',
};

/**
 * One protected change (email, phone or password) from start to finish:
 * PUT /auth/v1/user → if the server wants a fresh confirmation (REAUTHENTICATION_NEEDED), a code is
 * sent (GET /reauthenticate) and the change is retried with it as `nonce`; if it wants the
 * authenticator (INSUFFICIENT_AAL), that step comes first. A new email or phone then proves itself
 * with the code sent to it (POST /verify email_change / phone_change).
 */
export function ChangeFlow({
  kind,
  user,
  onClose,
  renderStepUp,
  renderPasswordHint,
}: {
  kind: ChangeKind;
  user: AuthUser;
  onClose: () => void;
  renderStepUp: StepUpRenderer;
  renderPasswordHint?: PasswordHintRenderer;
}) {
  const client = useAuthClient();
  const hintId = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'edit' });
  const form = useZodForm(CHANGE_FORM_SCHEMAS[kind], {
    defaultValues: { email: '', phone: '', password: '', sign_out_others: true },
  });
  const password = form.watch('password');
  // One code form for both code steps (never on screen together); emptied when the step changes.
  const codeForm = useZodForm(codeFormSchema, { defaultValues: { code: '' } });
  // The flow's error, whichever step is on screen (as before: cleared by the next attempt).
  const [error, setError] = useState<unknown>(null);
  const weakPassword = useWeakPasswordReasons();
  const [isBusy, setIsBusy] = useState(false);
  const confirmTo = user.email ?? user.phone ?? 'your email';

  async function apply(changes: UserChanges, nonce?: string) {
    setError(null);
    setIsBusy(true);
    try {
      const updated = await updateUser(nonce ? { ...changes, nonce } : changes);
      codeForm.reset();
      if (changes.email !== undefined && changes.email !== user.email) {
        setPhase({ kind: 'confirm-new', address: { email: changes.email } });
      } else if (changes.phone !== undefined && changes.phone !== user.phone) {
        setPhase({ kind: 'confirm-new', address: { phone: changes.phone } });
      } else {
        client.setUser(updated);
        setPhase({
          kind: 'done',
          message:
            kind === 'password'
              ? changes.sign_out_others
                ? 'Your password is changed, and your other sessions are signed out.'
                : 'Your password is changed.'
              : 'Nothing changed: that is already your address.',
        });
      }
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'REAUTHENTICATION_NEEDED') {
        try {
          await reauthenticate();
          codeForm.reset();
          setPhase({ kind: 'reauth', changes });
        } catch (sendError) {
          setError(sendError);
        }
      } else if (caught instanceof ApiError && caught.code === 'INSUFFICIENT_AAL') {
        setPhase({ kind: 'step-up', changes });
      } else if (changes.password && weakPassword.keep(caught, changes.password)) {
        form.setError('password', { type: 'server', message: caught.message });
        setPhase({ kind: 'edit' });
      } else {
        setError(caught);
      }
    } finally {
      setIsBusy(false);
    }
  }

  async function confirmNew(address: { email: string } | { phone: string }, token: string) {
    setError(null);
    setIsBusy(true);
    try {
      const { user: updated } = await confirmAddressChange(
        'email' in address ? 'email_change' : 'phone_change',
        token,
        address,
      );
      client.setUser(updated);
      setPhase({
        kind: 'done',
        message:
          'email' in address
            ? `Your email address is now ${address.email}.`
            : `Your phone number is now ${address.phone}.`,
      });
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  const frame = (content: ReactNode) => (
    <div className="mt-4 rounded-[var(--radius-card)] border border-border bg-background/60 p-4 sm:p-5">
      <h3 className="font-semibold">{TITLES[kind]}</h3>
      <div className="mt-4">{content}</div>
    </div>
  );

  if (phase.kind === 'step-up') {
    return frame(
      renderStepUp({
        onVerified: () => void apply(phase.changes),
        onCancel: () => setPhase({ kind: 'edit' }),
      }),
    );
  }

  if (phase.kind === 'reauth') {
    return frame(
      <CodeConfirmForm
        form={codeForm}
        onSubmit={({ code }) => void apply(phase.changes, code)}
        intro={
          <p className="text-sm text-text-muted" role="status">
            To confirm it is you, enter the 6-digit code we just sent to{' '}
            <span className="font-medium wrap-anywhere text-text">{confirmTo}</span>.
          </p>
        }
        label="Confirmation code"
        error={error}
        busy={isBusy}
        autoFocus
        otherActions={
          <Button
            variant="secondary"
            disabled={isBusy}
            onClick={() => {
              setError(null);
              reauthenticate().catch(setError);
            }}
          >
            Send a new code
          </Button>
        }
        onCancel={onClose}
      />,
    );
  }

  if (phase.kind === 'confirm-new') {
    const newAddress = 'email' in phase.address ? phase.address.email : phase.address.phone;
    return frame(
      <CodeConfirmForm
        form={codeForm}
        onSubmit={({ code }) => void confirmNew(phase.address, code)}
        intro={
          <p className="text-sm text-text-muted" role="status">
            We sent a 6-digit code to{' '}
            <span className="font-medium wrap-anywhere text-text">{newAddress}</span>. Enter it to finish the
            change.
          </p>
        }
        label="Code sent to the new address"
        error={error}
        busy={isBusy}
        autoFocus
        onCancel={onClose}
      />,
    );
  }

  if (phase.kind === 'done') {
    return frame(
      <div className="flex flex-col items-start gap-4">
        <p role="status" className="flex items-start gap-2 text-sm text-success">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {phase.message}
        </p>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>,
    );
  }

  return frame(
    <Form
      form={form}
      onSubmit={(changes) => void apply(changes)}
      // Each attempt starts without the last one's error, even one that stops at a field.
      onSubmitCapture={() => setError(null)}
      className="flex flex-col gap-4"
    >
      {kind === 'password' ? (
        <div className="flex flex-col gap-2">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
            error={fieldError(form, 'password')}
            aria-describedby={renderPasswordHint ? hintId : undefined}
            autoFocus
          />
          {renderPasswordHint?.({
            id: hintId,
            password,
            userInputs: [user.email, user.phone].filter((input): input is string => Boolean(input)),
            serverMessages: weakPassword.reasonsFor(password),
          })}
          <label className="mt-2 flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              {...form.register('sign_out_others')}
              className="size-5 accent-[var(--primary)]"
            />
            Sign out my other sessions
          </label>
        </div>
      ) : (
        <TextField
          label={kind === 'email' ? 'New email address' : 'New phone number'}
          type={kind === 'email' ? 'email' : 'tel'}
          autoComplete={kind === 'email' ? 'email' : 'tel'}
          {...form.register(kind)}
          hint={
            kind === 'phone'
              ? 'Start with + and the country code, like +14155550123. We will text it a code.'
              : 'We will send a code to the new address to confirm it.'
          }
          error={fieldError(form, kind)}
          autoFocus
        />
      )}
      <FormError error={error} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" busy={isBusy}>
          {kind === 'password' ? 'Save new password' : 'Continue'}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Form>,
  );
}
