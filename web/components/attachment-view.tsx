import { Download, FileText, ImageOff, Mic } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useState, type SyntheticEvent } from 'react';
import type { Attachment, AttachmentKind } from '#contracts/attachments';
import type { PendingAttachment } from '#web/lib/attachments';
import { useAttachmentUrl, useDownloadAttachment, useObjectUrl } from '#web/lib/use-attachment';
import { DialogCloseButton } from './dialog';
import { errorText } from './form-error';
import { Spinner } from './spinner';

/** "820 KB", "4.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** "0:07", "4:59" (whole seconds passed, as players and recorders count). */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** What a file is, in words, by its checked type. */
function fileKindLabel(mime: string): string {
  if (mime === 'application/pdf') return 'PDF';
  if (mime.startsWith('text/plain')) return 'Text';
  if (mime.includes('wordprocessingml')) return 'Word document';
  if (mime.includes('spreadsheetml')) return 'Spreadsheet';
  if (mime.includes('presentationml')) return 'Presentation';
  if (mime.startsWith('image/')) return 'Picture';
  return 'File';
}

/**
 * A sent image, file or voice message's attachment (the session chat's and conversations' alike): an
 * image inline (opens full size), a file as a card with its name, kind and size and a download button,
 * a voice note as an audio player with its length. `localUrl`: an object URL of the sender's own copy
 * while it uploads (then nothing is fetched).
 */
export function AttachmentView({
  kind,
  attachment,
  localUrl,
}: {
  kind: AttachmentKind;
  attachment: Pick<Attachment, 'name' | 'size' | 'mime' | 'duration_ms'> & { url: string | null };
  localUrl?: string | null;
}) {
  if (kind === 'file') return <FileCard attachment={attachment} />;
  if (localUrl !== undefined || attachment.url === null)
    return kind === 'image' ? (
      <ImageView name={attachment.name} src={localUrl ?? null} failed={false} onRetry={() => {}} />
    ) : (
      <VoicePlayer
        src={localUrl ?? null}
        durationMs={attachment.duration_ms}
        failed={false}
        onRetry={() => {}}
      />
    );
  return (
    <RemoteMedia
      kind={kind}
      url={attachment.url}
      name={attachment.name}
      durationMs={attachment.duration_ms}
    />
  );
}

function RemoteMedia({
  kind,
  url,
  name,
  durationMs,
}: {
  kind: 'image' | 'voice';
  url: string;
  name: string;
  durationMs: number | null;
}) {
  const media = useAttachmentUrl(url);
  return kind === 'image' ? (
    <ImageView name={name} src={media.objectUrl} failed={media.isError} onRetry={media.retry} />
  ) : (
    <VoicePlayer src={media.objectUrl} durationMs={durationMs} failed={media.isError} onRetry={media.retry} />
  );
}

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p className="flex items-center gap-2 text-sm text-text-muted">
      <ImageOff aria-hidden="true" className="size-4 shrink-0" />
      <span>
        The {what} did not load —{' '}
        <button
          type="button"
          onClick={onRetry}
          className="rounded font-medium text-text underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          Try again
        </button>
      </span>
    </p>
  );
}

