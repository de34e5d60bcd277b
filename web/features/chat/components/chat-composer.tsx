import { SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX } from '#contracts/chat';
import {
  AttachButtons,
  AttachmentNotice,
  useAttachmentPicker,
  VoiceRecordingBar,
} from '#web/components/attachment-controls';
import { Button } from '#web/components/button';
import type { PickedFile } from '#web/lib/attachments';
import type { RecordedVoice } from '#web/lib/use-voice-recorder';

/** The counter shows from this many characters on. */
const COUNTER_FROM = CHAT_MESSAGE_MAX - 400;

/**
 * The message box: text (Enter sends, Shift+Enter adds a line) and the attachments' controls
 * (web/components/attachment-controls.tsx): pictures and files, and voice notes where the browser can
 * record them.
 */
export function Composer({
  otherName,
  typingName,
  onSend,
  onFiles,
  onVoice,
  onTyping,
}: {
  otherName: string;
  /** Shown as "<name> is typing…" (polite live region). */
  typingName: string | null;
  onSend: (content: string) => void;
  onFiles: (files: PickedFile[]) => void;
  onVoice: (voice: RecordedVoice) => void;
  onTyping: () => void;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const trimmed = text.trim();
  const showCounter = text.length >= COUNTER_FROM;
  const picker = useAttachmentPicker({ onFiles, onVoice });
  const { recording } = picker;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || trimmed.length > CHAT_MESSAGE_MAX) return;
    onSend(trimmed);
    setText('');
  };

  return (
    <form onSubmit={submit} className="border-t border-border p-3 sm:px-5">
      <AttachmentNotice picker={picker} />

      {recording ? (
        <VoiceRecordingBar picker={picker} />
      ) : (
        <>
          <label htmlFor={id} className="sr-only">
            Message to {otherName}
          </label>
          <div className="flex items-end gap-1.5 sm:gap-2">
            <AttachButtons picker={picker} />
            <textarea
              id={id}
              value={text}
              rows={1}
              maxLength={CHAT_MESSAGE_MAX}
              placeholder="Write a message…"
              aria-describedby={showCounter ? `${id}-count` : `${id}-hint`}
              onChange={(event) => {
                setText(event.target.value);
                if (event.target.value.trim()) onTyping();
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  submit();
                }
              }}
              className="max-h-40 min-h-11 min-w-0 flex-1 resize-none rounded-[var(--radius-control)] border border-border bg-surface px-3 py-2.5 text-base text-text placeholder:text-text-muted focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-ring sm:text-sm [field-sizing:content]"
            />
            <Button type="submit" aria-label="Send" disabled={!trimmed} className="size-11 shrink-0 px-0">
              <SendHorizontal aria-hidden="true" className="size-5" />
            </Button>
          </div>
        </>
      )}
      <div className="mt-1 flex min-h-4 justify-between gap-3 px-1 text-xs text-text-muted">
        {/* Always present, so screen readers announce what appears in it. */}
        <p
          aria-live="polite"
          data-testid="chat-typing"
          className={typingName ? 'min-w-0 truncate' : 'sr-only'}
        >
          {typingName ? <span className="font-medium text-text">{typingName} is typing…</span> : null}
        </p>
        <span id={`${id}-hint`} className={typingName || recording ? 'hidden' : 'hidden sm:inline'}>
          Enter sends · Shift+Enter adds a line
        </span>
        {showCounter ? (
          <span
            id={`${id}-count`}
            className={`ml-auto shrink-0 tabular-nums ${text.length >= CHAT_MESSAGE_MAX ? 'font-medium text-danger' : ''}`}
          >
            {text.length}/{CHAT_MESSAGE_MAX} characters
          </span>
        ) : null}
      </div>
    </form>
  );
}
