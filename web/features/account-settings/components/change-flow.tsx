import { CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { updateUserBodySchema, type AuthUser } from '../../../../contracts/auth';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useAuthClient } from '../../../lib/auth/use-auth';
import { confirmAddressChange, reauthenticate, updateUser, type UserChanges } from '../api/update-user';
import { CodeField } from '../../../components/code-field';
import { FormError } from '../../../components/form-error';
import { TextField } from '../../../components/text-field';
import type { PasswordHintRenderer, StepUpRenderer } from './render-props';

export type ChangeKind = 'email' | 'phone' | 'password';

type Phase =
  | { kind: 'edit' }
  | { kind: 'reauth'; changes: UserChanges }
  | { kind: 'step-up'; changes: UserChanges }
  | { kind: 'confirm-new'; address: { email: string } | { phone: string } }
  | { kind: 'done'; message: string };

const emailSchema = updateUserBodySchema.shape.email.unwrap();
const phoneSchema = updateUserBodySchema.shape.phone.unwrap();
const SIX_DIGITS = /^\d{6}$/;

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
  const [value, setValue] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [weak, setWeak] = useState<{ password: string; messages: string[] } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const confirmTo = user.email ?? user.phone ?? 'your email';

  async function apply(changes: UserChanges, nonce?: string) {
    setError(null);
    setIsBusy(true);
    try {
      const updated = await updateUser(nonce ? { ...changes, nonce } : changes);
      setCode('');
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
          setCode('');
          setPhase({ kind: 'reauth', changes });
        } catch (sendError) {
          setError(sendError);
        }
      } else if (caught instanceof ApiError && caught.code === 'INSUFFICIENT_AAL') {
        setPhase({ kind: 'step-up', changes });
      } else if (caught instanceof ApiError && caught.code === 'WEAK_PASSWORD' && changes.password) {
        setWeak({ password: changes.password, messages: caught.details.map((detail) => detail.message) });
        setFieldError(caught.message);
        setPhase({ kind: 'edit' });
      } else {
        setError(caught);
      }
    } finally {
      setIsBusy(false);
    }
  }

  function submitEdit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (kind === 'password') {
      if (value === '') return setFieldError('Enter a new password.');
      setFieldError(null);
      return void apply({ password: value, sign_out_others: signOutOthers });
    }
    const parsed = (kind === 'email' ? emailSchema : phoneSchema).safeParse(value);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? 'Please check this value.');
    setFieldError(null);
    void apply(kind === 'email' ? { email: parsed.data } : { phone: parsed.data });
  }

  function submitCode(event: FormEvent<HTMLFormElement>, onCode: (code: string) => void) {
    event.preventDefault();
    const token = code.replace(/\s/g, '');
    if (!SIX_DIGITS.test(token)) return setFieldError('Enter the 6-digit code.');
    setFieldError(null);
    onCode(token);
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

  const busyIcon = isBusy ? <Spinner className="size-4 border-2" /> : null;
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
      <form
        noValidate
        onSubmit={(event) => submitCode(event, (token) => void apply(phase.changes, token))}
        className="flex flex-col gap-4"
      >
        <p className="text-sm text-text-muted" role="status">
          To confirm it is you, enter the 6-digit code we just sent to{' '}
          <span className="font-medium wrap-anywhere text-text">{confirmTo}</span>.
        </p>
        <CodeField
          label="Confirmation code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldError}
          autoFocus
        />
        <FormError error={error} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={isBusy}>
            {busyIcon}
            Confirm
          </Button>
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
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>,
    );
  }

  if (phase.kind === 'confirm-new') {
    const newAddress = 'email' in phase.address ? phase.address.email : phase.address.phone;
    return frame(
      <form
        noValidate
        onSubmit={(event) => submitCode(event, (token) => void confirmNew(phase.address, token))}
        className="flex flex-col gap-4"
      >
        <p className="text-sm text-text-muted" role="status">
          We sent a 6-digit code to <span className="font-medium wrap-anywhere text-text">{newAddress}</span>.
          Enter it to finish the change.
        </p>
        <CodeField
          label="Code sent to the new address"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldError}
          autoFocus
        />
        <FormError error={error} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={isBusy}>
            {busyIcon}
            Confirm
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>,
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
    <form noValidate onSubmit={submitEdit} className="flex flex-col gap-4">
      {kind === 'password' ? (
        <div className="flex flex-col gap-2">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={fieldError}
            aria-describedby={renderPasswordHint ? hintId : undefined}
            autoFocus
          />
          {renderPasswordHint?.({
            id: hintId,
            password: value,
            userInputs: [user.email, user.phone].filter((input): input is string => Boolean(input)),
            serverMessages: weak?.password === value ? weak.messages : [],
          })}
          <label className="mt-2 flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              checked={signOutOthers}
              onChange={(event) => setSignOutOthers(event.target.checked)}
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
          value={value}
          onChange={(event) => setValue(event.target.value)}
          hint={
            kind === 'phone'
              ? 'Start with + and the country code, like +14155550123. We will text it a code.'
              : 'We will send a code to the new address to confirm it.'
          }
          error={fieldError}
          autoFocus
        />
      )}
      <FormError error={error} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={isBusy}>
          {busyIcon}
          {kind === 'password' ? 'Save new password' : 'Continue'}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>,
  );
}
