import { createHmac } from 'node:crypto';
import type { CommandReply, RealtimeEvent } from '#contracts/realtime';
import {
  SESSION_ROOM_COMMANDS,
  SESSION_ROOM_EVENTS,
  SESSION_ROOM_MESSAGES,
  sessionRoomJoinSchema,
  sessionRoomSignalSchema,
  type RtcConfig,
  type RtcSignalEvent,
} from '#contracts/session-room';
import type { ChatSession } from '#contracts/sessions';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Config } from '#server/config/env';
import type { Database, DbExecutor } from '#server/db/client';
import type { SessionSide } from '#server/db/schema/index';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { GatewayExtension, SocketContext } from '#server/realtime/gateway';
import type { SessionRoomRepository } from './session-room.repository';

/** A presence row not refreshed for this long belongs to a stopped instance (sweeps run every 5 s). */
export const PRESENCE_STALE_MS = 30_000;
/** Stale rows cleaned per sweep. */
const STALE_BATCH = 200;

/** What the room needs of the sessions service. */
export type RoomSessions = {
  /** A party's view (404 for anyone else; with `guests: true` a guest of the session too, as 'guest'). */
  get(userId: string, sessionId: string, options?: { guests?: boolean }): Promise<ChatSession>;
  /** Locks the session row, runs `update`, stores the presence flags (and starts the timer). */
  applyPresence(
    tx: DbExecutor,
    sessionId: string,
    update: () => Promise<{ coach: boolean; client: boolean }>,
  ): Promise<RealtimeEvent[]>;
};

const userTopic = (userId: string) => `user:${userId}`;

/** The person's side of the room, or null for a guest (guest links): never present, never in the call. */
const sideOf = (session: ChatSession, userId: string): SessionSide | null =>
  session.viewer === 'guest' ? null : session.coach_id === userId ? 'coach' : 'client';

const invalid = (message: string | undefined) =>
  new AppError('VALIDATION_ERROR', message ?? 'That message was not understood.');

/**
 * The live session room: who has the room open (session_presence, per socket,
 * on any instance) -> chat_sessions.coach_present / client_present and the timer; call signalling
 * between the two parties over the realtime socket; the ICE servers for calls.
 *
 * Every presence change runs in one transaction that first locks the session row (the sessions
 * service's applyPresence), then changes this socket's row and reads who is present: concurrent joins
 * and leaves of one session queue on that lock, so the flags always match the rows.
 */
