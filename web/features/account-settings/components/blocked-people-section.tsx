import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Avatar } from '#web/components/avatar';
import { Button } from '#web/components/button';
import { FormError } from '#web/components/form-error';
import { RetryError } from '#web/components/list-states';
import { SkeletonRows } from '#web/components/loading-skeleton';
import { EmptyNote } from '#web/components/section-card';
import { formatDateInViewerLocale, localTimeZone } from '#web/lib/dates';
import { blockedQueryOptions, unblockPerson } from '#web/lib/queries/blocks';
import { SettingsCard } from './form-controls';

/** The address that opens Settings at this section (the conversation view's "Go to Settings"). */
export const BLOCKED_PEOPLE_ANCHOR = 'blocked-people';

/**
 * "Blocked people" (#17 safety): the people the person blocked (GET /api/blocks), newest first, each
 * with Unblock (DELETE /api/blocks/:userId) — after which they can write and ask for sessions again.
 */
export function BlockedPeopleSection() {
  const queryClient = useQueryClient();
  const blocks = useQuery(blockedQueryOptions());
  const unblock = useMutation({ mutationFn: (userId: string) => unblockPerson(queryClient, userId) });
  const section = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  // Opened from a conversation (/settings#blocked-people): this section comes into view once its
  // list is there (the sections above have settled by then, more often than not).
  const loaded = !blocks.isPending;
  useEffect(() => {
    if (loaded && hash === `#${BLOCKED_PEOPLE_ANCHOR}`) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, loaded]);

  let body;
  if (blocks.isPending) body = <SkeletonRows label="Loading the people you blocked…" rows={2} />;
  else if (blocks.isError)
    body = <RetryError error={blocks.error} onRetry={() => void blocks.refetch()} label="Try again" />;
  else if (blocks.data.blocked.length === 0)
    body = (
      <EmptyNote icon={ShieldCheck}>
        You have not blocked anyone. Block someone from the menu of your conversation with them.
      </EmptyNote>
    );
  else
    body = (
      <ul className="divide-y divide-border" aria-label="People you blocked">
        {blocks.data.blocked.map((person) => (
          <li key={person.user_id} className="flex flex-wrap items-center gap-3 py-3">
            <Avatar name={person.name} src={person.avatar_url} size={40} className="size-10 text-sm" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{person.name}</p>
              <p className="text-sm text-text-muted">
                Blocked{' '}
                <time dateTime={person.blocked_at}>
                  {formatDateInViewerLocale(person.blocked_at, localTimeZone(), { date: 'medium' })}
                </time>
              </p>
            </div>
            <Button
              variant="secondary"
              aria-label={`Unblock ${person.name}`}
              busy={unblock.isPending && unblock.variables === person.user_id}
              disabled={unblock.isPending}
              onClick={() => unblock.mutate(person.user_id)}
            >
              Unblock
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <div ref={section} id={BLOCKED_PEOPLE_ANCHOR} className="scroll-mt-24">
      <SettingsCard
        headingId="blocked-people-heading"
        title="Blocked people"
        description="People you blocked cannot send you messages or session requests, and you cannot send them any. Your past conversations stay."
      >
        {body}
        {unblock.isError ? (
          <div className="mt-3">
            <FormError error={unblock.error} />
          </div>
        ) : null}
        {unblock.isSuccess ? (
          <p role="status" className="mt-3 text-sm text-success">
            Unblocked. They can write to you again.
          </p>
        ) : null}
      </SettingsCard>
    </div>
  );
}
