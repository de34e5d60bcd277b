import { TriangleAlert } from 'lucide-react';
import { Button } from './button';

/** SPEC §2 overlay: the "Something went wrong" screen with Try Again and Refresh Page. */
export function ErrorScreen({ onTryAgain, onRefresh }: { onTryAgain: () => void; onRefresh: () => void }) {
  return (
    <main className="flex min-h-[70dvh] items-center justify-center px-4 py-12">
      <div
        role="alert"
        className="w-full max-w-md rounded-[var(--radius-card)] border border-border bg-surface p-8 text-center shadow-soft"
      >
        <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-accent" />
        <h1 className="mt-4 text-2xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-text-muted">
          This page ran into a problem. Try again, or refresh the page if it keeps happening. Nothing you
          saved was lost.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button onClick={onTryAgain}>Try Again</Button>
          <Button variant="secondary" onClick={onRefresh}>
            Refresh Page
          </Button>
        </div>
      </div>
    </main>
  );
}
