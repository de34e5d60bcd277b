import type { Me } from '../../../contracts/auth';

/**
 * The client's request and session toasts and the notification stack (issue #6 points 3 and 5).
 * Placeholder until the client web slice lands.
 */
export function ClientOverlays(_props: { me: Me }) {
  return null;
}
