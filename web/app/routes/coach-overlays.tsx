import type { Me } from '#contracts/auth';
import { IncomingRequestBanner } from '#web/features/incoming-requests/components/incoming-request-banner';
import { preloadSessionRoom } from './preload-session-room';

/** The coach's incoming-request banner (SPEC §4), only while the active role is coach. */
export function CoachOverlays({ me }: { me: Me }) {
  return me.active_role === 'coach' ? <IncomingRequestBanner onRing={preloadSessionRoom} /> : null;
}
