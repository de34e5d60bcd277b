import {
  APPLICATION_LIMITS,
  rejectApplicationBodySchema,
  type RejectApplicationBody,
} from '#contracts/applications';
import { Button } from '#web/components/button';
import { ConfirmDialog, Dialog, DialogFooter } from '#web/components/dialog';
import { fieldError, Form, useZodForm } from '#web/components/form';
import { TextareaField } from '#web/components/textarea-field';

/** The one destructive button (the danger token keeps contrast in both themes). */
export const DANGER_BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-[var(--radius-control)] bg-danger px-4 py-2 text-sm font-semibold text-background shadow-soft transition-opacity hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60';

/** A decision about `name`'s application: the dialog's state and what confirming does. */
type DecisionDialogProps<Confirm> = {
  open: boolean;
  name: string;
  onOpenChange: (open: boolean) => void;
  onConfirm: Confirm;
};

/** "Approve {name}?" — what approval does, said before it happens. */
export function ApproveDialog({ open, name, onOpenChange, onConfirm }: DecisionDialogProps<() => void>) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Approve ${name}?`}
      description="They get the coach role and a welcome email, their profile is filled in from this application where it is empty, and they can be listed and go online."
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>Approve</Button>
        </>
      }
    />
  );
}

/** Reject with a reason the applicant will read (required, up to 1,000 characters). */
export function RejectDialog({
  open,
  name,
  onOpenChange,
  onConfirm,
}: DecisionDialogProps<(reason: string) => void>) {
  // The reason has the focus from the start; a refused submit leaves it there.
  const form = useZodForm(rejectApplicationBodySchema, {
    defaultValues: { reason: '' },
    shouldFocusError: false,
  });
  const reason = form.watch('reason');

  function change(next: boolean) {
    if (!next) form.reset({ reason: '' });
    onOpenChange(next);
  }

  function submit(body: RejectApplicationBody) {
    onConfirm(body.reason);
    form.reset({ reason: '' });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={`Reject ${name}'s application?`}
      description="They will see your reason on their application page and can apply again. Be specific and kind: say what to add or change."
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <TextareaField
          label="Reason for the applicant"
          value={reason}
          maxLength={APPLICATION_LIMITS.rejectionReason}
          rows={4}
          required
          autoFocus
          error={fieldError(form, 'reason') ?? null}
          {...form.register('reason', { onChange: () => form.clearErrors('reason') })}
        />
        <DialogFooter>
          <Button variant="ghost" onClick={() => change(false)}>
            Cancel
          </Button>
          <button type="submit" className={DANGER_BUTTON}>
            Reject application
          </button>
        </DialogFooter>
      </Form>
    </Dialog>
  );
}
