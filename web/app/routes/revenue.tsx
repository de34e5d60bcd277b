import { PageShell } from '../../components/page-shell';

/** Placeholder until the screen is built (issue #5). */
export function RevenuePage() {
  return (
    <PageShell title="Revenue" description="What you have earned and what you can withdraw.">
      {null}
    </PageShell>
  );
}
