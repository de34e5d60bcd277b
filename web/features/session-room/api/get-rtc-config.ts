import { queryOptions } from '@tanstack/react-query';
import { sessionRoomApi } from '#contracts/session-room.api';
import { api } from '#web/lib/api';

/** GET /api/sessions/:id/rtc: the ICE servers (STUN/TURN) for this session's call. */
export const rtcConfigQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['sessions', 'rtc', sessionId] as const,
    queryFn: ({ signal }) => api(sessionRoomApi.rtc, { params: { id: sessionId } }, { signal }),
    // TURN credentials last hours; a call needs them once, at its start.
    staleTime: 60 * 60_000,
  });
