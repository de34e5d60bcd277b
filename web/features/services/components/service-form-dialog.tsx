import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { focusFirstInvalid } from '../lib/focus-first-invalid';
import {
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  type Service,
  type ServiceCreateBody,
} from '../../../../contracts/services';
import {
  COACHING_CATEGORIES,
  SESSION_FORMATS,
  type SessionFormat,
} from '../../../../domain/coaching/categories';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormError } from '../../../components/form-error';
import { ImageUpload } from '../../../components/image-upload';
import { Switch } from '../../../components/switch';
import { TextareaField } from '../../../components/textarea-field';
import { inputClasses, TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { centsToInput, inputToCents } from '../../../lib/money';
import { useSaveService } from '../api/services';
import { bodyFieldErrors } from '../lib/field-errors';
import { FORMAT_NOUNS } from '../../../../domain/coaching/format-labels';

type Draft = {
  title: string;
  subtitle: string;
  description: string;
  format: SessionFormat;
  type: 'full' | 'micro';
  price: string;
  duration: string;
  category: string;
  spotsLeft: string;
  thumbnailUrl: string | null;
  isPopular: boolean;
  isActive: boolean;
};

const draftOf = (service: Service | null): Draft => ({
  title: service?.title ?? '',
  subtitle: service?.subtitle ?? '',
  description: service?.description ?? '',
  format: service?.format ?? 'video',
  type: service?.type ?? 'full',
  price: service ? centsToInput(service.price) : '',
  duration: service ? String(service.duration) : '30',
  category: service?.category ?? '',
  spotsLeft: service?.spots_left === null || !service ? '' : String(service.spots_left),
  thumbnailUrl: service?.thumbnail_url ?? null,
  isPopular: service?.is_popular ?? false,
  isActive: service?.is_active ?? true,
});

/** Checks what the browser can check; the server checks everything again with the same messages. */
function validate(draft: Draft): { body?: ServiceCreateBody; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (draft.title.trim() === '') errors.title = SERVICE_MESSAGES.titleRequired;
  const price = inputToCents(draft.price);
  if (price === undefined || price === null || price > SERVICE_LIMITS.priceMax)
    errors.price = SERVICE_MESSAGES.price;
  const duration = Number(draft.duration);
  if (
    !/^\d+$/.test(draft.duration.trim()) ||
    duration < SERVICE_LIMITS.durationMin ||
    duration > SERVICE_LIMITS.durationMax
  )
    errors.duration = SERVICE_MESSAGES.duration;
  else if (draft.type === 'micro' && duration > SERVICE_LIMITS.microMaxMinutes)
    errors.duration = SERVICE_MESSAGES.microTooLong;
  const spots = draft.spotsLeft.trim();
  if (spots !== '' && !/^\d+$/.test(spots)) errors.spots_left = SERVICE_MESSAGES.spotsLeft;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    body: {
      title: draft.title.trim(),
      subtitle: draft.subtitle.trim() || null,
      description: draft.description.trim() || null,
      format: draft.format,
      type: draft.type,
      price: price ?? 0,
      duration,
      category: (draft.category || null) as ServiceCreateBody['category'],
      spots_left: spots === '' ? null : Number(spots),
      thumbnail_url: draft.thumbnailUrl,
      is_popular: draft.isPopular,
      is_active: draft.isActive,
    },
  };
}

/** Create or edit a service (SPEC §3 service shape): every field, with its rule next to it. */
export function ServiceFormDialog({
  open,
  onOpenChange,
  service,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new service. */
  service: Service | null;
}) {
  const [draft, setDraft] = useState(() => draftOf(service));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveService();
  const form = useRef<HTMLFormElement>(null);
  const { toast } = useToast();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { body, errors: found } = validate(draft);
    setErrors(found);
    if (!body) return focusFirstInvalid(form.current);
    try {
      await save.mutateAsync({ id: service?.id ?? null, body });
      toast({ title: service ? 'Service saved' : 'Service created', description: body.title });
      onOpenChange(false);
    } catch (error) {
      setErrors(bodyFieldErrors(error));
      focusFirstInvalid(form.current);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={service ? 'Edit service' : 'New service'}
      description="What clients book with you. Prices are per session."
    >
      <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Title"
          value={draft.title}
          maxLength={SERVICE_LIMITS.titleMax}
          required
          error={errors.title}
          onChange={(event) => set('title', event.target.value)}
        />
        <TextField
          label="Subtitle (optional)"
          value={draft.subtitle}
          maxLength={SERVICE_LIMITS.subtitleMax}
          error={errors.subtitle}
          onChange={(event) => set('subtitle', event.target.value)}
        />
        <TextareaField
          label="Description (optional)"
          value={draft.description}
          maxLength={SERVICE_LIMITS.descriptionMax}
          error={errors.description}
          rows={4}
          onChange={(event) => set('description', event.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Format"
            value={draft.format}
            error={errors.format}
            onChange={(value) => set('format', value as SessionFormat)}
          >
            {SESSION_FORMATS.map((format) => (
              <option key={format} value={format}>
                {FORMAT_NOUNS[format]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Type"
            value={draft.type}
            error={errors.type}
            onChange={(value) => set('type', value as Draft['type'])}
          >
            <option value="full">Full session</option>
            <option value="micro">Micro session (up to {SERVICE_LIMITS.microMaxMinutes} min)</option>
          </SelectField>
          <TextField
            label="Price (USD)"
            inputMode="decimal"
            placeholder="45.00"
            value={draft.price}
            error={errors.price}
            hint="0 for a free session."
            onChange={(event) => set('price', event.target.value)}
          />
          <TextField
            label="Duration (minutes)"
            inputMode="numeric"
            value={draft.duration}
            error={errors.duration}
            hint={`${SERVICE_LIMITS.durationMin}–${SERVICE_LIMITS.durationMax} minutes.`}
            onChange={(event) => set('duration', event.target.value)}
          />
          <SelectField
            label="Category"
            value={draft.category}
            error={errors.category}
            onChange={(value) => set('category', value)}
          >
            <option value="">No category</option>
            {COACHING_CATEGORIES.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Spots left (optional)"
            inputMode="numeric"
            value={draft.spotsLeft}
            error={errors.spots_left}
            hint="Empty means unlimited."
            onChange={(event) => set('spotsLeft', event.target.value)}
          />
        </div>
        <ImageUpload
          kind="cover"
          label="Thumbnail"
          hint="JPEG, PNG or WebP, up to 5 MB."
          value={draft.thumbnailUrl}
          onChange={(url) => set('thumbnailUrl', url)}
        />
        {errors.thumbnail_url ? (
          <p className="text-sm font-medium text-danger">{errors.thumbnail_url}</p>
        ) : null}
        <div className="divide-y divide-border">
          <Switch
            label="Offered to clients"
            hint="Turn off to pause the service without deleting it."
            checked={draft.isActive}
            onChange={(value) => set('isActive', value)}
          />
          <Switch
            label="Mark as popular"
            hint="Shows a “Popular” badge on your page."
            checked={draft.isPopular}
            onChange={(value) => set('isPopular', value)}
          />
        </div>
        <FormError
          error={save.error && Object.keys(bodyFieldErrors(save.error)).length === 0 ? save.error : null}
        />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : service ? 'Save changes' : 'Create service'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function SelectField({
  label,
  value,
  error,
  onChange,
  children,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium text-text">
      {label}
      <select
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses} font-normal`}
      >
        {children}
      </select>
      {error ? <span className="text-sm font-medium text-danger">{error}</span> : null}
    </label>
  );
}
