import { SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { MESSAGE_MAX, MESSAGE_TEXTS, messageTextSchema } from '#contracts/messages';
import {
  AttachButtons,
  AttachmentNotice,
  useAttachmentPicker,
  VoiceRecordingBar,
} from '#web/components/attachment-controls';
import { Button } from '#web/components/button';
import { inputClasses } from '#web/components/field';
import type { PickedFile } from '#web/lib/attachments';
import type { RecordedVoice } from '#web/lib/use-voice-recorder';

/**
 * The message box under a conversation: a labelled textarea with SPEC §5's counter ('n/500
 * characters'), Enter sends and Shift+Enter adds a line. Send is off while the previous message is
 * still on its way (SPEC §5), and while the text is empty or over the limit. A one-field form, checked
 * with the contract's `messageTextSchema` (decision 010 keeps such small boxes plain). With `onFiles`,
 * the session chat's attachment controls too: pictures and files, and voice notes where the browser can
 * record (web/components/attachment-controls.tsx).
 */
export function MessageComposer({
  recipientName,
  sending,
  onSend,
  typingName = null,
  onTyping,
  onFiles,
  onVoice,
}: {
  recipientName: string;
  /** A message of this conversation is still on its way. */
  sending: boolean;
  onSend: (content: string) => void;
  /** Shown as "<name> is typing…" under the box (the other party typing now). */
  typingName?: string | null;
  /** The person typed something (told to the other party, throttled by the caller). */
  onTyping?: () => void;
  /** Picked pictures and files, each sent as a message of its own (absent: no attachments). */
  onFiles?: (files: PickedFile[]) => void;
  /** A recorded voice note, sent as a message. */
  onVoice?: (voice: RecordedVoice) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const over = text.length > MESSAGE_MAX;
  const empty = text.trim() === '';
  const problem = over ? MESSAGE_TEXTS.tooLong : error;
  const picker = useAttachmentPicker({ onFiles: onFiles ?? noFiles, onVoice: onVoice ?? noVoice });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || empty || over) return;
    const parsed = messageTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGE_TEXTS.empty);
      return;
    }
    setError(null);
    onSend(parsed.data);
    setText('');
  };

  return (
    <form noValidate onSubmit={submit} className="border-t border-border bg-surface px-3 pt-2 pb-3 sm:px-4">
      <label htmlFor={id} className="text-sm font-medium text-text">
        {`Message to ${recipientName}`}
      </label>
      <AttachmentNotice picker={picker} />
      {picker.recording ? (
        <div className="mt-1.5">
          <VoiceRecordingBar picker={picker} />
        </div>
      ) : (
        <div className="mt-1.5 flex items-end gap-1.5 sm:gap-2">
          {onFiles ? <AttachButtons picker={picker} /> : null}
          <textarea
            id={id}
            value={text}
            rows={2}
            placeholder="Write a message…"
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-count ${id}-note`}
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(null);
              if (event.target.value.trim()) onTyping?.();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
            className={`${inputClasses} max-h-40 min-w-0 flex-1 resize-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring [field-sizing:content]`}
          />
          <Button
            type="submit"
            aria-label="Send"
            title="Send"
            disabled={sending || empty || over}
            className="size-11 shrink-0 px-0"
          >
            <SendHorizontal aria-hidden="true" className="size-5" />
          </Button>
        </div>
      )}
      <div className="mt-1 flex items-start justify-between gap-3 text-xs text-text-muted">
        {/* Always there, so the refusal is read out when it appears. */}
        <p id={`${id}-note`} aria-live="polite" className={problem ? 'font-medium text-danger' : undefined}>
          {problem ??
            (typingName ? (
              <span className="font-medium text-text" data-testid="conversation-typing">
                {`${typingName} is typing…`}
              </span>
            ) : (
              <span className="sr-only sm:not-sr-only">Enter sends · Shift+Enter adds a line</span>
            ))}
        </p>
        <p
          id={`${id}-count`}
          className={`ml-auto shrink-0 tabular-nums ${over ? 'font-medium text-danger' : ''}`}
        >
          {`${text.length}/${MESSAGE_MAX} characters`}
        </p>
      </div>
    </form>
  );
}

const noFiles = () => {};
const noVoice = () => {};
