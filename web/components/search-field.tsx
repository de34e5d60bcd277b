import { Search } from 'lucide-react';
import { useId } from 'react';
import { inputClasses } from './field';

/**
 * A search box (role search, its label for screen readers, a magnifier): the text as typed; the caller
 * decides when to ask (usually useDebounced from web/lib).
 */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  className = '',
}: {
  /** Read by screen readers (the placeholder is only an example). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  className?: string;
}) {
  const id = useId();
  return (
    <form role="search" className={className} onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-text-muted"
        />
        <input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClasses} pl-9`}
        />
      </div>
    </form>
  );
}
