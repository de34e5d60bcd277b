import { useState } from 'react';
import { useUnsavedChanges } from '../lib/use-unsaved-changes';
import { Button } from './button';
import { ConfirmDialog } from './dialog';

/**
 * The unsaved-changes dialog (SPEC §2 overlays) with its three choices. Put it in any edit screen:
 * `<UnsavedChangesGuard when={isDirty} onSave={save} />`. `onSave` answers false (or throws) when
 * saving failed: the person then stays on the page with their changes.
 */
export function UnsavedChangesGuard({
  when,
  onSave,
}: {
  when: boolean;
  onSave: () => Promise<boolean | void> | boolean | void;
}) {
  const blocker = useUnsavedChanges(when);
  const [saving, setSaving] = useState(false);
  const open = blocker.state === 'blocked';

  async function save() {
    setSaving(true);
    try {
      const saved = (await onSave()) !== false;
      if (saved) blocker.proceed?.();
      else blocker.reset?.();
    } catch {
      blocker.reset?.();
    } finally {
      setSaving(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !saving) blocker.reset?.();
      }}
      title="You have unsaved changes"
      description="Save them before you leave this page, or discard them. Keep editing to stay here."
      footer={
        <>
          <Button variant="ghost" onClick={() => blocker.reset?.()} disabled={saving}>
            Keep editing
          </Button>
          <Button variant="secondary" onClick={() => blocker.proceed?.()} disabled={saving}>
            Discard changes
          </Button>
          <Button onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    />
  );
}
