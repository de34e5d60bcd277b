/** Live or finished, in words and colour (never colour alone). */
export function SessionStatusBadge({ over }: { over: boolean }) {
  return over ? (
    <span className="inline-flex shrink-0 items-center rounded-full bg-surface-sunken px-2.5 py-0.5 text-xs font-semibold text-text-muted">
      Completed
    </span>
  ) : (
    <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-success/10 px-2.5 py-0.5 text-xs font-semibold text-success">
      <span aria-hidden="true" className="size-2 rounded-full bg-success motion-safe:animate-pulse" />
      Active
    </span>
  );
}
