import type { SQL } from 'drizzle-orm';
import { describeErrorForLog } from '#server/plugins/log-safety';
import { BROADCAST_TOPIC, REALTIME_MAX_REPLAY, type RealtimeEvent } from '#contracts/realtime';
import type { Clock } from '#domain/clock';
import { createGroupCommit } from '#server/lib/group-commit';
import type { Database, DbExecutor } from '../db/client';
import type { BusLogger, RealtimeBus } from './bus/bus';
import type { RealtimeRepository } from './realtime.repository';

export type RecordInput = { topic: string; type: string; payload: Record<string, unknown> };

/** Whether `userId` may subscribe to the topic `<kind>:<id>`. */
export type TopicAuthorizer = (userId: string, id: string) => Promise<boolean>;

export type ReplayResult = {
  /** The topic's latest seq when read. */
  seq: number;
  missed: RealtimeEvent[];
  /** false: more than the replay limit were missed (or the tab is ahead of the server): refetch. */
  complete: boolean;
};

/** Recorded events are kept this long for replay (a day); older ones are pruned hourly. */
export const REALTIME_RETENTION_MS = 24 * 60 * 60 * 1000;

/** A connection row not refreshed for this long belongs to a stopped instance (the sweep runs every 5 s). */
export const CONNECTION_STALE_MS = 30_000;

const TOPIC = /^([a-z_]+):([0-9a-f-]{36})$/;

/** Hands recorded events to the unit of work, to be delivered after its commit. */
export type EmitEvents = (events: RealtimeEvent | readonly RealtimeEvent[]) => void;

export const parseTopic = (topic: string): { kind: string; id: string } | undefined => {
  const match = TOPIC.exec(topic);
  return match?.[1] && match[2] ? { kind: match[1], id: match[2] } : undefined;
};

/**
 * Realtime events (docs/decisions/003-realtime.md): record in the caller's transaction, deliver
 * after it commits, authorize subscriptions per topic kind, replay what a tab missed.
 *
 *   const saved = await realtime.transaction(async (tx, emit) => {
 *     const row = ...change...;
 *     emit(await realtime.record(tx, { topic, type, payload }));
 *     return row;
 *   }); // committed, then the emitted events delivered
 */
