import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { fieldError } from '#web/components/form';
import { fieldErrorsOf } from './own-profile';
import type { ToastInput } from './toast-queue';
import { deleteUploadedImage } from './upload-image';

/** The fields of `Values` typed as text (inputs, textareas and selects). */
export type TextFieldOf<Values> = {
  [K in keyof Values]: Values[K] extends string ? K : never;
}[keyof Values];

/** A top-level field's name as react-hook-form's path (the editors' values are flat). */
const pathOf = <Values extends FieldValues>(field: keyof Values & string) => field as unknown as Path<Values>;

/**
 * The field helpers of an editor whose draft is a react-hook-form form and whose baseline is `saved`:
 * a field's message (the server's or the form's, else the rule's once it differs from what is saved or
 * after a save attempt), clearing it, setting a value, a text control's props, replacing an upload and
 * putting the server's errors on their fields.
 */
export function draftFields<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  {
    saved,
    draft,
    ruleErrors,
  }: { saved: Values; draft: Values; ruleErrors: Partial<Record<keyof Values, string>> },
) {
  // Read while rendering, so react-hook-form re-renders the editor when a save is attempted.
  const { isSubmitted } = form.formState;
  const errorOf = (field: keyof Values & string): string | undefined =>
    fieldError(form, field) ?? (isSubmitted || draft[field] !== saved[field] ? ruleErrors[field] : undefined);

  /** A changed field's message goes (only when it has one: clearing re-renders the form). */
  const clearError = (field: keyof Values & string) => {
    if (form.getFieldState(pathOf<Values>(field)).error) form.clearErrors(pathOf<Values>(field));
  };

  /** A value set by a control react-hook-form does not own (chips, switches, pictures); its old message goes. */
  function set<K extends keyof Values & string>(field: K, value: Values[K]) {
    form.setValue(pathOf<Values>(field), value as PathValue<Values, Path<Values>>);
    clearError(field);
  }

  /** A text control's props: registered (typing clears its message), its value and its error. */
  const textField = (field: TextFieldOf<Values> & string) => ({
    ...form.register(pathOf<Values>(field), { onChange: () => clearError(field) }),
    value: draft[field],
    error: errorOf(field),
  });

  /** A picture uploaded in this draft and replaced before saving is deleted: it was never used. */
  function setUpload<K extends keyof Values & string>(field: K, url: string | null) {
    const previous: unknown = form.getValues(pathOf<Values>(field));
    if (typeof previous === 'string' && previous && previous !== saved[field] && previous !== url)
      void deleteUploadedImage(previous).catch(() => undefined);
    set(field, url as Values[K]);
  }

  /** The server's words land on their fields (they go when the field is edited); the first takes the focus. */
  const setServerErrors = (error: unknown) =>
    Object.entries(fieldErrorsOf(error)).forEach(([field, message], index) =>
      form.setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: index === 0 }),
    );

  return { errorOf, clearError, set, textField, setUpload, setServerErrors };
}

/**
 * Saves a draft through `send` (the form's submit and the unsaved-changes guard's Save) unless nothing
 * changed; a save the rules block says so, and the form focuses the first invalid field. Answers
 * whether it is all saved now.
 */
export async function saveDraft<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  {
    dirty,
    send,
    toast,
  }: { dirty: boolean; send: (values: Output) => Promise<boolean>; toast: (input: ToastInput) => unknown },
): Promise<boolean> {
  if (!dirty) return true;
  const result = await form.handleSubmit(send, () =>
    toast({
      title: 'Update Failed',
      description: 'Please fix the highlighted fields and save again.',
      variant: 'destructive',
    }),
  )();
  return result ?? false;
}
