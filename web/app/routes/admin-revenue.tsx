import { PageShell } from '../../components/page-shell';

/** Placeholder until the screen is built (issue #5). */
export function AdminRevenuePage() {
  return (
    <PageShell title="Revenue" description="Coach earnings, payouts and refunds.">
      {null}
    </PageShell>
  );
}
