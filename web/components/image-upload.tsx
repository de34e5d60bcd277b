import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { UploadKind } from '#contracts/uploads';
import { useAuth } from '../lib/auth/use-auth';
import { ACCEPTED_IMAGE_TYPES, uploadImage } from '../lib/upload-image';
import { Button } from './button';
import { errorText } from './form-error';

/**
 * An avatar or cover picture: preview, upload with progress, the server's own error text, remove.
 * The uploaded picture's URL goes to `onChange`; saving it on the profile is the screen's business.
 */
export function ImageUpload({
  kind,
  label,
  hint,
  value,
  onChange,
  placeholder,
  disabled,
}: {
  kind: UploadKind;
  label: string;
  hint?: string;
  value: string | null;
  onChange: (url: string | null) => void;
  /** Shown when there is no picture (initials for an avatar). */
  placeholder?: ReactNode;
  disabled?: boolean;
}) {
  const auth = useAuth();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploading = progress !== null;

  async function upload(file: File) {
    setError(null);
    setProgress(0);
    try {
      const url = await uploadImage(kind, file, { accessToken: auth.accessToken, onProgress: setProgress });
      onChange(url);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  const preview =
    kind === 'avatar' ? (
      <div className="size-24 shrink-0 overflow-hidden rounded-full border border-border bg-surface-sunken">
        {value ? (
          <img src={value} alt={`${label}: current picture`} className="size-full object-cover" />
        ) : (
          placeholder
        )}
      </div>
    ) : (
      <div className="aspect-[3/1] w-full overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface-sunken">
        {value ? (
          <img src={value} alt={`${label}: current picture`} className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-sm text-text-muted">
            {placeholder ?? 'No cover picture yet'}
          </div>
        )}
      </div>
    );

  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      className={kind === 'avatar' ? 'flex flex-wrap items-center gap-4' : 'flex flex-col gap-3'}
    >
      {preview}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p id={`${id}-label`} className="text-sm font-medium text-text">
          {label}
        </p>
        {hint ? <p className="text-sm text-text-muted">{hint}</p> : null}
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          className="sr-only"
          tabIndex={-1}
          aria-label={`Choose a file for ${label.toLowerCase()}`}
          disabled={disabled || uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={disabled || uploading} onClick={() => input.current?.click()}>
            <ImageUp aria-hidden="true" className="size-4" />
            {value ? 'Change picture' : 'Upload picture'}
          </Button>
          {value ? (
            <Button variant="ghost" disabled={disabled || uploading} onClick={() => onChange(null)}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove
            </Button>
          ) : null}
        </div>
        {uploading ? (
          <div className="flex items-center gap-3">
            <div
              role="progressbar"
              aria-label={`Uploading ${label.toLowerCase()}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-2 flex-1 overflow-hidden rounded-full bg-surface-sunken"
            >
              <div
                className="h-full rounded-full bg-primary transition-[width]"
                style={{ width: `${progress * 100}%` }}
              />
            </div>
            <span className="text-xs text-text-muted tabular-nums">{Math.round(progress * 100)}%</span>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
