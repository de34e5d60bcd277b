import type { Me } from '../../../contracts/auth';

/**
 * Coach presence in the signed-in shell (issue #6 point 2): the online toggle in the header and the
 * "Are you still online?" dialog. Placeholder until the presence slice lands.
 */
export function PresenceHeaderControl(_props: { me: Me }) {
  return null;
}

export function PresenceOverlay(_props: { me: Me }) {
  return null;
}
