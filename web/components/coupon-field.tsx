import { Ticket, X } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';
import { TextField } from './text-field';

/**
 * "Coupon code (optional)" with Apply (checked through the screen's quote) or, once applied, Remove.
 * `input` is the field's own props (react-hook-form's register and an Enter handler that applies).
 */
export function CouponField({
  input,
  error,
  applied,
  applying,
  canApply,
  onApply,
  onRemove,
}: {
  input: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { name: string };
  error: string | null | undefined;
  applied: boolean;
  applying: boolean;
  canApply: boolean;
  onApply: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <TextField
          label="Coupon code (optional)"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...input}
          error={error}
        />
      </div>
      {applied ? (
        <Button variant="secondary" className="mt-[1.625rem]" onClick={onRemove}>
          <X aria-hidden="true" className="size-4" />
          Remove
        </Button>
      ) : (
        <Button
          variant="secondary"
          className="mt-[1.625rem]"
          onClick={onApply}
          disabled={applying || !canApply}
        >
          {applying ? (
            <Spinner className="size-4 border-2" />
          ) : (
            <Ticket aria-hidden="true" className="size-4" />
          )}
          Apply
        </Button>
      )}
    </div>
  );
}
