import { PageShell } from '../../components/page-shell';

/** Placeholder until the screen is built (issue #5). */
export function WithdrawalSuccessPage() {
  return (
    <PageShell title="Withdrawal requested" description="Confirmation of a withdrawal from your earnings.">
      {null}
    </PageShell>
  );
}
