import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export const inputClasses =
  'block min-h-11 w-full rounded-[var(--radius-control)] border border-border bg-surface px-3 py-2 text-base text-text placeholder:text-text-muted/70 aria-[invalid=true]:border-danger disabled:opacity-60';

/** A labelled input with an optional hint and error, both tied to it for screen readers. */
export function TextField({
  label,
  hint,
  error,
  end,
  className = '',
  'aria-describedby': extraDescribedBy,
  ...inputProps
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** Something inside the field's right edge (a show-password button). */
  end?: ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, extraDescribedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-text">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClasses} ${end ? 'pr-12' : ''} ${className}`}
          {...inputProps}
        />
        {end ? <div className="absolute inset-y-0 right-0 flex items-center pr-1">{end}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
