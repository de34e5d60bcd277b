import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * The save bar of an edit form: sticky at the bottom (above the mobile navigation), saying whether
 * there is something to save, with Discard while dirty and the form's submit button. `children` are
 * extra actions shown first (a Preview or Back link).
 */
export function SaveBar({
  saving,
  dirty,
  onDiscard,
  children,
}: {
  saving: boolean;
  dirty: boolean;
  onDiscard: () => void;
  children?: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label="Save changes"
      className="sticky bottom-[57px] z-30 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t border-border bg-surface/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:bottom-0"
    >
      <p className="sr-only text-sm text-text-muted sm:not-sr-only" aria-live="polite">
        {saving ? 'Saving…' : dirty ? 'You have unsaved changes.' : 'All changes saved.'}
      </p>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        {children}
        {dirty ? (
          <Button variant="secondary" onClick={onDiscard} disabled={saving}>
            Discard
          </Button>
        ) : null}
        <Button type="submit" disabled={!dirty || saving}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </div>
  );
}
