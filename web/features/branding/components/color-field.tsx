import { useId } from 'react';
import { HEX_COLOR } from '#contracts/coach-pages';
import { FieldError, inputClasses } from '#web/components/field';

/** A colour: the browser's picker and the #rrggbb text side by side, both labelled. */
export function ColorField({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const valid = HEX_COLOR.test(value);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-text`} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label}: colour picker`}
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.target.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-[var(--radius-control)] border border-border bg-surface p-1"
        />
        <input
          id={`${id}-text`}
          value={value}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClasses} font-mono uppercase`}
        />
      </div>
      <p id={`${id}-hint`} className="text-sm text-text-muted">
        {hint}
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
