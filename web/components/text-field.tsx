import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field, inputClasses } from './field';

/** The input look, defined with the Field frame; re-exported here where most screens import it from. */
export { inputClasses } from './field';

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
  return (
    <Field label={label} hint={hint} error={error} describedBy={extraDescribedBy}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            className={`${inputClasses} ${end ? 'pr-12' : ''} ${className}`}
            {...inputProps}
          />
          {end ? <div className="absolute inset-y-0 right-0 flex items-center pr-1">{end}</div> : null}
        </div>
      )}
    </Field>
  );
}
