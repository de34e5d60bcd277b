import { z } from 'zod';

/**
 * The realtime protocol (docs/decisions/003-realtime.md), one Socket.IO connection per tab at path
 * REALTIME_PATH, authenticated with `auth: { token: <access token> }` in the handshake.
 *
 * client -> server  'subscribe'   SubscribeRequest, ack SubscribeAck
 * client -> server  'unsubscribe' UnsubscribeRequest, ack UnsubscribeAck
 * server -> client  'event'       RealtimeEvent (per topic, seq strictly increasing by 1)
 *
 * A refused connection gets a connect_error whose `data` is RealtimeError (UNAUTHENTICATED when the
 * token is missing, invalid, expired or its session ended). The server disconnects a socket when its
 * token expires; the client reconnects with a fresh token and resubscribes with `after_seq`.
 */
export const REALTIME_PATH = '/realtime';

/** SPEC §9: more than 1 channel (topic) per tab is a warning, more than 2 critical; checked every 10 s. */
export const REALTIME_CHANNELS_WARNING = 1;
export const REALTIME_CHANNELS_CRITICAL = 2;
export const REALTIME_HEALTH_CHECK_MS = 10_000;

/** At most this many missed events are replayed on subscribe; beyond it the tab refetches its snapshot. */
export const REALTIME_MAX_REPLAY = 500;

/**
 * The public broadcast topic: every connected socket receives its events without subscribing (it is
 * not one of the tab's channels). Only public facts go here, e.g. coach presence changes
 * (contracts/presence.ts). Its events are not replayed: a tab refetches what it shows after a reconnect.
 */
export const BROADCAST_TOPIC = 'broadcast:00000000-0000-0000-0000-000000000000';

/** `user:<uuid>` today; later kinds (`request:`, `session:`) register their own authorizers. */
export const topicSchema = z
  .string()
  .regex(/^[a-z_]+:[0-9a-f-]{36}$/, 'A topic is <kind>:<id>.')
  .max(80);

export const realtimeEventSchema = z.object({
  topic: z.string(),
  /** 1, 2, 3… per topic, never reused. */
  seq: z.number().int().positive(),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

export const realtimeErrorSchema = z.object({
  code: z.enum([
    'UNAUTHENTICATED',
    'FORBIDDEN',
    'NOT_FOUND',
    'CONFLICT',
    'VALIDATION_ERROR',
    'RATE_LIMITED',
    'INTERNAL_ERROR',
  ]),
  message: z.string(),
});
export type RealtimeError = z.infer<typeof realtimeErrorSchema>;

export const subscribeRequestSchema = z.object({
  topic: topicSchema,
  /** The last seq this tab applied for the topic (0 or absent: none yet). */
  after_seq: z.number().int().nonnegative().optional(),
});
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export const subscribeAckSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    topic: z.string(),
    /** The topic's latest seq when subscribed (0 when it never had an event). */
    seq: z.number().int().nonnegative(),
    /** Events after `after_seq`, oldest first (empty without after_seq). */
    missed: z.array(realtimeEventSchema),
    /** false: more than REALTIME_MAX_REPLAY were missed; refetch the snapshot, then apply events > seq. */
    complete: z.boolean(),
  }),
  z.object({ ok: z.literal(false), error: realtimeErrorSchema }),
]);
export type SubscribeAck = z.infer<typeof subscribeAckSchema>;

/**
 * The answer to a capability's command (e.g. the session room's 'session.join'): ok with the command's
 * own result fields, or a RealtimeError.
 */
export const commandReplySchema = z.union([
  z.object({ ok: z.literal(true) }).loose(),
  z.object({ ok: z.literal(false), error: realtimeErrorSchema }),
]);
export type CommandReply = { ok: true; [key: string]: unknown } | { ok: false; error: RealtimeError };

export const unsubscribeRequestSchema = z.object({ topic: topicSchema });
export const unsubscribeAckSchema = z.object({ ok: z.literal(true) });
