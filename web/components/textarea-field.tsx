import { useId, type TextareaHTMLAttributes } from 'react';
import { FieldError, inputClasses } from './field';

/** A labelled textarea with an optional hint, error and 'n/max characters' counter (DESIGN.md). */
export function TextareaField({
  label,
  hint,
  error,
  maxLength,
  value,
  className = '',
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value'> & {
  label: string;
  hint?: string;
  error?: string | null;
  value: string;
}) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, maxLength ? `${id}-count` : null, error ? `${id}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-text">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClasses} min-h-24 resize-y ${className}`}
        {...props}
      />
      <div className="flex items-start justify-between gap-3">
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-text-muted">
            {hint}
          </p>
        ) : (
          <span />
        )}
        {maxLength ? (
          <p id={`${id}-count`} className="shrink-0 text-xs text-text-muted tabular-nums">
            {value.length}/{maxLength} characters
          </p>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
