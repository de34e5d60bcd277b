import { defineEndpoint } from './endpoint';
import { rtcConfigSchema } from './session-room';
import { sessionParamsSchema } from './sessions';

const tag = 'Session room';

/**
 * The session room over HTTP: the ICE servers for a call, for the session's parties only (404 for
 * anyone else). Presence and signalling travel over the realtime socket.
 */
export const sessionRoomApi = {
  rtc: defineEndpoint({
    method: 'GET',
    path: '/api/sessions/:id/rtc',
    summary: "The ICE servers (STUN/TURN credentials) for the session's call",
    tag,
    access: 'signed-in',
    params: sessionParamsSchema,
    responses: { 200: rtcConfigSchema },
  }),
} as const;
