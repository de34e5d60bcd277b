import { queryOptions } from '@tanstack/react-query';
import { rtcConfigSchema } from '../../../../contracts/session-room';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/sessions/:id/rtc: the ICE servers (STUN/TURN) for this session's call. */
export const rtcConfigQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['sessions', 'rtc', sessionId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/sessions/${encodeURIComponent(sessionId)}/rtc`, rtcConfigSchema, { signal }),
    // TURN credentials last hours; a call needs them once, at its start.
    staleTime: 60 * 60_000,
  });
