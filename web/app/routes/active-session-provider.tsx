import type { ReactNode } from 'react';
import type { Me } from '../../../contracts/auth';

/**
 * Provides the signed-in person's live session (ActiveSessionContext, web/lib/active-session.ts) to
 * the active-session redirect. Placeholder until the sessions web slice lands: nobody has one.
 */
export function ActiveSessionProvider({ children }: { me: Me; children: ReactNode }) {
  return <>{children}</>;
}
