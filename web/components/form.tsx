import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { FormHTMLAttributes, ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError } from '../lib/api-client';

/** Maps a server `details[].path` (already without its `body.` prefix) to a form field, or undefined to drop it. */
export type FieldOfPath = Readonly<Record<string, string>> | ((path: string) => string | undefined);

/**
 * A react-hook-form form validated by a zod schema (usually the contract's, or one built from its
 * limits and messages). Like the hand-written forms it replaces: validated on submit only, errors stay
 * until the next submit, and a failed submit focuses the first invalid field (shouldFocusError).
 * `handleSubmit` hands over the schema's output, so a schema may turn form strings into the wire body.
 */
export function useZodForm<TSchema extends z.ZodType<unknown, FieldValues>>(
  schema: TSchema,
  options: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, 'resolver'> = {},
): UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>> {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema as never),
  });
}

/**
 * The server's per-field messages as `{ field: message }`: `details[].path` loses its `body.` prefix,
 * then goes through `fieldOfPath` when given (paths it does not know are dropped). First message per field wins.
 */
export function serverFieldErrors(error: unknown, fieldOfPath?: FieldOfPath): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!(error instanceof ApiError)) return fields;
  for (const detail of error.details) {
    const path = detail.path.replace(/^body\./, '');
    const field =
      fieldOfPath === undefined
        ? path
        : typeof fieldOfPath === 'function'
          ? fieldOfPath(path)
          : fieldOfPath[path];
    if (field) fields[field] ??= detail.message;
  }
  return fields;
}

/**
 * Puts the server's per-field messages (ApiError.details) on the form's fields and focuses the first.
 * Returns whether any field got one: when none did, show the error as a whole (FormError).
 */
export function applyServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  fieldOfPath?: FieldOfPath,
): boolean {
  const fields = Object.entries(serverFieldErrors(error, fieldOfPath));
  fields.forEach(([field, message], index) =>
    form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  return fields.length > 0;
}

/** The message of a field's error, for a field component's `error` prop (nested names like `lessons.0.title` too). */
export function fieldError(form: { formState: { errors: FieldErrors } }, name: string): string | undefined {
  const error: unknown = get(form.formState.errors, name);
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
    ? error.message
    : undefined;
}

/** A `<form noValidate>` (the schema checks, with the spec's messages) that submits through react-hook-form. */
export function Form<TInput extends FieldValues, TOutput>({
  form,
  onSubmit,
  children,
  ...props
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: SubmitHandler<TOutput>;
  children: ReactNode;
}) {
  return (
    <form noValidate {...props} onSubmit={form.handleSubmit(onSubmit)}>
      {children}
    </form>
  );
}
