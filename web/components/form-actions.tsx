import type { ReactNode } from 'react';
import { Button } from './button';
import { serverFieldErrors } from './form';
import { FormError } from './form-error';

/** A failed save's error when none of it belongs to a field (those show at their fields), else null. */
export function formLevelError(error: unknown, fieldOfPath?: Parameters<typeof serverFieldErrors>[1]) {
  return error && Object.keys(serverFieldErrors(error, fieldOfPath)).length === 0 ? error : null;
}

/**
 * The end of a dialog's form: Cancel, and the submit button that reads `pendingLabel` and is disabled
 * while the request runs. Stacked with the submit on top on phones, side by side at the right from sm.
 * `error`: what failed for the whole form, shown above the buttons; `disabled`: the submit cannot run yet.
 */
export function FormActions({
  submitLabel,
  pending,
  pendingLabel = 'Saving…',
  onCancel,
  className = 'mt-2',
  error = null,
  disabled = false,
}: {
  submitLabel: string;
  pending: boolean;
  pendingLabel?: ReactNode;
  onCancel: () => void;
  className?: string;
  error?: unknown;
  disabled?: boolean;
}) {
  return (
    <>
      <FormError error={error} />
      <div className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${className}`.trim()}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </>
  );
}
