import { useId, type ReactNode } from 'react';
import { FieldError, type FieldControlProps } from '#web/components/field';

/**
 * A website text field (the headline, a custom section's title and text): the label, the control
 * (rendered by `children` with the ids it needs), an optional hint, the live 'n/max characters'
 * counter (red past the limit) and the error, all read out with the control.
 */
export function CountedField({
  label,
  hint,
  length,
  max,
  error,
  children,
}: {
  label: string;
  hint?: string;
  /** The counted length (of the trimmed text). */
  length: number;
  max: number;
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, `${id}-count`, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-text-muted">
          {hint}
        </p>
      ) : null}
      <p
        id={`${id}-count`}
        className={`text-xs tabular-nums ${length > max ? 'font-semibold text-danger' : 'text-text-muted'}`}
      >
        {`${length}/${max} characters`}
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
