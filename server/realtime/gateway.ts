import { describeErrorForLog } from '#server/plugins/log-safety';
import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  BROADCAST_TOPIC,
  REALTIME_PATH,
  subscribeRequestSchema,
  unsubscribeRequestSchema,
  type RealtimeError,
  type CommandReply,
  type RealtimeEvent,
  type SubscribeAck,
} from '#contracts/realtime';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { BusLogger } from './bus/bus';
import type { RealtimeService } from './realtime.service';

type ClientToServer = {
  subscribe: (request: unknown, ack?: (reply: SubscribeAck) => void) => void;
  unsubscribe: (request: unknown, ack?: (reply: { ok: true }) => void) => void;
} & Record<string, (payload: unknown, ack?: (reply: CommandReply) => void) => void>;
type ServerToClient = { event: (event: RealtimeEvent) => void };
type SocketData = {
  userId: string;
  sessionId: string;
  expiresAtMs: number;
  expiryTimer?: NodeJS.Timeout;
  window: { startedAt: number; count: number };
  commandWindow: { startedAt: number; count: number };
};
type GatewaySocket = Socket<ClientToServer, ServerToClient, Record<string, never>, SocketData>;

/** Who sent a command: the socket (one per tab), this instance, and the signed-in person. */
export type SocketContext = { socketId: string; instanceId: string; userId: string };

/**
 * A capability's part of the socket protocol beyond subscribe/unsubscribe (e.g. the session room's
 * join, leave and call signalling): its commands (each answered through the ack with a CommandReply;
 * an AppError thrown becomes { ok: false, error }), and what it does when a socket closes and on every
 * sweep of this instance's sockets (its own per-socket bookkeeping stays fresh, like
 * realtime_connections).
 */
export type GatewayExtension = {
  commands?: Record<string, (context: SocketContext, payload: unknown) => Promise<CommandReply>>;
  onDisconnect?: (context: SocketContext) => Promise<void>;
  onSweep?: (instanceId: string) => Promise<void>;
};

export type GatewayOptions = {
  server: HttpServer;
  realtime: RealtimeService;
  /** The HTTP guard's token check (signature, claims, open session); throws AppError when refused. */
  authenticateToken: (token: string) => Promise<{ userId: string; sessionId: string; expiresAtMs: number }>;
  /**
   * Which of these sign-in sessions are still open (one query): checked every sweep, so a socket closes
   * within a few seconds of its session ending (sign-out, "sign out everywhere", an admin's revocation).
   */
  activeSessionIds: (sessionIds: string[]) => Promise<Set<string>>;
  /** Browser origins allowed to connect (exact `scheme://host[:port]`). */
  allowedOrigins: readonly string[];
  clock: Clock;
  logger: BusLogger;
  /** Subscribes per socket per window (default 30 per 10 s). */
  subscribeLimit?: { max: number; windowMs: number };
  /** Topics one socket may hold at once (default 20; a tab needs 1-2, SPEC §9). */
  maxTopicsPerSocket?: number;
  /** How often sockets are checked against their token's expiry on the app clock (default 5 s). */
  expirySweepMs?: number;
  /** Capabilities' commands and socket bookkeeping (GatewayExtension). */
  extensions?: readonly GatewayExtension[];
  /** Commands per socket per window (default 300 per 10 s: a call's set-up sends a few dozen). */
  commandLimit?: { max: number; windowMs: number };
};

const refusal = (code: RealtimeError['code'], message: string) =>
  Object.assign(new Error(message), { data: { code, message } satisfies RealtimeError });

const failure = (code: RealtimeError['code'], message: string): SubscribeAck => ({
  ok: false,
  error: { code, message },
});

const commandFailure = (code: RealtimeError['code'], message: string): CommandReply => ({
  ok: false,
  error: { code, message },
});

/** The realtime code for an AppError thrown by a command (the HTTP codes that mean the same). */
function realtimeCodeOf(error: AppError): RealtimeError['code'] {
  switch (error.code) {
    case 'UNAUTHENTICATED':
      return 'UNAUTHENTICATED';
    case 'FORBIDDEN':
      return 'FORBIDDEN';
    case 'NOT_FOUND':
      return 'NOT_FOUND';
    case 'CONFLICT':
      return 'CONFLICT';
    case 'RATE_LIMITED':
      return 'RATE_LIMITED';
    case 'VALIDATION_ERROR':
      return 'VALIDATION_ERROR';
    default:
      return 'INTERNAL_ERROR';
  }
}