export function createRealtimeService(deps: {
  db: Database;
  repository: RealtimeRepository;
  bus: RealtimeBus;
  clock: Clock;
  logger: BusLogger;
  maxReplay?: number;
}) {
  const authorizers = new Map<string, TopicAuthorizer>();
  const maxReplay = deps.maxReplay ?? REALTIME_MAX_REPLAY;

  type OpenedSocket = { socketId: string; instanceId: string; userId: string };
  /**
   * Sockets opened while the previous insert runs share the next one (group commit, one at a time: the
   * connect does not wait for it). A batch that fails is retried socket by socket.
   */
  const connectionsOpened = createGroupCommit<OpenedSocket, void>({
    one: (socket) => deps.repository.addConnections(deps.db, [socket], deps.clock.now()),
    many: async (sockets) => {
      await deps.repository.addConnections(deps.db, sockets, deps.clock.now());
      return sockets.map(() => ({ ok: true as const, value: undefined }));
    },
    keyOf: (socket) => socket.socketId,
    maxInFlight: 1,
    maxBatch: 500,
  });
  /** Adds not yet written, by socket id: a socket's remove waits for its add. */
  const addsInFlight = new Map<string, Promise<void>>();

  const service = {
    /** Records an event with the topic's next seq inside `executor`'s transaction (not yet delivered). */
    async record(executor: DbExecutor, input: RecordInput): Promise<RealtimeEvent> {
      const [event] = await service.recordMany(executor, [input]);
      if (!event) throw new Error('realtime: no event recorded');
      return event;
    },

    /**
     * For a writer that records its events in its own statement: the CTEs that number and record them
     * (realtime.repository.ts recordingCtes); the writer then delivers them after its commit.
     */
    recordingCtes(input: { input: SQL; createdAt: SQL }): SQL {
      return deps.repository.recordingCtes(input);
    },

    /**
     * Records several events in one statement inside `executor`'s transaction (not yet delivered): each
     * takes its topic's next seq, in the order given (topics' rows are locked in topic order).
     */
    async recordMany(executor: DbExecutor, inputs: readonly RecordInput[]): Promise<RealtimeEvent[]> {
      for (const input of inputs)
        if (!parseTopic(input.topic)) throw new Error(`Not a realtime topic: ${input.topic}`);
      return deps.repository.recordEvents(executor, inputs, deps.clock.now());
    },

    /**
     * After the recording transaction committed: hands the events to the bus, which sends them to every
     * instance in this order on its own connection (no pool connection is waited for). Never throws; an
     * event the bus loses is still recorded and reaches tabs when they resubscribe.
     */
    async deliver(events: readonly RealtimeEvent[]): Promise<void> {
      if (events.length === 0) return;
      try {
        deps.bus.publish(events);
      } catch (error) {
        deps.logger.error(
          { err: describeErrorForLog(error), events: events.length },
          'realtime: delivery failed (the events are recorded and will be replayed on resubscribe)',
        );
      }
    },

    /** Records a public event for every connected tab (BROADCAST_TOPIC) in `executor`'s transaction. */
    recordBroadcast(
      executor: DbExecutor,
      type: string,
      payload: Record<string, unknown>,
    ): Promise<RealtimeEvent> {
      return service.record(executor, { topic: BROADCAST_TOPIC, type, payload });
    },

    /**
     * The unit of work: runs `work` in one transaction and delivers the events it emitted once that
     * transaction has committed (none when it rolled back). A route's handler gets the same from
     * route() (its `emit`); this is for jobs and socket commands, which have no route.
     */
    async transaction<T>(work: (tx: DbExecutor, emit: EmitEvents) => Promise<T>): Promise<T> {
      const events: RealtimeEvent[] = [];
      const emit: EmitEvents = (recorded) => {
        events.push(...(Array.isArray(recorded) ? recorded : [recorded]));
      };
      const value = await deps.db.transaction((tx) => work(tx, emit));
      await service.deliver(events);
      return value;
    },

    /** Record in its own transaction and deliver: for callers with nothing else to commit. */
    async publish(input: RecordInput): Promise<RealtimeEvent> {
      const event = await deps.db.transaction((tx) => service.record(tx, input));
      await service.deliver([event]);
      return event;
    },

    /** A topic kind and who may subscribe to it; register before any event uses the kind. */
    registerTopic(kind: string, authorize: TopicAuthorizer): void {
      if (!/^[a-z_]+$/.test(kind)) throw new Error(`Bad topic kind: ${kind}`);
      if (authorizers.has(kind)) throw new Error(`Topic kind already registered: ${kind}`);
      authorizers.set(kind, authorize);
    },

    /** The registered topic kinds (the access matrix lists who may subscribe to each). */
    topicKinds(): string[] {
      return [...authorizers.keys()];
    },

    isKnownTopic(topic: string): boolean {
      const parsed = parseTopic(topic);
      return parsed !== undefined && authorizers.has(parsed.kind);
    },

    /** Whether the person may subscribe to the topic; false for an unknown kind. */
    async authorize(userId: string, topic: string): Promise<boolean> {
      const parsed = parseTopic(topic);
      const authorizer = parsed && authorizers.get(parsed.kind);
      if (!parsed || !authorizer) return false;
      return authorizer(userId, parsed.id);
    },

    /**
     * What a (re)subscribing tab missed after `afterSeq`. Read the topic's seq first, then the events up
     * to it: every event up to a committed last_seq is committed (same transaction), so none is skipped.
     */
    async replay(topic: string, afterSeq: number | undefined): Promise<ReplayResult> {
      const seq = await deps.repository.lastSeq(deps.db, topic);
      deps.bus.seen(topic, seq);
      if (afterSeq === undefined) return { seq, missed: [], complete: true };
      if (afterSeq > seq) return { seq, missed: [], complete: false };
      if (seq - afterSeq > maxReplay) return { seq, missed: [], complete: false };
      const missed = await deps.repository.eventsAfter(deps.db, topic, afterSeq, maxReplay, seq);
      // Events past the retention window are gone: a short replay means "refetch your snapshot".
      if (missed.length !== seq - afterSeq) return { seq, missed: [], complete: false };
      return { seq, missed, complete: true };
    },

    /**
     * Whether the person has a realtime socket open on any instance (an open tab). The gateway keeps
     * realtime_connections; rows not refreshed within CONNECTION_STALE_MS (a crashed instance) do not count.
     */
    async hasOpenTab(userId: string, executor: DbExecutor = deps.db): Promise<boolean> {
      const since = new Date(deps.clock.now().getTime() - CONNECTION_STALE_MS);
      return deps.repository.hasFreshConnection(executor, userId, since);
    },

    /** The gateway's bookkeeping of open sockets (realtime_connections). */
    connections: {
      add: (input: { socketId: string; instanceId: string; userId: string }): Promise<void> => {
        const added = connectionsOpened.submit(input).finally(() => addsInFlight.delete(input.socketId));
        addsInFlight.set(input.socketId, added);
        return added;
      },
      /** After the socket's own add (never overtaking it, which would leave its row behind). */
      remove: async (socketId: string): Promise<void> => {
        await addsInFlight.get(socketId)?.catch(() => undefined);
        await deps.repository.removeConnection(deps.db, socketId);
      },
      touch: (instanceId: string) =>
        deps.repository.touchConnections(deps.db, instanceId, deps.clock.now(), CONNECTION_STALE_MS),
    },

    /**
     * Deletes recorded events older than REALTIME_RETENTION_MS (in batches), keeping each topic's seq:
     * a tab that was away longer than that is told to refetch instead of replaying.
     */
    async prune(now: Date, batch = 5_000): Promise<number> {
      const before = new Date(now.getTime() - REALTIME_RETENTION_MS);
      let deleted = 0;
      for (;;) {
        const count = await deps.repository.deleteEventsBefore(deps.db, before, batch);
        deleted += count;
        if (count < batch) return deleted;
      }
    },

    /** A recorded event (the pg bus reads large events by reference). */
    findEvent(topic: string, seq: number): Promise<RealtimeEvent | undefined> {
      return deps.repository.findEvent(deps.db, topic, seq);
    },
  };

  // A person's own topic: their requests, sessions and notifications. Only they may subscribe.
  service.registerTopic('user', async (userId, id) => userId === id);
  // The public broadcast topic (BROADCAST_TOPIC): every socket is in it from the start; nobody subscribes.
  service.registerTopic('broadcast', async () => false);
  return service;
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
