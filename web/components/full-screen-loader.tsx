import { Spinner } from './spinner';

/** SPEC §2: the full-screen spinner with the text Loading... while auth, role or admin status loads. */
export function FullScreenLoader() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background"
    >
      <Spinner className="size-10" />
      <p className="text-text-muted">Loading...</p>
    </div>
  );
}