function ImageView({
  name,
  src,
  failed,
  onRetry,
}: {
  name: string;
  src: string | null;
  failed: boolean;
  onRetry: () => void;
}) {
  const [open, setOpen] = useState(false);
  if (failed)
    return (
      <div className="rounded-2xl border border-border bg-surface px-3.5 py-3">
        <LoadFailed what="image" onRetry={onRetry} />
      </div>
    );
  if (!src)
    return (
      <div
        className="flex h-40 w-56 max-w-full animate-pulse items-center justify-center rounded-2xl bg-surface-sunken"
        data-testid="chat-image-loading"
      >
        <span className="sr-only">Loading the image {name}…</span>
      </div>
    );
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger
        aria-label={`Open the image ${name} full size`}
        className="block overflow-hidden rounded-2xl border border-border bg-surface-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <img
          src={src}
          alt={name}
          data-testid="chat-image"
          className="block max-h-64 w-auto max-w-full object-contain sm:max-h-72"
        />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[200] bg-black/70 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-[201] flex max-h-[calc(100dvh-2rem)] w-max max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-[var(--radius-sheet)] border border-border bg-surface-raised p-3 text-text shadow-soft focus:outline-none sm:p-4"
        >
          <div className="flex items-center justify-between gap-4 pl-1">
            <DialogPrimitive.Title className="min-w-0 truncate text-base font-semibold">
              {name}
            </DialogPrimitive.Title>
            <DialogCloseButton className="size-10 focus-visible:outline-2 focus-visible:outline-ring" />
          </div>
          <img
            src={src}
            alt={name}
            className="block max-h-[calc(100dvh-8rem)] max-w-full rounded-[var(--radius-control)] object-contain"
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * MediaRecorder's WebM has no length in its header, so the browser reports Infinity until it has read
 * the whole file: seeking far ahead once makes it find the end, and the bar then shows the real length.
 */
function findRealDuration(event: SyntheticEvent<HTMLAudioElement>) {
  const audio = event.currentTarget;
  if (audio.duration !== Infinity) return;
  const back = () => {
    audio.removeEventListener('durationchange', back);
    audio.currentTime = 0;
  };
  audio.addEventListener('durationchange', back);
  audio.currentTime = Number.MAX_SAFE_INTEGER;
}

function VoicePlayer({
  src,
  durationMs,
  failed,
  onRetry,
}: {
  src: string | null;
  durationMs: number | null;
  failed: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="flex w-72 max-w-full flex-col gap-1.5 rounded-2xl border border-border bg-surface px-3 py-2.5 text-text">
      <p className="flex items-center gap-1.5 text-xs font-medium text-text-muted">
        <Mic aria-hidden="true" className="size-3.5" />
        Voice note{durationMs ? ` · ${formatDuration(durationMs)}` : ''}
      </p>
      {failed ? (
        <LoadFailed what="voice note" onRetry={onRetry} />
      ) : src ? (
        <audio
          controls
          preload="metadata"
          src={src}
          onLoadedMetadata={findRealDuration}
          aria-label={`Voice note${durationMs ? `, ${formatDuration(durationMs)}` : ''}`}
          data-testid="chat-voice"
          className="h-10 w-full"
        />
      ) : (
        <div className="h-10 w-full animate-pulse rounded-full bg-surface-sunken">
          <span className="sr-only">Loading the voice note…</span>
        </div>
      )}
    </div>
  );
}

function FileCard({
  attachment,
}: {
  attachment: Pick<Attachment, 'name' | 'size' | 'mime'> & { url: string | null };
}) {
  const download = useDownloadAttachment();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const { url, name } = attachment;
  const save = () => {
    if (!url || state.busy) return;
    setState({ busy: true, error: null });
    download(url, name).then(
      () => setState({ busy: false, error: null }),
      (error: unknown) => setState({ busy: false, error: errorText(error) }),
    );
  };
  return (
    <div className="flex w-72 max-w-full flex-col gap-1 rounded-2xl border border-border bg-surface p-2.5 text-text">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-[var(--radius-control)] bg-primary/10 text-primary">
          <FileText aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={name}>
            {name}
          </p>
          <p className="text-xs text-text-muted">
            {fileKindLabel(attachment.mime)} · {formatBytes(attachment.size)}
          </p>
        </div>
        {url ? (
          <button
            type="button"
            onClick={save}
            aria-label={`Download ${name}`}
            aria-busy={state.busy}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-text-muted hover:bg-surface-sunken hover:text-text focus-visible:outline-2 focus-visible:outline-ring"
          >
            {state.busy ? <Spinner className="size-5" /> : <Download aria-hidden="true" className="size-5" />}
          </button>
        ) : null}
      </div>
      {state.error ? (
        <p role="alert" className="px-1 text-xs font-medium text-danger">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}

/** What the sender sees of their own picture, file or voice note while it uploads (nothing is fetched). */
export function PendingAttachmentView({ attachment }: { attachment: PendingAttachment }) {
  const localUrl = useObjectUrl(attachment.kind === 'file' ? undefined : attachment.file);
  return (
    <AttachmentView
      kind={attachment.kind}
      localUrl={attachment.kind === 'file' ? undefined : localUrl}
      attachment={{
        name: attachment.name,
        size: attachment.file.size,
        mime: attachment.file.type,
        duration_ms: attachment.durationMs ?? null,
        url: null,
      }}
    />
  );
}
