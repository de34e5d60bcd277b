import { useNavigationPending } from '#web/lib/router';
import { useTrueAfter } from '#web/lib/use-true-after';

/** Shown only when a navigation takes longer than this (a quick one does not flash a bar). */
export const NAVIGATION_PROGRESS_DELAY_MS = 150;

/**
 * A thin bar along the top while the router loads the next screen (each screen's code is loaded on
 * first visit): a click that takes a moment on a slow phone shows that something is happening.
 */
export function NavigationProgress() {
  const shown = useTrueAfter(useNavigationPending(), NAVIGATION_PROGRESS_DELAY_MS);
  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      className="pointer-events-none fixed inset-x-0 top-0 z-[9999] h-1 overflow-hidden bg-primary-soft"
    >
      <div className="h-full w-1/3 bg-primary motion-safe:animate-pulse" />
    </div>
  );
}
