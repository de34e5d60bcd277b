import { Link2, Plus, Send, Trash2 } from 'lucide-react';
import { useId, useRef, type FocusEvent } from 'react';
import { useFieldArray, type Path } from 'react-hook-form';
import { z } from 'zod';
import {
  FOLLOWUP_MESSAGES,
  FOLLOWUP_NOTES_MAX,
  FOLLOWUP_RESOURCE_TITLE_MAX,
  FOLLOWUP_RESOURCE_URL_MAX,
  FOLLOWUP_RESOURCES_MAX,
  followupUrlProblem,
  sendFollowupSchema,
  type SendFollowupResponse,
} from '#contracts/followups';
import { Button } from '#web/components/button';
import { fieldError, Form, serverFieldErrors, useZodForm } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import { Spinner } from '#web/components/spinner';
import { TextField } from '#web/components/text-field';
import { TextareaField } from '#web/components/textarea-field';
import { useToast } from '#web/components/toast';
import { ApiError } from '#web/lib/api-client';
import { newIdempotencyKey, useSendFollowup } from '../api/followups';

/** What the coach typed, checked and trimmed by the contract (its messages land on the same paths). */
const followupFormSchema = z
  .object({
    notes: z.string(),
    resources: z.array(z.object({ title: z.string(), url: z.string() })),
  })
  .pipe(sendFollowupSchema.required());

type FollowupField = Path<z.input<typeof followupFormSchema>>;

const EMPTY: z.input<typeof followupFormSchema> = { notes: '', resources: [] };

/**
 * The coach's follow-up: notes with a counter, up to 10 resources (a title and an
 * https link each, a link checked when the field is left), Send. One Idempotency-Key per attempt:
 * Send again after a lost answer retries the same attempt instead of sending a second follow-up.
 * After sending: a toast, and SPEC §8 'Email Error' / 'Failed to send follow-up email' when the email
 * could not be queued (the follow-up itself is saved).
 */
