// PLACEHOLDER owned by the discovery/favourites work (issue #4): replaced by the real Follow / Notify
// toggles. Props are the agreed interface used by the coach page.
export type FollowButtonsProps = {
  coachId: string;
  /** The coach's enable_follow_button. */
  enableFollow: boolean;
  /** The coach's enable_notify_button. */
  enableNotify: boolean;
};

export function FollowButtons(_props: FollowButtonsProps) {
  return null;
}
