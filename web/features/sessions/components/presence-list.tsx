import type { ChatSession } from '#contracts/sessions';

/** Who is in the room now (chat_sessions presence, kept by the server from open tabs). */
export function PresenceList({
  session,
  isCoach,
  isGuest = false,
}: {
  session: ChatSession;
  isCoach: boolean;
  isGuest?: boolean;
}) {
  const people = [
    { key: 'coach', name: isCoach ? 'You' : session.coach_name, here: session.coach_present },
    { key: 'client', name: isCoach || isGuest ? session.client_name : 'You', here: session.client_present },
  ];
  return (
    <ul aria-label="Who is in the room" className="mt-4 flex flex-wrap gap-2" data-testid="session-presence">
      {people.map((person) => (
        <li
          key={person.key}
          className="inline-flex items-center gap-1.5 rounded-full bg-surface-sunken px-3 py-1 text-sm"
        >
          <span
            aria-hidden="true"
            className={`size-2 rounded-full ${person.here ? 'bg-success' : 'bg-text-muted/50'}`}
          />
          {person.name} {person.here ? 'in the room' : 'not here yet'}
        </li>
      ))}
    </ul>
  );
}
