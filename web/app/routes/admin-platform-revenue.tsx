import { PageShell } from '../../components/page-shell';

/** Placeholder until the screen is built (issue #5). */
export function AdminPlatformRevenuePage() {
  return (
    <PageShell title="Platform revenue" description="What the platform itself earns.">
      {null}
    </PageShell>
  );
}
