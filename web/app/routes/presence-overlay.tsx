import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Me } from '#contracts/auth';
import { coachPresenceEventSchema, PRESENCE_EVENT } from '#contracts/presence';
import { applyCoachPagePresence, refetchCoachPages } from '#web/features/coach-page/lib/coach-presence';
import {
  applyCoachPresence,
  refetchCoachLists,
  refetchPresenceDependentLists,
  withCoachPresence,
} from '#web/features/discovery/lib/coach-presence';
import { favoritesQueryOptions } from '#web/features/favorites/api/favorites';
import { PresenceCheck } from '#web/features/presence/components/presence-check';
import { PresenceToggle } from '#web/features/presence/components/presence-toggle';
import { useRealtimeBroadcast, useRealtimeSnapshot } from '#web/lib/realtime/use-realtime-topic';

/** Lists whose members depend on presence are refetched at most once a second (SPEC §9 reload debounce). */
export const PRESENCE_REFETCH_DEBOUNCE_MS = 1_000;

/** Presence controls are the coach's: the coach role, and using the product as a coach now. */
const actsAsCoach = (me: Me) => me.roles.includes('coach') && me.active_role === 'coach';

/**
 * Live coach presence for everyone signed in: each PRESENCE_EVENT on the broadcast
 * topic patches the cached discovery cards, favourites and coach pages in place; lists whose members
 * depend on it ("Online now", the availability sort) are refetched, debounced by 1 s. Broadcast
 * events are not replayed, so a reconnect refetches what those screens show. (Anonymous visitors have
 * no socket: their pages keep what they fetched.)
 */
function useLivePresence(me: Me) {
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);

  useRealtimeBroadcast(PRESENCE_EVENT, (event) => {
    const parsed = coachPresenceEventSchema.safeParse(event.payload);
    if (!parsed.success) return;
    applyCoachPresence(queryClient, parsed.data);
    applyCoachPagePresence(queryClient, parsed.data);
    queryClient.setQueryData(favoritesQueryOptions(me.user_id).queryKey, (data) =>
      data ? withCoachPresence(data, parsed.data) : data,
    );
    pending.current ??= setTimeout(() => {
      pending.current = undefined;
      void refetchPresenceDependentLists(queryClient);
    }, PRESENCE_REFETCH_DEBOUNCE_MS);
  });

  const { connection } = useRealtimeSnapshot();
  const previous = useRef(connection);
  useEffect(() => {
    const was = previous.current;
    previous.current = connection;
    if (was !== 'reconnecting' || connection !== 'connected') return;
    void refetchCoachLists(queryClient);
    void refetchCoachPages(queryClient);
    void queryClient.invalidateQueries({ queryKey: favoritesQueryOptions(me.user_id).queryKey });
  }, [connection, queryClient, me.user_id]);
}

/** The coach's online switch in the header (SPEC §4); nothing for anyone else. */
export function PresenceHeaderControl({ me }: { me: Me }) {
  return actsAsCoach(me) ? <PresenceToggle userId={me.user_id} /> : null;
}

/**
 * Mounted for every signed-in person: live presence for what they browse and, for a coach, the
 * SPEC §4 "Are you still online?" check.
 */
export function PresenceOverlay({ me }: { me: Me }) {
  useLivePresence(me);
  return actsAsCoach(me) ? <PresenceCheck userId={me.user_id} /> : null;
}
