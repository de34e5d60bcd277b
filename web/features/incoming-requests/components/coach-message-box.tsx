import { useState, type FormEvent } from 'react';
import { COACH_MESSAGE_MAX, SESSION_MESSAGES } from '#contracts/sessions';
import { Button } from '#web/components/button';
import { errorText } from '#web/components/form-error';
import { TextareaField } from '#web/components/textarea-field';
import { sendCoachMessage } from '../api/incoming-requests';

/**
 * The coach's message to the client after a decline or a cancel (SPEC §5): required and not blank,
 * at most 500 characters with the 'n/500 characters' counter, Send disabled while sending.
 */
export function CoachMessageBox({
  requestId,
  clientName,
  onSent,
  onClose,
}: {
  requestId: string;
  clientName: string;
  onSent: () => void;
  onClose: () => void;
}) {
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstName = clientName.trim().split(/\s+/)[0] || 'the client';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const text = message.trim();
    if (!text) return setError(SESSION_MESSAGES.messageRequired);
    if (text.length > COACH_MESSAGE_MAX) return setError(SESSION_MESSAGES.messageTooLong);
    setError(null);
    setSending(true);
    try {
      await sendCoachMessage(requestId, text);
      onSent();
    } catch (failure) {
      setError(errorText(failure));
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
      <TextareaField
        label={`Message to ${firstName}`}
        value={message}
        maxLength={COACH_MESSAGE_MAX}
        rows={3}
        required
        error={error}
        placeholder="Say why, or suggest another time."
        onChange={(event) => {
          setMessage(event.target.value);
          if (error) setError(null);
        }}
      />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="ghost" onClick={onClose} disabled={sending}>
          Close
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? 'Sending…' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}
