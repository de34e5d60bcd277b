import { PageShell } from '../../components/page-shell';

/** /session/:sessionId — placeholder until the sessions web slice lands (issue #6). */
export function SessionPage() {
  return <PageShell title="Session" />;
}
