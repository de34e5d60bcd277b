import { Button } from './button';

/**
 * The end of a dialog's form: Cancel, and the submit button that reads `pendingLabel` and is disabled
 * while the request runs. Stacked with the submit on top on phones, side by side at the right from sm.
 */
export function FormActions({
  submitLabel,
  pending,
  pendingLabel = 'Saving…',
  onCancel,
  className = 'mt-2',
}: {
  submitLabel: string;
  pending: boolean;
  pendingLabel?: string;
  onCancel: () => void;
  className?: string;
}) {
  return (
    <div className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${className}`.trim()}>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