/**
 * The socket gateway (docs/decisions/003-realtime.md), Socket.IO on the app's HTTP server at
 * REALTIME_PATH.
 *
 * - Origin: a browser always sends Origin on a WebSocket upgrade and on cross-site requests, so a
 *   present Origin must be on the allowlist (this stops cross-site WebSocket hijacking). A request
 *   without Origin is allowed: it is a same-origin polling request or a non-browser client, which
 *   still has to present a valid access token, the actual credential. A refused Origin gets a
 *   FORBIDDEN RealtimeError naming it (before the token is looked at), so the tab can show why.
 * - Authentication: `auth.token` in the handshake, the same checks as HTTP; refusals carry a
 *   RealtimeError in the connect_error's `data`. The socket is disconnected (reason
 *   "io server disconnect") when its token expires; the client reconnects with a fresh token.
 * - subscribe: validate, authorize through the topic registry, join the topic's room, then answer
 *   with what was missed after `after_seq`. Joining first means an event committed meanwhile is in
 *   `missed`, delivered live, or both: the client applies by seq and drops what it already applied.
 */
export function createRealtimeGateway(options: GatewayOptions) {
  const allowed = new Set(options.allowedOrigins);
  const limit = options.subscribeLimit ?? { max: 30, windowMs: 10_000 };
  const maxTopics = options.maxTopicsPerSocket ?? 20;
  const commandLimit = options.commandLimit ?? { max: 300, windowMs: 10_000 };
  const extensions = options.extensions ?? [];
  const { realtime, clock, logger } = options;
  /** Names this process's rows in realtime_connections (who has an open tab, across instances). */
  const instanceId = randomUUID();

  const io = new Server<ClientToServer, ServerToClient, Record<string, never>, SocketData>(options.server, {
    path: REALTIME_PATH,
    serveClient: false,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    connectTimeout: 10_000,
    maxHttpBufferSize: 16 * 1024,
  });

  // The Origin check comes first, before the token is even read. It runs as the first step of the
  // Socket.IO handshake (not engine.io's allowRequest) so that the refusal carries its reason: a tab
  // opened at an address the server does not know can say why its live updates are paused.
  io.use((socket, next) => {
    const origin = socket.handshake.headers.origin;
    if (origin === undefined || allowed.has(origin)) {
      next();
      return;
    }
    next(
      refusal(
        'FORBIDDEN',
        `This address (${origin.slice(0, 200)}) is not allowed to receive live updates: open the app at its usual address, or add it to REALTIME_ALLOWED_ORIGINS.`,
      ),
    );
  });

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token === '') {
      next(refusal('UNAUTHENTICATED', 'Sign in to connect: the access token is missing.'));
      return;
    }
    options.authenticateToken(token).then(
      ({ userId, sessionId, expiresAtMs }) => {
        socket.data.userId = userId;
        socket.data.sessionId = sessionId;
        socket.data.expiresAtMs = expiresAtMs;
        socket.data.window = { startedAt: performance.now(), count: 0 };
        socket.data.commandWindow = { startedAt: performance.now(), count: 0 };
        next();
      },
      (error: unknown) => {
        if (error instanceof AppError) {
          next(
            refusal('UNAUTHENTICATED', 'Sign in again: the access token is invalid, expired or signed out.'),
          );
        } else {
          logger.error({ err: describeErrorForLog(error) }, 'realtime: authentication failed');
          next(refusal('INTERNAL_ERROR', 'Could not check the sign-in; try again.'));
        }
      },
    );
  });

  const expireIfDue = (socket: GatewaySocket) => {
    if (socket.connected && clock.now().getTime() >= socket.data.expiresAtMs) socket.disconnect(true);
  };

  const withinWindow = (
    window: { startedAt: number; count: number },
    { max, windowMs }: { max: number; windowMs: number },
  ) => {
    const now = performance.now();
    if (now - window.startedAt >= windowMs) {
      window.startedAt = now;
      window.count = 0;
    }
    window.count += 1;
    return window.count <= max;
  };
  const allowSubscribe = (socket: GatewaySocket) => withinWindow(socket.data.window, limit);

  const contextOf = (socket: GatewaySocket): SocketContext => ({
    socketId: socket.id,
    instanceId,
    userId: socket.data.userId,
  });

  /** An extension's command: rate-limited per socket; errors become a RealtimeError reply. */
  const runCommand = (
    socket: GatewaySocket,
    name: string,
    handler: NonNullable<GatewayExtension['commands']>[string],
    payload: unknown,
    ack: unknown,
  ) => {
    const reply = typeof ack === 'function' ? (ack as (reply: CommandReply) => void) : () => undefined;
    if (!withinWindow(socket.data.commandWindow, commandLimit)) {
      reply(commandFailure('RATE_LIMITED', 'Too many messages at once; wait a few seconds and try again.'));
      return;
    }
    handler(contextOf(socket), payload).then(reply, (error: unknown) => {
      if (error instanceof AppError) {
        reply(commandFailure(realtimeCodeOf(error), error.message));
        return;
      }
      logger.error({ err: describeErrorForLog(error), command: name }, 'realtime: a command failed');
      reply(commandFailure('INTERNAL_ERROR', 'That did not go through; try again.'));
    });
  };

  io.on('connection', (socket) => {
    const remaining = socket.data.expiresAtMs - clock.now().getTime();
    if (remaining <= 0) {
      socket.disconnect(true);
      return;
    }
    socket.data.expiryTimer = setTimeout(() => expireIfDue(socket), Math.min(remaining, 2 ** 31 - 1));
    socket.data.expiryTimer.unref();
    socket.on('disconnect', () => {
      clearTimeout(socket.data.expiryTimer);
      realtime.connections.remove(socket.id).catch((error: unknown) => {
        logger.error({ err: describeErrorForLog(error) }, 'realtime: could not forget a closed socket');
      });
      const context = contextOf(socket);
      for (const extension of extensions)
        extension.onDisconnect?.(context).catch((error: unknown) => {
          logger.error(
            { err: describeErrorForLog(error) },
            'realtime: an extension could not forget a closed socket',
          );
        });
    });
    for (const extension of extensions)
      for (const [name, handler] of Object.entries(extension.commands ?? {}))
        socket.on(name, (payload, ack) => runCommand(socket, name, handler, payload, ack));
    realtime.connections
      .add({ socketId: socket.id, instanceId, userId: socket.data.userId })
      .catch((error: unknown) => {
        logger.error({ err: describeErrorForLog(error) }, 'realtime: could not record an open socket');
      });
    // Every socket hears the public broadcast topic (presence changes) without subscribing.
    void socket.join(BROADCAST_TOPIC);

    socket.on('subscribe', (request, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      void (async () => {
        if (!allowSubscribe(socket)) {
          return reply(
            failure('RATE_LIMITED', 'Too many subscriptions at once; wait a few seconds and try again.'),
          );
        }
        const parsed = subscribeRequestSchema.safeParse(request);
        if (!parsed.success) {
          return reply(
            failure('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Invalid subscribe request.'),
          );
        }
        const { topic, after_seq: afterSeq } = parsed.data;
        if (!realtime.isKnownTopic(topic)) {
          return reply(failure('VALIDATION_ERROR', `There is no topic like ${topic}.`));
        }
        if (!socket.rooms.has(topic) && socket.rooms.size - 1 >= maxTopics) {
          return reply(failure('RATE_LIMITED', `One connection holds at most ${maxTopics} topics.`));
        }
        if (!(await realtime.authorize(socket.data.userId, topic))) {
          return reply(failure('FORBIDDEN', 'You may not subscribe to this topic.'));
        }
        if (!socket.connected) return;
        await socket.join(topic);
        const { seq, missed, complete } = await realtime.replay(topic, afterSeq);
        reply({ ok: true, topic, seq, missed, complete });
      })().catch((error: unknown) => {
        logger.error({ err: describeErrorForLog(error) }, 'realtime: subscribe failed');
        reply(failure('INTERNAL_ERROR', 'Could not subscribe; try again.'));
      });
    });

    socket.on('unsubscribe', (request, ack) => {
      const parsed = unsubscribeRequestSchema.safeParse(request);
      if (parsed.success) void socket.leave(parsed.data.topic);
      if (typeof ack === 'function') ack({ ok: true });
    });
  });

  /** Disconnects sockets whose token expired on the app clock or whose sign-in session has ended. */
  let sweeping: Promise<void> | undefined;
  const sweepOnce = async () => {
    await realtime.connections.touch(instanceId).catch((error: unknown) => {
      logger.error({ err: describeErrorForLog(error) }, 'realtime: could not refresh the open sockets');
    });
    for (const extension of extensions)
      await extension.onSweep?.(instanceId).catch((error: unknown) => {
        logger.error({ err: describeErrorForLog(error) }, "realtime: an extension's sweep failed");
      });
    const sockets = [...io.of('/').sockets.values()];
    for (const socket of sockets) expireIfDue(socket);
    const open = sockets.filter((socket) => socket.connected);
    if (open.length === 0) return;
    try {
      const active = await options.activeSessionIds(open.map((socket) => socket.data.sessionId));
      for (const socket of open) if (!active.has(socket.data.sessionId)) socket.disconnect(true);
    } catch (error) {
      logger.error({ err: describeErrorForLog(error) }, "realtime: could not check the sockets' sessions");
    }
  };
  const sweepNow = () => {
    sweeping ??= sweepOnce().finally(() => {
      sweeping = undefined;
    });
    return sweeping;
  };
  const sweep = setInterval(() => void sweepNow(), options.expirySweepMs ?? 5_000);
  sweep.unref();

  return {
    io,
    /** Emits a delivered event to this instance's sockets in the topic's room (the bus handler). */
    emitLocal(event: RealtimeEvent) {
      io.local.to(event.topic).emit('event', event);
    },
    /**
     * Disconnects every socket whose token expired on the app clock or whose session ended (also runs
     * every few seconds).
     */
    sweep: sweepNow,
    /** Disconnects every socket and stops the engine; the HTTP server itself is closed by Fastify. */
    close() {
      clearInterval(sweep);
      io.local.disconnectSockets(true);
      io.engine.close();
    },
  };
}

export type RealtimeGateway = ReturnType<typeof createRealtimeGateway>;
