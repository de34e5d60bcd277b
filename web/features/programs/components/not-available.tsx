import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { FormError } from '#web/components/form-error';
import { Button } from '#web/components/button';
import { ApiError } from '#web/lib/api-client';

/** The error state of the program screens: not found (or not public) gets a way on; others a retry. */
export function ProgramError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403))
    return (
      <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
        <SearchX aria-hidden="true" className="size-10 text-text-muted" />
        <h1 className="mt-4 text-2xl font-semibold">
          {error.status === 404 ? 'This program is not available' : 'Join the program first'}
        </h1>
        <p className="mt-2 text-text-muted">{error.message}</p>
        <Link to="/discover" className={buttonClasses('primary', 'mt-6')}>
          Find coaches and programs
        </Link>
      </div>
    );
  return (
    <div className="mx-auto flex max-w-md flex-col items-start gap-3 py-16">
      <h1 className="text-2xl font-semibold">We could not load this program</h1>
      <FormError error={error} />
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
