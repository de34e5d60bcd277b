import { Link2, Plus, Send, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  FOLLOWUP_MESSAGES,
  FOLLOWUP_NOTES_MAX,
  FOLLOWUP_RESOURCE_TITLE_MAX,
  FOLLOWUP_RESOURCE_URL_MAX,
  FOLLOWUP_RESOURCES_MAX,
  followupUrlProblem,
  sendFollowupSchema,
  type SendFollowup,
  type SendFollowupResponse,
} from '../../../../contracts/followups';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-error';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey, useSendFollowup } from '../api/followups';

type ResourceRow = { key: number; title: string; url: string };
/** Field errors by path: 'notes', 'resources', 'resources.<i>.title', 'resources.<i>.url'. */
type FieldErrors = Record<string, string>;

/** The contract's issues (or the server's `details`, whose paths start with 'body.') by field. */
function errorsByField(issues: { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.replace(/^body\./, '');
    errors[path] ??= issue.message;
  }
  return errors;
}

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
  const [notes, setNotes] = useState('');
  const [resources, setResources] = useState<ResourceRow[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const nextKey = useRef(1);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resourcesLabelId = useId();

  const clearError = (...paths: string[]) => {
    setErrors((current) => {
      if (!paths.some((path) => path in current)) return current;
      const next = { ...current };
      for (const path of paths) delete next[path];
      return next;
    });
    if (send.isError) send.reset();
  };

  const updateResource = (index: number, changes: Partial<Omit<ResourceRow, 'key'>>) =>
    setResources((current) => current.map((row, i) => (i === index ? { ...row, ...changes } : row)));

  function addResource() {
    if (resources.length >= FOLLOWUP_RESOURCES_MAX) return;
    const key = nextKey.current++;
    setResources((current) => [...current, { key, title: '', url: '' }]);
    clearError('resources');
    // The new row's title gets the focus once it is rendered.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>(`[data-title-of="${key}"]`)?.focus(),
    );
  }

  function removeResource(index: number) {
    setResources((current) => current.filter((_, i) => i !== index));
    // Errors are stored by position: the rows below move up one place.
    setErrors((current) => {
      const next: FieldErrors = {};
      for (const [path, message] of Object.entries(current)) {
        const match = /^resources\.(\d+)\.(title|url)$/.exec(path);
        if (!match) {
          if (path !== 'resources') next[path] = message;
          continue;
        }
        const at = Number(match[1]);
        if (at < index) next[path] = message;
        else if (at > index) next[`resources.${at - 1}.${match[2]}`] = message;
      }
      return next;
    });
  }

  function checkUrl(index: number, url: string) {
    if (url.trim() === '') return;
    const problem = followupUrlProblem(url);
    if (problem) setErrors((current) => ({ ...current, [`resources.${index}.url`]: problem }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const input: SendFollowup = {
      notes,
      resources: resources.map(({ title, url }) => ({ title, url })),
    };
    const checked = sendFollowupSchema.safeParse(input);
    if (!checked.success) {
      setErrors(
        errorsByField(
          checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        ),
      );
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setErrors({});
    const body = checked.data;
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized)
      attempt.current = { body: serialized, key: newIdempotencyKey() };
    send.mutate(
      { body, key: attempt.current.key },
      {
        onSuccess: (answer: SendFollowupResponse) => {
          attempt.current = null;
          setNotes('');
          setResources([]);
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
        onError: (error) => {
          if (error instanceof ApiError && error.details.length > 0) setErrors(errorsByField(error.details));
          // A refusal is final for this attempt; a lost answer (network, 5xx) keeps the key for a retry.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) attempt.current = null;
        },
      },
    );
  }

  const full = resources.length >= FOLLOWUP_RESOURCES_MAX;
  const fieldErrorShown = send.error instanceof ApiError && send.error.details.length > 0;

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-6">
      <TextareaField
        label={`Notes for ${clientName}`}
        rows={7}
        maxLength={FOLLOWUP_NOTES_MAX}
        value={notes}
        onChange={(event) => {
          setNotes(event.target.value);
          clearError('notes');
        }}
        hint="What you covered, what to try before you next speak, anything to keep in mind."
        error={errors.notes ?? null}
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
                key={row.key}
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
                      data-title-of={row.key}
                      maxLength={FOLLOWUP_RESOURCE_TITLE_MAX}
                      placeholder="Sleep hygiene basics"
                      value={row.title}
                      onChange={(event) => {
                        updateResource(index, { title: event.target.value });
                        clearError(`resources.${index}.title`);
                      }}
                      error={errors[`resources.${index}.title`] ?? null}
                    />
                    <TextField
                      label={`Link of resource ${index + 1}`}
                      type="url"
                      inputMode="url"
                      autoComplete="off"
                      spellCheck={false}
                      maxLength={FOLLOWUP_RESOURCE_URL_MAX}
                      placeholder="https://"
                      value={row.url}
                      onChange={(event) => {
                        updateResource(index, { url: event.target.value });
                        clearError(`resources.${index}.url`);
                      }}
                      onBlur={(event) => checkUrl(index, event.target.value)}
                      error={errors[`resources.${index}.url`] ?? null}
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
        {errors.resources ? <p className="text-sm font-medium text-danger">{errors.resources}</p> : null}
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
    </form>
  );
}
