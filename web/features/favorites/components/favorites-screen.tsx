import { useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CoachCard } from '#contracts/discovery';
import type { FavoriteCoach } from '#contracts/favorites';
import { MessageCard } from '#web/components/message-card';
import { LoadError } from '#web/components/load-error';
import { buttonClasses } from '#web/components/button';
import { Switch } from '#web/components/switch';
import { ApiError } from '#web/lib/api-client';
import { favoritesQueryOptions, useFollowMutation } from '../api/favorites';

/**
 * /client-favorites: the coaches the person follows, each with Follow and Notify switches where the
 * coach enabled them. Unfollowing keeps the coach on the screen (switch off) until the next visit,
 * so it can be undone in place. The card itself comes from the route (discovery's CoachCard).
 */
export function FavoritesScreen({
  userId,
  renderCoach,
}: {
  userId: string;
  renderCoach: (coach: CoachCard) => ReactNode;
}) {
  const query = useQuery(favoritesQueryOptions(userId));

  if (query.isPending)
    return (
      <div role="status" aria-label="Loading your coaches" className="grid gap-4 sm:grid-cols-2">
        {Array.from({ length: 2 }, (_, index) => (
          <div key={index} className="h-64 animate-pulse rounded-[var(--radius-card)] bg-surface-sunken" />
        ))}
      </div>
    );

  if (query.isError)
    return (
      <LoadError
        title="We could not load your coaches"
        error={query.error}
        onRetry={
          query.error instanceof ApiError && query.error.code === 'CLIENT_ROLE_REQUIRED'
            ? undefined
            : () => void query.refetch()
        }
      />
    );

  if (query.data.coaches.length === 0)
    return (
      <MessageCard
        icon={Heart}
        title="You are not following anyone yet"
        action={
          <Link to="/discover" className={buttonClasses('primary')}>
            Discover coaches
          </Link>
        }
      >
        Follow coaches from their page to keep them here, one tap away.
      </MessageCard>
    );

  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {query.data.coaches.map((coach) => (
        <li key={coach.coach_id} className="flex flex-col gap-2">
          <div className="flex-1">{renderCoach(coach)}</div>
          <FavoriteToggles userId={userId} coach={coach} />
        </li>
      ))}
    </ul>
  );
}

function FavoriteToggles({ userId, coach }: { userId: string; coach: FavoriteCoach }) {
  const mutation = useFollowMutation(userId);
  const [following, setFollowing] = useState(true);
  const [notify, setNotify] = useState(coach.notify);
  const name = coach.full_name ?? 'this coach';

  const change = (next: { following: boolean; notify: boolean }) => {
    const before = { following, notify };
    setFollowing(next.following);
    setNotify(next.notify);
    mutation.mutate(
      { coachId: coach.coach_id, ...next },
      {
        onError: () => {
          setFollowing(before.following);
          setNotify(before.notify);
        },
      },
    );
  };

  return (
    <div className="rounded-[var(--radius-card)] border border-border bg-surface px-4 py-1">
      <Switch
        label={following ? 'Following' : 'Follow'}
        hint={following ? undefined : `You unfollowed ${name}. Switch on to follow again.`}
        checked={following}
        disabled={!following && !coach.follow_enabled}
        onChange={(checked) => change({ following: checked, notify: checked ? notify : false })}
      />
      {coach.notify_enabled ? (
        <Switch
          label="Notify me"
          hint={`Hear from ${name} when they share news.`}
          checked={following && notify}
          onChange={(checked) => change({ following: following || checked, notify: checked })}
        />
      ) : (
        <p className="py-3 text-sm text-text-muted">{name} does not send notifications to followers.</p>
      )}
    </div>
  );
}
