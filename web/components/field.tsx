import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

export const inputClasses =
  'block min-h-11 w-full rounded-[var(--radius-control)] border border-border bg-surface px-3 py-2 text-base text-text placeholder:text-text-muted/70 aria-[invalid=true]:border-danger disabled:opacity-60';

/** What a field's control needs to be tied to its label, hint and error. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * One form field's frame: the label, the control (rendered by `children` with the ids it needs),
 * an optional hint and the error, the last two read out with the control (aria-describedby).
 */
export function Field({
  label,
  hint,
  error,
  describedBy: extraDescribedBy,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** More ids the control is described by (a counter, an outside note). */
  describedBy?: string;
  children: (control: FieldControlProps) => ReactNode;
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
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's error line (also for controls that lay out their own label, like a chip group). */
export function FieldError({ id, error }: { id?: string; error?: string | null }) {
  return error ? (
    <p id={id} className="text-sm font-medium text-danger">
      {error}
    </p>
  ) : null;
}

/** A labelled native select with an optional hint and error. */
export function SelectField({
  label,
  hint,
  error,
  className = '',
  children,
  ...selectProps
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select {...selectProps} {...control} className={`${inputClasses} font-normal ${className}`}>
          {children}
        </select>
      )}
    </Field>
  );
}
