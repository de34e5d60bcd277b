import type { z } from 'zod';
import { SERVICE_LIMITS, type Service } from '#contracts/services';
import { COACHING_CATEGORIES, SESSION_FORMATS } from '#domain/coaching/categories';
import { Dialog } from '#web/components/dialog';
import { FieldError, SelectField } from '#web/components/field';
import { applyServerErrors, fieldError, Form, useZodForm } from '#web/components/form';
import { FormActions, formLevelError } from '#web/components/form-actions';
import { ImageUpload } from '#web/components/image-upload';
import { Switch } from '#web/components/switch';
import { TextareaField } from '#web/components/textarea-field';
import { TextField } from '#web/components/text-field';
import { useToast } from '#web/components/toast';
import { useSaveService } from '../api/services';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';
import { serviceFormSchema, serviceFormValues } from '../lib/service-form';

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
  const form = useZodForm(serviceFormSchema, { defaultValues: serviceFormValues(service) });
  const save = useSaveService();
  const { toast } = useToast();
  const error = (name: string) => fieldError(form, name);
  const [description, thumbnailUrl, isActive, isPopular] = form.watch([
    'description',
    'thumbnail_url',
    'is_active',
    'is_popular',
  ]);

  async function submit(body: z.output<typeof serviceFormSchema>) {
    try {
      await save.mutateAsync({ id: service?.id ?? null, body });
      toast({ title: service ? 'Service saved' : 'Service created', description: body.title });
      onOpenChange(false);
    } catch (failure) {
      applyServerErrors(form, failure);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={service ? 'Edit service' : 'New service'}
      description="What clients book with you. Prices are per session."
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Title"
          maxLength={SERVICE_LIMITS.titleMax}
          required
          error={error('title')}
          {...form.register('title')}
        />
        <TextField
          label="Subtitle (optional)"
          maxLength={SERVICE_LIMITS.subtitleMax}
          error={error('subtitle')}
          {...form.register('subtitle')}
        />
        <TextareaField
          label="Description (optional)"
          value={description}
          maxLength={SERVICE_LIMITS.descriptionMax}
          error={error('description')}
          rows={4}
          {...form.register('description')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Format" error={error('format')} {...form.register('format')}>
            {SESSION_FORMATS.map((format) => (
              <option key={format} value={format}>
                {FORMAT_NOUNS[format]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Type" error={error('type')} {...form.register('type')}>
            <option value="full">Full session</option>
            <option value="micro">Micro session (up to {SERVICE_LIMITS.microMaxMinutes} min)</option>
          </SelectField>
          <TextField
            label="Price (USD)"
            inputMode="decimal"
            placeholder="45.00"
            error={error('price')}
            hint="0 for a free session."
            {...form.register('price')}
          />
          <TextField
            label="Duration (minutes)"
            inputMode="numeric"
            error={error('duration')}
            hint={`${SERVICE_LIMITS.durationMin}–${SERVICE_LIMITS.durationMax} minutes.`}
            {...form.register('duration')}
          />
          <SelectField label="Category" error={error('category')} {...form.register('category')}>
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
            error={error('spots_left')}
            hint="Empty means unlimited."
            {...form.register('spots_left')}
          />
          <TextField
            label="Free cancellation until (hours before)"
            inputMode="numeric"
            error={error('free_cancel_hours')}
            hint="Clients who cancel earlier pay nothing."
            {...form.register('free_cancel_hours')}
          />
          <TextField
            label="Late cancellation charge (%)"
            inputMode="numeric"
            error={error('late_cancel_percent')}
            hint="Kept when a client cancels later; you always refund in full when you cancel."
            {...form.register('late_cancel_percent')}
          />
        </div>
        <ImageUpload
          kind="cover"
          label="Thumbnail"
          hint="JPEG, PNG or WebP, up to 5 MB."
          value={thumbnailUrl}
          onChange={(url) => form.setValue('thumbnail_url', url)}
        />
        <FieldError error={error('thumbnail_url')} />
        <div className="divide-y divide-border">
          <Switch
            label="Offered to clients"
            hint="Turn off to pause the service without deleting it."
            checked={isActive}
            onChange={(value) => form.setValue('is_active', value)}
          />
          <Switch
            label="Mark as popular"
            hint="Shows a “Popular” badge on your page."
            checked={isPopular}
            onChange={(value) => form.setValue('is_popular', value)}
          />
        </div>
        <FormActions
          submitLabel={service ? 'Save changes' : 'Create service'}
          pending={save.isPending}
          error={formLevelError(save.error)}
          onCancel={() => onOpenChange(false)}
        />
      </Form>
    </Dialog>
  );
}
