import type { ReactNode } from 'react';
import { Button } from './button';
import { ConfirmDialog } from './dialog';
import { FormError } from './form-error';

/** The part of a delete mutation the dialog shows: whether it runs, how it failed, and forgetting that. */
export type DeleteMutationState = { isPending: boolean; error: unknown; reset: () => void };

/**
 * "Delete this …?": what will be lost, Keep it, and the red confirm button that reads "Deleting…"
 * while the mutation runs (or `pendingLabel`). Closing it (Keep it, Escape, outside) forgets a failed attempt.
 */
export function DeleteConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pendingLabel = 'Deleting…',
  mutation,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string | undefined;
  confirmLabel: string;
  pendingLabel?: ReactNode;
  mutation: DeleteMutationState;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Keep it
          </Button>
          <Button variant="danger" disabled={mutation.isPending} onClick={onConfirm}>
            {mutation.isPending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <FormError error={mutation.error} />
    </ConfirmDialog>
  );
}
