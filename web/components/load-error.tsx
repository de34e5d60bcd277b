import { RotateCcw } from 'lucide-react';
import { Button } from './button';
import { errorText } from './form-error';

/**
 * A screen or section whose data did not load: what failed, why (the server's words, or what to do
 * about a lost connection) and Try again. `as="h1"` when it stands in for a whole page.
 */
export function LoadError({
  title,
  error,
  onRetry,
  as: Heading = 'h2',
}: {
  title: string;
  error: unknown;
  /** Omitted when trying again cannot help (the answer was a refusal). */
  onRetry?: () => void;
  as?: 'h1' | 'h2';
}) {
  return (
    <div role="alert" className="rounded-[var(--radius-card)] border border-danger/30 bg-surface p-6">
      <Heading className="text-lg font-semibold">{title}</Heading>
      <p className="mt-1 text-sm text-text-muted">{errorText(error)}</p>
      {onRetry ? (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      ) : null}
    </div>
  );
}
