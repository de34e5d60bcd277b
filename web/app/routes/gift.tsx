import { PageShell } from '../../components/page-shell';

/** Placeholder until the screen is built (issue #5). */
export function GiftPage() {
  return (
    <PageShell title="Send a gift" description="Send wallet credit or a session to someone you care about.">
      {null}
    </PageShell>
  );
}
