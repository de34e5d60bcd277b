import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/**
 * An on/off setting (DESIGN.md Switch): a real checkbox with role="switch", so it is reachable and
 * toggled by keyboard (Space) and announced as on/off; the label and the hint are tied to it.
 */
export function Switch({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-text">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-text-muted">
            {hint}
          </p>
        ) : null}
      </div>
      <SwitchControl
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="min-h-11 shrink-0"
      />
    </div>
  );
}

/**
 * The switch itself, for a row laid out by its user: a real checkbox with role="switch" (named by the
 * caller) over its track and thumb. `className` places the wrapper.
 */
export function SwitchControl({
  className = '',
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <span className={`relative inline-flex items-center ${className}`.trim()}>
      <input
        type="checkbox"
        role="switch"
        {...input}
        className="peer absolute inset-0 z-10 m-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
      />
      <span
        aria-hidden="true"
        className="flex h-7 w-12 items-center rounded-full border border-border bg-surface-sunken p-0.5 transition-colors peer-checked:border-primary peer-checked:bg-primary peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:opacity-60 peer-checked:[&>span]:translate-x-5 peer-checked:[&>span]:bg-primary-foreground"
      >
        <span className="size-6 rounded-full bg-text-muted shadow-soft transition-transform" />
      </span>
    </span>
  );
}
