import { PageShell } from '../../components/page-shell';

/** Placeholder until the screen is built (issue #5). */
export function CardsPage() {
  return (
    <PageShell title="Payout methods" description="Where your withdrawals are paid.">
      {null}
    </PageShell>
  );
}
