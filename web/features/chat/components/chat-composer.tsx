import { Mic, Paperclip, SendHorizontal, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_FILE_ACCEPT,
  CHAT_MESSAGE_MAX,
  CHAT_TOO_LARGE_MESSAGE,
  type ChatAttachmentKind,
} from '#contracts/chat';
import { Button } from '#web/components/button';
import { supportedVoiceType, useVoiceRecorder, type RecordedVoice } from '../hooks/use-voice-recorder';
import { formatDuration } from './chat-attachment';

/** The counter shows from this many characters on. */
const COUNTER_FROM = CHAT_MESSAGE_MAX - 400;
/** Pictures the server shows inline (re-encoded); any other file goes as a download. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export type PickedFile = { kind: Exclude<ChatAttachmentKind, 'voice'>; file: File };

/** How a picked file is sent: pictures as images, the rest as files (the server checks the bytes). */
export const kindOfFile = (file: File): PickedFile['kind'] => (IMAGE_TYPES.has(file.type) ? 'image' : 'file');

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-text-muted transition-colors hover:bg-surface-sunken hover:text-text focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The message box: text (Enter sends, Shift+Enter adds a line), an attach button for pictures and files
 * and, where the browser can record, a microphone for voice notes (tap to start, then send or delete).
 * Files over their kind's limit are refused here with the server's own words, before any upload.
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
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const trimmed = text.trim();
  const showCounter = text.length >= COUNTER_FROM;
  const recorder = useVoiceRecorder(onVoice);
  // Decided once: whether this browser can record a voice note the server accepts.
  const [canRecord] = useState(() => supportedVoiceType() !== null);
  const recording = recorder.state.status === 'recording' || recorder.state.status === 'starting';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || trimmed.length > CHAT_MESSAGE_MAX) return;
    onSend(trimmed);
    setText('');
  };

  const pick = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    if (files.length === 0) return;
    const accepted: PickedFile[] = [];
    const refused: string[] = [];
    for (const file of files) {
      const kind = kindOfFile(file);
      if (file.size === 0) refused.push(`${file.name}: the file is empty.`);
      else if (file.size > CHAT_ATTACHMENT_MAX_BYTES[kind])
        refused.push(
          files.length > 1 ? `${file.name}: ${CHAT_TOO_LARGE_MESSAGE[kind]}` : CHAT_TOO_LARGE_MESSAGE[kind],
        );
      else accepted.push({ kind, file });
    }
    setNotice(refused.length > 0 ? refused.join(' ') : null);
    if (accepted.length > 0) onFiles(accepted);
  };

  const error = recorder.state.status === 'error' ? recorder.state.message : notice;

  return (
    <form onSubmit={submit} className="border-t border-border p-3 sm:px-5">
      {error ? (
        <div
          role="alert"
          className="mb-2 flex items-start justify-between gap-3 rounded-[var(--radius-control)] bg-danger/10 px-3 py-2 text-sm text-danger"
        >
          <span>{error}</span>
          <button
            type="button"
            onClick={() => {
              setNotice(null);
              recorder.dismissError();
            }}
            className="shrink-0 rounded font-medium underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            Dismiss
          </button>
        </div>
      ) : null}

      {recording ? (
        <div className="flex items-center gap-2" data-testid="voice-recorder">
          <button
            type="button"
            onClick={recorder.cancel}
            aria-label="Delete the recording"
            title="Delete the recording"
            className={iconButton}
          >
            <Trash2 aria-hidden="true" className="size-5" />
          </button>
          <p
            className="flex min-h-11 flex-1 items-center gap-2 rounded-[var(--radius-control)] border border-border bg-surface-sunken px-3 text-sm"
            aria-live="off"
          >
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 animate-pulse rounded-full bg-danger motion-reduce:animate-none"
            />
            <span className="font-medium">
              {recorder.state.status === 'starting' ? 'Starting the microphone…' : 'Recording'}
            </span>
            {recorder.state.status === 'recording' ? (
              <span className="ml-auto tabular-nums text-text-muted" data-testid="voice-elapsed">
                {formatDuration(recorder.state.elapsedMs)} / 5:00
              </span>
            ) : null}
          </p>
          <Button
            type="button"
            onClick={recorder.stop}
            disabled={recorder.state.status !== 'recording'}
            aria-label="Stop and send the voice note"
            className="size-11 shrink-0 px-0"
          >
            <SendHorizontal aria-hidden="true" className="size-5" />
          </Button>
        </div>
      ) : (
        <>
          <label htmlFor={id} className="sr-only">
            Message to {otherName}
          </label>
          <div className="flex items-end gap-1.5 sm:gap-2">
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={CHAT_FILE_ACCEPT}
              tabIndex={-1}
              aria-hidden="true"
              className="hidden"
              data-testid="chat-file-input"
              onChange={(event) => pick(event.target.files)}
            />
            <button
              type="button"
              className={iconButton}
              aria-label="Attach a picture or file"
              title="Attach a picture or file (PDF, text, Word, Excel, PowerPoint; pictures up to 10 MB, files up to 20 MB)"
              onClick={() => fileInput.current?.click()}
            >
              <Paperclip aria-hidden="true" className="size-5" />
            </button>
            {canRecord ? (
              <button
                type="button"
                className={iconButton}
                aria-label="Record a voice note"
                title="Record a voice note (up to 5 minutes)"
                onClick={recorder.start}
              >
                <Mic aria-hidden="true" className="size-5" />
              </button>
            ) : null}
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