export function createSessionRoomService(deps: {
  db: Database;
  repository: SessionRoomRepository;
  sessions: RoomSessions;
  realtime: Pick<RealtimeService, 'record' | 'transaction'>;
  clock: Clock;
  rtc: Config['rtc'];
}) {
  const { db, repository, sessions, realtime, clock } = deps;
  const staleBefore = () => new Date(clock.now().getTime() - PRESENCE_STALE_MS);

  /** Applies a change to the room's rows and delivers the resulting session events. */
  async function changePresence(sessionId: string, change: (tx: DbExecutor) => Promise<void>) {
    await realtime.transaction(async (tx, emit) =>
      emit(
        await sessions.applyPresence(tx, sessionId, async () => {
          await change(tx);
          return repository.presentSides(tx, sessionId, staleBefore());
        }),
      ),
    );
  }

  const service = {
    /** 'session.join': the tab has the room open. Answers the session as the party sees it. */
    async join(context: SocketContext, payload: unknown): Promise<ChatSession> {
      const parsed = sessionRoomJoinSchema.safeParse(payload);
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message);
      const sessionId = parsed.data.session_id;
      const session = await sessions.get(context.userId, sessionId, { guests: true });
      const side = sideOf(session, context.userId);
      // A guest watches the room (chat and details) without being counted in it.
      if (session.status !== 'active' || side === null) return session;
      await changePresence(sessionId, (tx) =>
        repository.upsert(tx, {
          socketId: context.socketId,
          instanceId: context.instanceId,
          sessionId,
          userId: context.userId,
          side,
          now: clock.now(),
        }),
      );
      return sessions.get(context.userId, sessionId, { guests: true });
    },

    /** 'session.leave': the tab closed the room. */
    async leave(context: SocketContext, payload: unknown): Promise<void> {
      const parsed = sessionRoomJoinSchema.safeParse(payload);
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message);
      await changePresence(parsed.data.session_id, async (tx) => {
        await repository.remove(tx, context.socketId, parsed.data.session_id);
      });
    },

    /** The socket closed: it left every room it had open. */
    async socketClosed(context: SocketContext): Promise<void> {
      const sessionIds = await repository.remove(db, context.socketId);
      for (const sessionId of new Set(sessionIds)) await changePresence(sessionId, async () => undefined);
    },

    /**
     * Every gateway sweep: keeps this instance's rows fresh, and forgets rows a stopped instance left
     * behind (their sessions' flags are recomputed).
     */
    async sweep(instanceId: string): Promise<void> {
      await repository.touch(db, instanceId, clock.now());
      const sessionIds = await repository.deleteStale(db, staleBefore(), STALE_BATCH);
      for (const sessionId of sessionIds) await changePresence(sessionId, async () => undefined);
    },

    /**
     * 'session.signal': relays a call signal to the other party, recorded on their own topic (and on
     * the topic of whoever has the room open on that side, e.g. the client signed in under the email
     * the session was booked for). Only while the session is on.
     */
    async signal(context: SocketContext, payload: unknown): Promise<void> {
      const parsed = sessionRoomSignalSchema.safeParse(payload);
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message);
      const { session_id: sessionId, signal } = parsed.data;
      const session = await sessions.get(context.userId, sessionId, { guests: true });
      const side = sideOf(session, context.userId);
      if (side === null) throw new AppError('FORBIDDEN', SESSION_ROOM_MESSAGES.callPartiesOnly);
      if (session.status !== 'active') throw new AppError('CONFLICT', SESSION_ROOM_MESSAGES.ended);
      const otherSide: SessionSide = side === 'coach' ? 'client' : 'coach';
      const body: RtcSignalEvent = { session_id: sessionId, from_user_id: context.userId, signal };
      await realtime.transaction(async (tx, emit) => {
        const present = await repository.presentUsers(tx, sessionId, otherSide, staleBefore());
        const party = otherSide === 'coach' ? session.coach_id : session.client_id;
        for (const userId of new Set([party, ...present]))
          if (userId !== context.userId)
            emit(
              await realtime.record(tx, {
                topic: userTopic(userId),
                type: SESSION_ROOM_EVENTS.signal,
                payload: body,
              }),
            );
      });
    },

    /**
     * GET /api/sessions/:id/rtc: the ICE servers for a party. With a TURN shared secret, credentials
     * follow the TURN REST scheme coturn checks (use-auth-secret): username `<expiry>:<user id>`,
     * credential base64(HMAC-SHA1(secret, username)).
     */
    async rtcConfig(userId: string, sessionId: string): Promise<RtcConfig> {
      await sessions.get(userId, sessionId);
      const { stunUrls, turn } = deps.rtc;
      const iceServers: RtcConfig['ice_servers'] = [];
      if (stunUrls.length > 0) iceServers.push({ urls: stunUrls });
      let expiresAt: string | null = null;
      if (turn?.auth === 'static') {
        iceServers.push({ urls: turn.urls, username: turn.username, credential: turn.credential });
      } else if (turn?.auth === 'secret') {
        const expiry = Math.floor(clock.now().getTime() / 1000) + turn.ttlSeconds;
        const username = `${expiry}:${userId}`;
        const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
        iceServers.push({ urls: turn.urls, username, credential });
        expiresAt = new Date(expiry * 1000).toISOString();
      }
      return { ice_servers: iceServers, expires_at: expiresAt };
    },
  };

  const reply = async (run: () => Promise<unknown>): Promise<CommandReply> => {
    const result = await run();
    return result === undefined ? { ok: true } : { ok: true, session: result };
  };

  /** The room's part of the socket protocol (server/realtime/gateway.ts). */
  const gatewayExtension: GatewayExtension = {
    commands: {
      [SESSION_ROOM_COMMANDS.join]: (context, payload) => reply(() => service.join(context, payload)),
      [SESSION_ROOM_COMMANDS.leave]: (context, payload) => reply(() => service.leave(context, payload)),
      [SESSION_ROOM_COMMANDS.signal]: (context, payload) => reply(() => service.signal(context, payload)),
    },
    onDisconnect: (context) => service.socketClosed(context),
    onSweep: (instanceId) => service.sweep(instanceId),
  };

  return { ...service, gatewayExtension };
}

export type SessionRoomService = ReturnType<typeof createSessionRoomService>;
