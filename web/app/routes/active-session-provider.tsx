import type { ReactNode } from 'react';
import type { Me } from '#contracts/auth';
import { useActiveSessionSource } from '#web/features/sessions/hooks/use-active-session-source';
import { ActiveSessionContext } from '#web/lib/active-session';

/**
 * Provides the signed-in person's live session (ActiveSessionContext, web/lib/active-session.ts) to
 * the SPEC §2 active-session redirect: GET /api/sessions/active, kept current by realtime events.
 */
export function ActiveSessionProvider({ children }: { me: Me; children: ReactNode }) {
  const source = useActiveSessionSource();
  return <ActiveSessionContext.Provider value={source}>{children}</ActiveSessionContext.Provider>;
}
