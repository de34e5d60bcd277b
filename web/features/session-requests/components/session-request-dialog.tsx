import { REQUEST_ALERT_MS } from '#contracts/sessions';
import { Dialog } from '#web/components/dialog';
import type { RequestMode } from '../lib/request-form';
import { SessionRequestForm, type RequestCoach } from './session-request-form';

/**
 * The open "Start a session" / "Book a time" dialog of a coach's page (SessionRequestPanel): its own
 * module, loaded when a client opens it.
 */
export function SessionRequestDialog({
  coach,
  mode,
  userId,
  onClose,
}: {
  coach: RequestCoach;
  mode: RequestMode;
  userId: string;
  onClose: () => void;
}) {
  const name = coach.name;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={mode === 'time' ? `Book a time with ${name}` : `Start a session with ${name}`}
      description={
        mode === 'time'
          ? `Choose a time in UTC. ${name} accepts or declines it; nothing is charged unless the session happens.`
          : `${name} gets your request at once and has ${REQUEST_ALERT_MS / 60_000} minutes to answer. Nothing is charged unless the session happens.`
      }
    >
      <SessionRequestForm key={mode} coach={coach} mode={mode} userId={userId} />
    </Dialog>
  );
}
