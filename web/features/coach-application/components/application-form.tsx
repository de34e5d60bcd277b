import { Check, Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import {
  APPLICATION_LIMITS,
  DEFAULT_INTENDED_RATES_CENTS,
  type ApplicationBodyInput,
} from '#contracts/applications';
import { COACH_CATEGORY_LIMIT } from '#contracts/profiles';
import { COACHING_CATEGORIES } from '#domain/coaching/categories';
import { Button } from '#web/components/button';
import { fieldError, useZodForm } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import { TextareaField } from '#web/components/textarea-field';
import { TextField } from '#web/components/text-field';
import { UnsavedChangesGuard } from '#web/components/unsaved-changes-guard';
import { ApiError } from '#web/lib/api-client';
import { centsToInput, formatCents } from '#web/lib/money';
import { useSubmitApplication } from '../api/my-application';
import {
  fieldErrorsFromApi,
  sameValues,
  validateApplicationForm,
  type ApplicationField,
  type ApplicationFormValues,
} from '../lib/application-form';

/** The form checked by validateApplicationForm (the API's schema and messages), one issue per field. */
const applicationFormSchema = z.custom<ApplicationFormValues>().transform((values, issues) => {
  const checked = validateApplicationForm(values);
  if (checked.ok) return checked.body;
  for (const [field, message] of Object.entries(checked.errors))
    issues.addIssue({ code: 'custom', path: [field], message });
  return z.NEVER;
});

const RATE_FIELDS = [
  { field: 'textRate', label: 'Text sessions', cents: DEFAULT_INTENDED_RATES_CENTS.text },
  { field: 'audioRate', label: 'Audio sessions', cents: DEFAULT_INTENDED_RATES_CENTS.audio },
  { field: 'videoRate', label: 'Video sessions', cents: DEFAULT_INTENDED_RATES_CENTS.video },
] as const;

function CategoryChips({
  selected,
  error,
  disabled,
  onToggle,
}: {
  selected: readonly string[];
  error: string | undefined;
  disabled: boolean;
  onToggle: (slug: string) => void;
}) {
  const full = selected.length >= COACH_CATEGORY_LIMIT;
  return (
    <fieldset
      aria-describedby={
        error ? 'application-categories-hint application-categories-error' : 'application-categories-hint'
      }
      data-invalid={error ? true : undefined}
      className="flex flex-col gap-2"
    >
      <legend className="text-sm font-medium text-text">Categories you coach in</legend>
      <p id="application-categories-hint" className="text-sm text-text-muted">
        Pick 1 to {COACH_CATEGORY_LIMIT}.{' '}
        <span className="tabular-nums">
          {selected.length} of {COACH_CATEGORY_LIMIT} selected
        </span>
        {full ? ' — unselect one to pick another.' : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {COACHING_CATEGORIES.map(({ slug, label }) => {
          const on = selected.includes(slug);
          return (
            <button
              key={slug}
              type="button"
              aria-pressed={on}
              disabled={disabled || (full && !on)}
              onClick={() => onToggle(slug)}
              className={`inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
                on
                  ? 'border-primary bg-primary-soft text-primary'
                  : 'border-border bg-surface text-text hover:bg-surface-sunken'
              }`}
            >
              {on ? <Check aria-hidden="true" className="size-4" /> : null}
              {label}
            </button>
          );
        })}
      </div>
      {error ? (
        <p id="application-categories-error" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The application form (experience, years, categories, credentials, bio, intended rates). The
 * browser checks it with the API's schema; errors show next to their fields and the first one
 * gets focus. Leaving with unsaved answers asks first.
 */
export function ApplicationForm({
  initialValues,
  submitLabel = 'Submit application',
}: {
  initialValues: ApplicationFormValues;
  submitLabel?: string;
}) {
  // The focus goes to the first field with an error in the form's order, the category chips included.
  const form = useZodForm(applicationFormSchema, { defaultValues: initialValues, shouldFocusError: false });
  const values = form.watch();
  const [focusToken, setFocusToken] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmitApplication();
  const sending = submit.isPending;
  const dirty = !sameValues(values, initialValues) && !submit.isSuccess;
  const error = (field: ApplicationField) => fieldError(form, field);

  // After a failed submit, focus the first field with an error (in the form's order).
  useEffect(() => {
    if (focusToken === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], fieldset[data-invalid="true"] button:not(:disabled)',
    );
    first?.focus();
  }, [focusToken]);

  /** A changed field loses its message. */
  const input = (field: Exclude<ApplicationField, 'categories'>) =>
    form.register(field, { onChange: () => form.clearErrors(field) });

  const toggleCategory = (slug: string) => {
    form.setValue(
      'categories',
      values.categories.includes(slug)
        ? values.categories.filter((entry) => entry !== slug)
        : [...values.categories, slug],
    );
    form.clearErrors('categories');
  };

  async function post(body: ApplicationBodyInput): Promise<boolean> {
    try {
      await submit.mutateAsync(body);
      return true;
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'VALIDATION_ERROR') {
        form.clearErrors();
        for (const [field, message] of Object.entries(fieldErrorsFromApi(failure.details)))
          form.setError(field as ApplicationField, { type: 'server', message });
        setFocusToken((token) => token + 1);
      }
      return false;
    }
  }

  /** Checks and sends; whether it was sent (the unsaved-changes dialog's Save uses it too). */
  async function send(): Promise<boolean> {
    let sent = false;
    await form.handleSubmit(
      async (body) => {
        sent = await post(body);
      },
      () => setFocusToken((token) => token + 1),
    )();
    return sent;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!sending) void send();
  }

  const generalError =
    submit.error && !(submit.error instanceof ApiError && submit.error.code === 'VALIDATION_ERROR')
      ? submit.error
      : null;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <UnsavedChangesGuard when={dirty && !sending} onSave={send} />
      <TextareaField
        label="Your coaching experience"
        hint="Who you have coached, on what, and how. Required."
        value={values.experience}
        maxLength={APPLICATION_LIMITS.experience}
        rows={5}
        required
        disabled={sending}
        error={error('experience')}
        {...input('experience')}
      />
      <div className="max-w-48">
        <TextField
          label="Years of experience"
          hint="Optional."
          inputMode="numeric"
          autoComplete="off"
          disabled={sending}
          error={error('years')}
          {...input('years')}
        />
      </div>
      <CategoryChips
        selected={values.categories}
        error={error('categories')}
        disabled={sending}
        onToggle={toggleCategory}
      />
      <TextareaField
        label="Credentials"
        hint="Certifications, training, memberships or links. Optional."
        value={values.credentials}
        maxLength={APPLICATION_LIMITS.credentials}
        rows={3}
        disabled={sending}
        error={error('credentials')}
        {...input('credentials')}
      />
      <TextareaField
        label="Bio"
        hint="A few sentences clients will read on your profile. Required."
        value={values.bio}
        maxLength={APPLICATION_LIMITS.bio}
        rows={4}
        required
        disabled={sending}
        error={error('bio')}
        {...input('bio')}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium text-text">Intended on-demand rates</legend>
        <p className="text-sm text-text-muted">
          In US dollars per 15 minutes. Leave a rate empty to use the default shown. You can change them any
          time once you are approved.
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          {RATE_FIELDS.map(({ field, label, cents }) => (
            <TextField
              key={field}
              label={`${label} ($)`}
              hint={`Default ${formatCents(cents)}`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={centsToInput(cents)}
              disabled={sending}
              error={error(field)}
              {...input(field)}
            />
          ))}
        </div>
      </fieldset>
      <FormError error={generalError} />
      <div>
        <Button type="submit" disabled={sending} className="w-full sm:w-auto sm:min-w-48">
          <Send aria-hidden="true" className="size-4" />
          {sending ? 'Sending…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
