import { CircleAlert } from 'lucide-react';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';

/*
 * Form building blocks of the settings screens. The sign-in screen has the same ones; a feature may
 * not import another, so they are kept small here (candidates for web/components).
 */

export const inputClasses =
  'block min-h-11 w-full rounded-[var(--radius-control)] border border-border bg-surface px-3 py-2 text-base text-text placeholder:text-text-muted/70 aria-[invalid=true]:border-danger disabled:opacity-60';

export function TextField({
  label,
  hint,
  error,
  className = '',
  'aria-describedby': extraDescribedBy,
  ...inputProps
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string | null;
}) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null, extraDescribedBy].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-text">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClasses} ${className}`}
        {...inputProps}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CodeField(props: Omit<Parameters<typeof TextField>[0], 'type'>) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      pattern="[0-9]*"
      className="max-w-48 tracking-[0.3em] tabular-nums"
      {...props}
    />
  );
}

function retryText(seconds: number | undefined) {
  if (seconds === undefined) return null;
  if (seconds <= 1) return 'You can try again now.';
  if (seconds < 60) return `You can try again in ${seconds} seconds.`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `You can try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`;
  const hours = Math.ceil(minutes / 60);
  return `You can try again in ${hours === 1 ? '1 hour' : `${hours} hours`}.`;
}

export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const retry = error.status === 429 ? retryText(error.retryAfterSeconds) : null;
    return retry ? `${error.message} ${retry}` : error.message;
  }
  if (typeof error === 'string') return error;
  return 'An unexpected error occurred. Please try again.';
}

export function FormError({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-[var(--radius-control)] border border-danger/30 bg-danger/5 px-3 py-2.5 text-sm text-danger"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{errorText(error)}</p>
    </div>
  );
}

export function SettingsCard({
  title,
  description,
  children,
  headingId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  headingId: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-text-muted">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
