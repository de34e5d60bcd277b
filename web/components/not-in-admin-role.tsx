import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * An admin screen whose figures this admin's role may not see (e.g. a coach manager on a revenue
 * screen): said plainly, with the way back; the screen fetches nothing.
 */
export function NotInAdminRole({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col items-start gap-3 rounded-[var(--radius-card)] border border-border bg-surface p-6 shadow-soft">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-warning-soft text-warning">
        <ShieldAlert aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-text-muted">{children}</p>
      <Link to="/admin" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
        Back to administration
      </Link>
    </section>
  );
}
