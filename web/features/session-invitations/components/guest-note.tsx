import { UsersRound } from 'lucide-react';

/**
 * What a guest (guest link) sees above the chat of a live session: that they take part
 * in the chat, and, for an audio or video session, that the call is between the coach and the client.
 */
export function GuestNote({
  coachName,
  clientName,
  withCall,
}: {
  coachName: string;
  clientName: string;
  withCall: boolean;
}) {
  return (
    <section
      aria-label="You are a guest"
      className="flex gap-3 rounded-[var(--radius-card)] border border-border bg-surface p-4 shadow-soft sm:p-5"
      data-testid="guest-note"
    >
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
        <UsersRound aria-hidden="true" className="size-5" />
      </span>
      <div className="text-sm">
        <p className="font-semibold text-text">You are here as a guest</p>
        <p className="mt-0.5 text-text-muted">
          {withCall
            ? `The call is between ${coachName} and ${clientName}; you take part in the chat below.`
            : `You take part in the chat with ${coachName} and ${clientName}.`}
        </p>
      </div>
    </section>
  );
}
