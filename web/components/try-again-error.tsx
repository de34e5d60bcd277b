import { Button } from './button';
import { FormError } from './form-error';

/** Data that did not load, inside a section: what failed (the server's words) with Try Again under it. */
export function TryAgainError({
  error,
  onRetry,
  className = '',
}: {
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={`flex flex-col items-start gap-3 ${className}`.trim()}>
      <FormError error={error} />
      <Button variant="secondary" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
