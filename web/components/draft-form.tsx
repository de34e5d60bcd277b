import type { ReactNode } from 'react';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/**
 * The form of an editor that keeps a draft (the profile editors): submitting saves the draft, and the
 * unsaved-changes guard holds navigation while it differs from what is saved.
 */
export function DraftForm({
  editor,
  children,
}: {
  editor: { dirty: boolean; save: () => Promise<boolean> };
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void editor.save();
      }}
      className="flex flex-col gap-6"
    >
      <UnsavedChangesGuard when={editor.dirty} onSave={editor.save} />
      {children}
    </form>
  );
}
