import { Mic, Paperclip, SendHorizontal, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ATTACHMENT_FILE_ACCEPT } from '#contracts/attachments';
import { sortPickedFiles, type PickedFile } from '#web/lib/attachments';
import { supportedVoiceType, useVoiceRecorder, type RecordedVoice } from '#web/lib/use-voice-recorder';
import { formatDuration } from './attachment-view';
import { Button } from './button';

/**
 * A message box's attachments, the same in the session chat and in conversations between sessions: an
 * attach button for pictures and files and, where the browser can record, a microphone for voice notes
 * (tap to start, then send or delete). Files over their kind's limit are refused here with the server's
 * own words, before any upload.
 */

export const attachmentIconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-text-muted transition-colors hover:bg-surface-sunken hover:text-text focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60';

/** The picker and the recorder of one message box, and what to tell the person about them. */
export function useAttachmentPicker({
  onFiles,
  onVoice,
}: {
  onFiles: (files: PickedFile[]) => void;
  onVoice: (voice: RecordedVoice) => void;
}) {
  const [notice, setNotice] = useState<string | null>(null);
  const recorder = useVoiceRecorder(onVoice);
  // Decided once: whether this browser can record a voice note the server accepts.
  const [canRecord] = useState(() => supportedVoiceType() !== null);
  const recording = recorder.state.status === 'recording' || recorder.state.status === 'starting';

  const pick = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    const { accepted, refused } = sortPickedFiles(files);
    setNotice(refused.length > 0 ? refused.join(' ') : null);
    if (accepted.length > 0) onFiles(accepted);
  };

  return {
    recorder,
    canRecord,
    recording,
    pick,
    /** A refused file, or the microphone's trouble. */
    error: recorder.state.status === 'error' ? recorder.state.message : notice,
    dismissError: () => {
      setNotice(null);
      recorder.dismissError();
    },
  };
}

export type AttachmentPicker = ReturnType<typeof useAttachmentPicker>;

/** Why a file or a recording did not go, with Dismiss. */
export function AttachmentNotice({ picker }: { picker: AttachmentPicker }) {
  if (!picker.error) return null;
  return (
    <div
      role="alert"
      className="mb-2 flex items-start justify-between gap-3 rounded-[var(--radius-control)] bg-danger/10 px-3 py-2 text-sm text-danger"
    >
      <span>{picker.error}</span>
      <button
        type="button"
        onClick={picker.dismissError}
        className="shrink-0 rounded font-medium underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        Dismiss
      </button>
    </div>
  );
}

/** The attach button (with its hidden file input) and, where the browser can record, the microphone. */
export function AttachButtons({
  picker,
  disabled = false,
}: {
  picker: AttachmentPicker;
  disabled?: boolean;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={ATTACHMENT_FILE_ACCEPT}
        tabIndex={-1}
        aria-hidden="true"
        className="hidden"
        data-testid="chat-file-input"
        onChange={(event) => {
          picker.pick(event.target.files);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        className={attachmentIconButton}
        aria-label="Attach a picture or file"
        title="Attach a picture or file (PDF, text, Word, Excel, PowerPoint; pictures up to 10 MB, files up to 20 MB)"
        disabled={disabled}
        onClick={() => fileInput.current?.click()}
      >
        <Paperclip aria-hidden="true" className="size-5" />
      </button>
      {picker.canRecord ? (
        <button
          type="button"
          className={attachmentIconButton}
          aria-label="Record a voice note"
          title="Record a voice note (up to 5 minutes)"
          disabled={disabled}
          onClick={picker.recorder.start}
        >
          <Mic aria-hidden="true" className="size-5" />
        </button>
      ) : null}
    </>
  );
}

/** While a voice note records: delete it, how long it is so far, or stop and send it. */
export function VoiceRecordingBar({ picker }: { picker: AttachmentPicker }) {
  const { recorder } = picker;
  return (
    <div className="flex items-center gap-2" data-testid="voice-recorder">
      <button
        type="button"
        onClick={recorder.cancel}
        aria-label="Delete the recording"
        title="Delete the recording"
        className={attachmentIconButton}
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
  );
}
