import { PageShell } from '../../components/page-shell';

/** /waiting-room/:requestId — placeholder until the client requests web slice lands (issue #6). */
export function WaitingRoomPage() {
  return <PageShell title="Waiting room" />;
}
