import { PageShell } from '../../components/page-shell';

/** /session-waiting/:sessionId — placeholder until the sessions web slice lands (issue #6). */
export function SessionWaitingPage() {
  return <PageShell title="Waiting for your session" />;
}
