import type { CoachPage } from '#contracts/coach-pages';

/** The coach's status pill (the same shape online, busy or offline) and, beside it, a short note. */
function StatusLine({
  tone,
  dot,
  label,
  note,
}: {
  tone: string;
  dot: string;
  label: string;
  note?: string | null;
}) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="coach-status">
      <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 font-semibold ${tone}`}>
        <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
        {label}
      </span>
      {note ? <span className="text-text-muted">{note}</span> : null}
    </p>
  );
}

export function OnlineBadge({ online }: { online: NonNullable<CoachPage['online']> }) {
  if (online.is_busy)
    return (
      <StatusLine
        tone="bg-warning-soft text-warning"
        dot="bg-warning"
        label="In a session"
        note="With a client right now. You can still book a time."
      />
    );
  return online.is_online ? (
    <StatusLine
      tone="bg-success/10 text-success"
      dot="bg-success"
      label="Online"
      note={online.availability_message}
    />
  ) : (
    <StatusLine tone="bg-surface-sunken text-text-muted" dot="bg-text-muted/60" label="Offline" />
  );
}
