import type { Me } from '../../../contracts/auth';

/** The coach's incoming-request banner (issue #6 point 4). Placeholder until the coach web slice lands. */
export function CoachOverlays(_props: { me: Me }) {
  return null;
}
