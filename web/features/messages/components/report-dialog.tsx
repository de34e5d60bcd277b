import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { z } from 'zod';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  SAFETY_TEXTS,
  messageSummary,
  type InquiryMessage,
  type ReportInput,
} from '#contracts/messages';
import { messagesApi } from '#contracts/messages.api';
import { Button } from '#web/components/button';
import { Dialog, DialogFooter } from '#web/components/dialog';
import { FieldError } from '#web/components/field';
import { applyServerErrors, fieldError, Form, useZodForm } from '#web/components/form';
import { FormActions, formLevelError } from '#web/components/form-actions';
import { RadioCard } from '#web/components/radio-card';
import { TextareaField } from '#web/components/textarea-field';
import { api } from '#web/lib/api';

/** What each reason says on the form (REPORT_REASONS, in their order). */
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], { label: string; hint: string }> =
  {
    harassment: { label: 'Harassment', hint: 'Threats, insults or unwanted contact.' },
    spam: { label: 'Spam', hint: 'Advertising, scams or the same message again and again.' },
    inappropriate: { label: 'Inappropriate', hint: 'Sexual, hateful or otherwise out of place.' },
    other: { label: 'Other', hint: 'Tell us what happened below.' },
  };

export const CHOOSE_A_REASON = 'Choose a reason.';

/** The form's fields: the contract's reason and details ('other' needs details), checked on submit. */
const reportFormSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: CHOOSE_A_REASON }),
    details: z.string().trim().max(REPORT_DETAILS_MAX, `At most ${REPORT_DETAILS_MAX} characters.`),
  })
  .refine((report) => report.reason !== 'other' || report.details.length > 0, {
    message: SAFETY_TEXTS.otherNeedsDetails,
    path: ['details'],
  });

/**
 * "Report": the conversation, or one message of it (`message`), to the moderators — a reason
 * (harassment, spam, inappropriate, other), optional details up to REPORT_DETAILS_MAX characters
 * (required for 'other'), POST /api/conversations/:id/reports; then the server's confirmation.
 */
export function ReportDialog({
  conversationId,
  otherName,
  message,
  open,
  onOpenChange,
}: {
  conversationId: string;
  otherName: string;
  /** The message reported; absent: the conversation as a whole. */
  message?: InquiryMessage | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useZodForm(reportFormSchema, { defaultValues: { details: '' } });
  const report = useMutation({
    mutationFn: (body: ReportInput) => api(messagesApi.report, { params: { id: conversationId }, body }),
  });
  const details = form.watch('details') ?? '';
  const close = (next: boolean) => {
    if (!next) {
      form.reset();
      report.reset();
    }
    onOpenChange(next);
  };

  async function submit(values: z.output<typeof reportFormSchema>) {
    const body: ReportInput = {
      reason: values.reason,
      ...(values.details ? { details: values.details } : {}),
      ...(message ? { message_id: message.id } : {}),
    };
    try {
      await report.mutateAsync(body);
    } catch (failure) {
      applyServerErrors(form, failure, { reason: 'reason', details: 'details' });
    }
  }

  const title = message ? 'Report this message' : `Report your conversation with ${otherName}`;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      description={
        report.isSuccess
          ? undefined
          : 'Our team reads every report. The other person is not told who reported them.'
      }
    >
      {report.isSuccess ? (
        <>
          <p role="status" className="flex items-start gap-2 text-sm text-text">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            {report.data.message || SAFETY_TEXTS.reported}
          </p>
          <DialogFooter>
            <Button onClick={() => close(false)}>Done</Button>
          </DialogFooter>
        </>
      ) : (
        <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
          {message ? (
            <blockquote className="line-clamp-3 rounded-[var(--radius-control)] border-l-4 border-border bg-surface-sunken px-3 py-2 text-sm break-words whitespace-pre-line text-text-muted">
              {messageSummary(message)}
            </blockquote>
          ) : null}
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={fieldError(form, 'reason') ? 'report-reason-error' : undefined}
          >
            <legend className="mb-1.5 text-sm font-medium text-text">What is wrong?</legend>
            {REPORT_REASONS.map((reason) => (
              <RadioCard
                key={reason}
                value={reason}
                {...form.register('reason', { onChange: () => form.clearErrors('reason') })}
              >
                <span className="text-sm font-medium">
                  {REPORT_REASON_LABELS[reason].label}
                  <span className="block text-xs font-normal text-text-muted">
                    {REPORT_REASON_LABELS[reason].hint}
                  </span>
                </span>
              </RadioCard>
            ))}
            <FieldError id="report-reason-error" error={fieldError(form, 'reason')} />
          </fieldset>
          <TextareaField
            label="Details (optional)"
            hint="What happened, in your words. Required for Other."
            maxLength={REPORT_DETAILS_MAX}
            value={details}
            error={fieldError(form, 'details')}
            {...form.register('details', { onChange: () => form.clearErrors('details') })}
          />
          <FormActions
            submitLabel="Send report"
            pendingLabel="Sending…"
            pending={report.isPending}
            error={formLevelError(report.error, { reason: 'reason', details: 'details' })}
            onCancel={() => close(false)}
          />
        </Form>
      )}
    </Dialog>
  );
}
