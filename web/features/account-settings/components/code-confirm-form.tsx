import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '#web/components/button';
import { CodeField } from '#web/components/code-field';
import { fieldError, Form } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import type { codeFormSchema } from '#web/lib/code-form';

type CodeForm = UseFormReturn<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>;

/**
 * A settings step that asks for a 6-digit code: `intro` (what was sent where), the code field, the
 * error, then the submit button (busy while `busy`), any `otherActions` and Cancel.
 */
export function CodeConfirmForm({
  form,
  onSubmit,
  intro,
  label,
  error,
  busy,
  submitLabel = 'Confirm',
  autoFocus,
  otherActions,
  onCancel,
}: {
  form: CodeForm;
  onSubmit: (values: z.output<typeof codeFormSchema>) => void | Promise<void>;
  intro: ReactNode;
  label: string;
  error: unknown;
  busy: boolean;
  submitLabel?: string;
  autoFocus?: boolean;
  otherActions?: ReactNode;
  onCancel: () => void;
}) {
  return (
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
      {intro}
      <CodeField
        label={label}
        {...form.register('code')}
        error={fieldError(form, 'code')}
        autoFocus={autoFocus}
      />
      <FormError error={error} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {otherActions}
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