export function FollowupForm({ sessionId, clientName }: { sessionId: string; clientName: string }) {
  const { toast } = useToast();
  const send = useSendFollowup(sessionId);
  const form = useZodForm(followupFormSchema, { defaultValues: EMPTY });
  // Removing a row moves the messages of the rows below it up with them.
  const resourceRows = useFieldArray({ control: form.control, name: 'resources' });
  const resources = resourceRows.fields;
  const notes = form.watch('notes');
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const resourcesLabelId = useId();
  const error = (name: string) => fieldError(form, name) ?? null;
  const resourcesError = fieldError(form, 'resources') ?? fieldError(form, 'resources.root');

  /** A change clears its field's message and a refusal of the last attempt. */
  const cleared = (name: FollowupField) => {
    form.clearErrors(name);
    if (send.isError) send.reset();
  };

  function addResource() {
    if (resources.length >= FOLLOWUP_RESOURCES_MAX) return;
    // The new row's title gets the focus once it is rendered.
    resourceRows.append({ title: '', url: '' }, { focusName: `resources.${resources.length}.title` });
    cleared('resources');
  }

  function removeResource(index: number) {
    resourceRows.remove(index);
    // The list's own message (not its rows') goes with any change to the list.
    if (form.getFieldState('resources').error?.message) form.clearErrors('resources');
    else form.clearErrors('resources.root' as FollowupField);
  }

  function checkUrl(index: number, url: string) {
    if (url.trim() === '') return;
    const problem = followupUrlProblem(url);
    if (problem) form.setError(`resources.${index}.url`, { type: 'blur', message: problem });
  }

  function submit(body: z.output<typeof followupFormSchema>) {
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized)
      attempt.current = { body: serialized, key: newIdempotencyKey() };
    send.mutate(
      { body, key: attempt.current.key },
      {
        onSuccess: (answer: SendFollowupResponse) => {
          attempt.current = null;
          form.reset(EMPTY);
          if (answer.email === 'failed')
            toast({
              title: FOLLOWUP_MESSAGES.emailErrorTitle,
              description: FOLLOWUP_MESSAGES.emailErrorDescription,
              variant: 'destructive',
            });
          else
            toast({
              title: 'Follow-up sent',
              description:
                answer.email === 'queued'
                  ? `${clientName} can read it in Wellspring, and it is on its way by email.`
                  : `${clientName} can read it in Wellspring. They have no confirmed email address, so no email went out.`,
            });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.details.length > 0) {
            // The server's messages replace the form's, without moving the focus.
            form.clearErrors();
            for (const [field, message] of Object.entries(serverFieldErrors(failure)))
              form.setError(field as FollowupField, { type: 'server', message });
          }
          // A refusal is final for this attempt; a lost answer (network, 5xx) keeps the key for a retry.
          if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500)
            attempt.current = null;
        },
      },
    );
  }

  const full = resources.length >= FOLLOWUP_RESOURCES_MAX;
  const fieldErrorShown = send.error instanceof ApiError && send.error.details.length > 0;

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-6">
      <TextareaField
        label={`Notes for ${clientName}`}
        rows={7}
        maxLength={FOLLOWUP_NOTES_MAX}
        value={notes}
        {...form.register('notes', { onChange: () => cleared('notes') })}
        hint="What you covered, what to try before you next speak, anything to keep in mind."
        error={error('notes')}
      />

      <fieldset className="flex flex-col gap-3" aria-describedby={`${resourcesLabelId}-hint`}>
        <legend className="text-sm font-medium text-text">Resources (optional)</legend>
        <p id={`${resourcesLabelId}-hint`} className="-mt-1 text-sm text-text-muted">
          Articles, videos or worksheets: up to {FOLLOWUP_RESOURCES_MAX} links, each starting with https://
        </p>
        {resources.length > 0 ? (
          <ol className="flex flex-col gap-3">
            {resources.map((row, index) => (
              <li
                key={row.id}
                className="rounded-[var(--radius-control)] border border-border bg-surface-sunken/40 p-3"
              >
                <div className="flex items-start gap-2">
                  <span
                    aria-hidden="true"
                    className="mt-9 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary tabular-nums"
                  >
                    {index + 1}
                  </span>
                  <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                    <TextField
                      label={`Title of resource ${index + 1}`}
                      maxLength={FOLLOWUP_RESOURCE_TITLE_MAX}
                      placeholder="Sleep hygiene basics"
                      {...form.register(`resources.${index}.title`, {
                        onChange: () => cleared(`resources.${index}.title`),
                      })}
                      error={error(`resources.${index}.title`)}
                    />
                    <TextField
                      label={`Link of resource ${index + 1}`}
                      type="url"
                      inputMode="url"
                      autoComplete="off"
                      spellCheck={false}
                      maxLength={FOLLOWUP_RESOURCE_URL_MAX}
                      placeholder="https://"
                      {...form.register(`resources.${index}.url`, {
                        onChange: () => cleared(`resources.${index}.url`),
                        onBlur: (event: FocusEvent<HTMLInputElement>) => checkUrl(index, event.target.value),
                      })}
                      error={error(`resources.${index}.url`)}
                    />
                  </div>
                  <button
                    type="button"
                    onClick={() => removeResource(index)}
                    aria-label={`Remove resource ${index + 1}`}
                    title="Remove"
                    className="mt-[1.625rem] inline-flex size-11 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-text-muted hover:bg-surface-sunken hover:text-danger"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </div>
              </li>
            ))}
          </ol>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={addResource} disabled={full}>
            {resources.length === 0 ? (
              <Link2 aria-hidden="true" className="size-4" />
            ) : (
              <Plus aria-hidden="true" className="size-4" />
            )}
            {resources.length === 0 ? 'Add a resource' : 'Add another resource'}
          </Button>
          {full ? <p className="text-sm text-text-muted">{FOLLOWUP_MESSAGES.tooManyResources}</p> : null}
        </div>
        {resourcesError ? <p className="text-sm font-medium text-danger">{resourcesError}</p> : null}
      </fieldset>

      {send.error && !fieldErrorShown ? <FormError error={send.error} /> : null}

      <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-text-muted">
          {clientName} sees it here and gets it by email if their address is confirmed.
        </p>
        <Button type="submit" disabled={send.isPending} className="sm:min-w-40">
          {send.isPending ? (
            <Spinner className="size-4 border-2" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {send.isPending ? 'Sending…' : 'Send follow-up'}
        </Button>
      </div>
    </Form>
  );
}
