import { z } from 'zod';

/**
 * The live session room: presence and call signalling over the tab's realtime
 * socket (contracts/realtime.ts), and the ICE servers for calls over HTTP.
 *
 * client -> server (Socket.IO commands, each answered through the ack with a CommandReply)
 *   'session.join'   { session_id }          the tab has the room open: { ok, session }
 *   'session.leave'  { session_id }          it closed the room (a disconnect counts as leaving)
 *   'session.signal' { session_id, signal }  to the other party: an RtcSignal
 *
 * Presence: chat_sessions.coach_present / client_present say whether a tab of that party has the room
 * open (on any instance). The first moment both are present starts the timer (timer_started_at =
 * start_time: the booked minutes count from then). Changes reach both parties as chat_session.updated.
 *
 * Signals reach the other party as SESSION_ROOM_EVENTS.signal on their own `user:<id>` topic.
 *
 *   GET /api/sessions/:id/rtc   the ICE servers (STUN/TURN, with per-person TURN credentials) for a party
 */
export const SESSION_ROOM_COMMANDS = {
  join: 'session.join',
  leave: 'session.leave',
  signal: 'session.signal',
} as const;

export const SESSION_ROOM_EVENTS = {
  /** Payload RtcSignalEvent. */
  signal: 'rtc.signal',
} as const;

/** Timer warnings: minutes left at which both parties are told. */
export const SESSION_WARNING_MINUTES = [5, 1] as const;

export const sessionRoomJoinSchema = z.object({ session_id: z.uuid() }).strict();

/**
 * A page's call endpoint: random per RTCPeerConnection, so a reload or a rejoin is a new peer and
 * signals meant for an old one are ignored.
 */
const peerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/**
 * Call signalling between the two parties (perfect-negotiation style, the coach offers):
 * - ready: this peer is in the room and wants a call (the client sends it when it joins and when it
 *   needs a fresh connection; the coach answers a client's `ready` with an offer, and sends `ready`
 *   itself when it joins, which the client answers with `ready`).
 * - description: an SDP offer or answer for the peer `to`.
 * - candidate: an ICE candidate for the peer `to` (null: end of candidates).
 * - media: what this peer sends (microphone on, camera on), for the other side's indicators.
 * - bye: this peer leaves the call.
 */
export const rtcSignalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready'), from: peerIdSchema }).strict(),
  z
    .object({
      kind: z.literal('description'),
      from: peerIdSchema,
      to: peerIdSchema,
      description: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(15_000) }).strict(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('candidate'),
      from: peerIdSchema,
      to: peerIdSchema,
      candidate: z
        .object({
          candidate: z.string().max(1_000),
          sdpMid: z.string().max(64).nullable().optional(),
          sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
          usernameFragment: z.string().max(256).nullable().optional(),
        })
        .strict()
        .nullable(),
    })
    .strict(),
  z.object({ kind: z.literal('media'), from: peerIdSchema, audio: z.boolean(), video: z.boolean() }).strict(),
  z.object({ kind: z.literal('bye'), from: peerIdSchema }).strict(),
]);
export type RtcSignal = z.infer<typeof rtcSignalSchema>;

export const sessionRoomSignalSchema = z.object({ session_id: z.uuid(), signal: rtcSignalSchema }).strict();
export type SessionRoomSignal = z.infer<typeof sessionRoomSignalSchema>;

/** The event the other party receives. */
export const rtcSignalEventSchema = z.object({
  session_id: z.uuid(),
  from_user_id: z.uuid(),
  signal: rtcSignalSchema,
});
export type RtcSignalEvent = z.infer<typeof rtcSignalEventSchema>;

export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** GET /api/sessions/:id/rtc */
export const rtcConfigSchema = z.object({
  ice_servers: z.array(iceServerSchema),
  /** How long the TURN credentials are valid (null without time-limited credentials). */
  expires_at: z.string().nullable(),
});
export type RtcConfig = z.infer<typeof rtcConfigSchema>;

export const SESSION_ROOM_MESSAGES = {
  ended: 'This session has ended.',
  notActive: 'Calls and presence are only for a session that is on.',
  /** A guest (guest link) sends a call signal: the call is between the coach and the client. */
  callPartiesOnly: 'The call is between the coach and the client.',
} as const;
