import { useQuery } from '@tanstack/react-query';
import { Bell, BellRing, Heart, LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '#web/lib/auth/use-auth';
import { followStateQueryOptions, useFollowMutation } from '../api/favorites';

export type FollowButtonsProps = {
  coachId: string;
  /** The coach's enable_follow_button. */
  enableFollow: boolean;
  /** The coach's enable_notify_button. */
  enableNotify: boolean;
};

const pill =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60';
const off = `${pill} border-border bg-surface text-text hover:bg-surface-sunken`;
const on = `${pill} border-primary bg-primary-soft text-primary`;

/**
 * Follow and Notify toggles on a coach's page, where the coach enabled them. Signed out: a Follow
 * link to sign-in that comes back here. Signed in without the client role (or on one's own page):
 * shown disabled with the reason, so a coach's preview looks like what clients see.
 */
export function FollowButtons({ coachId, enableFollow, enableNotify }: FollowButtonsProps) {
  const auth = useAuth();
  const location = useLocation();
  const userId = auth.status === 'signed_in' ? (auth.user?.id ?? null) : null;
  const state = useQuery({ ...followStateQueryOptions(userId ?? '', coachId), enabled: userId !== null });
  const mutation = useFollowMutation(userId ?? '');

  if (!enableFollow && !enableNotify) return null;

  if (auth.status !== 'signed_in' || !userId) {
    if (auth.status === 'loading') return null;
    const back = `${location.pathname}${location.search}`;
    return (
      <Link to={`/auth?as=client&redirect=${encodeURIComponent(back)}`} className={off}>
        <LogIn aria-hidden="true" className="size-4" />
        Sign in to follow
      </Link>
    );
  }

  const data = state.data;
  const own = userId === coachId;
  const reason = own
    ? 'This is your own page.'
    : data && !data.is_client
      ? 'Following is for client accounts: switch to your client role to follow.'
      : null;
  const disabled = !data || reason !== null || mutation.isPending;
  const following = data?.following ?? false;
  const notify = data?.notify ?? false;

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Follow this coach">
        {enableFollow || following ? (
          <button
            type="button"
            aria-pressed={following}
            disabled={disabled || (!following && !enableFollow)}
            onClick={() =>
              mutation.mutate({ coachId, following: !following, notify: following ? false : notify })
            }
            className={following ? on : off}
          >
            <Heart aria-hidden="true" className={`size-4 ${following ? 'fill-current' : ''}`} />
            {following ? 'Following' : 'Follow'}
          </button>
        ) : null}
        {enableNotify ? (
          <button
            type="button"
            aria-pressed={notify}
            disabled={disabled || (!following && !enableFollow)}
            onClick={() => mutation.mutate({ coachId, following: true, notify: !notify })}
            className={notify ? on : off}
          >
            {notify ? (
              <BellRing aria-hidden="true" className="size-4" />
            ) : (
              <Bell aria-hidden="true" className="size-4" />
            )}
            {notify ? 'Notifying you' : 'Notify me'}
          </button>
        ) : null}
      </div>
      {reason ? <p className="text-xs text-text-muted">{reason}</p> : null}
      {state.isError ? (
        <p className="text-xs text-text-muted">Following is not available right now.</p>
      ) : null}
    </div>
  );
}
