import { describeErrorForLog } from '#server/plugins/log-safety';
import pg from 'pg';
import { realtimeEventSchema, type RealtimeEvent } from '#contracts/realtime';
import type { BusLogger, RealtimeBus } from './bus';
import { createTopicOrder, type TopicOrder } from './topic-order';
import { createPgListener } from '#server/db/pg-listener';

export const PG_BUS_CHANNEL = 'realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; above this only a reference is sent. */
export const PG_NOTIFY_MAX_BYTES = 7000;
/** Events waiting for the publisher connection; more are dropped (recorded: replayed on resubscribe). */
export const PG_PUBLISH_MAX_QUEUED = 20_000;
/** NOTIFYs sent by one statement (each carries as many events as fit in PG_NOTIFY_MAX_BYTES). */
const NOTIFYS_PER_STATEMENT = 50;
/** The publisher connection closes after this long without anything to publish. */
const PUBLISHER_IDLE_MS = 30_000;
/** How long close() lets the publisher send what is queued. */
const CLOSE_DRAIN_MS = 3_000;

type Reference = { topic: string; seq: number; ref: true };

/**
 * Publishes on its own connection (not the app's pool: under load the pool is what runs out, and a
 * publish waiting for it would time out and lose the live delivery). Events queue in memory (at most
 * `maxQueued`) and go out in the order they were handed over, as many per NOTIFY as fit in the payload
 * limit and several NOTIFYs per statement: while one statement is on its way the next batch gathers.
 * Opens on first use, reconnects with backoff (the queue waits), closes when idle.
 */
function createNotifyPublisher(deps: {
  connection: pg.ClientConfig;
  logger: BusLogger;
  maxQueued: number;
  reconnectDelayMs: number;
}) {
  /** Serialized events or references, each small enough for one NOTIFY. */
  const queue: { text: string; bytes: number }[] = [];
  let client: pg.Client | undefined;
  let running: Promise<void> | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let closing = false;
  let closeDeadline = 0;
  let dropped = 0;
  let attempt = 0;

  function warnDropped() {
    if (dropped === 0) return;
    deps.logger.warn(
      { dropped },
      'realtime: publish queue full, events dropped (they are recorded and will be replayed on resubscribe)',
    );
    dropped = 0;
  }

  async function connect(): Promise<pg.Client> {
    if (client) return client;
    const fresh = new pg.Client({ ...deps.connection, application_name: 'wellspring-realtime-publish' });
    const forget = () => {
      if (client === fresh) client = undefined;
    };
    fresh.on('error', (error) => {
      forget();
      deps.logger.warn({ err: describeErrorForLog(error) }, 'realtime: publisher connection lost');
      fresh.end().catch(() => undefined);
    });
    fresh.on('end', forget);
    try {
      await fresh.connect();
    } catch (error) {
      await fresh.end().catch(() => undefined);
      throw error;
    }
    client = fresh;
    return fresh;
  }

  /** The next statement's NOTIFY payloads (JSON arrays), taken off the queue. */
  function nextBatch(): string[] {
    const payloads: string[] = [];
    while (queue.length > 0 && payloads.length < NOTIFYS_PER_STATEMENT) {
      const parts: string[] = [];
      let bytes = 2;
      for (let item = queue[0]; item && bytes + item.bytes + 1 <= PG_NOTIFY_MAX_BYTES; item = queue[0]) {
        parts.push(item.text);
        bytes += item.bytes + 1;
        queue.shift();
      }
      payloads.push(`[${parts.join(',')}]`);
    }
    return payloads;
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function run(): Promise<void> {
    while (queue.length > 0) {
      if (closing && Date.now() > closeDeadline) {
        deps.logger.warn(
          { dropped: queue.length },
          'realtime: closing with events not published (they are recorded and will be replayed on resubscribe)',
        );
        queue.length = 0;
        return;
      }
      let connection: pg.Client;
      try {
        connection = await connect();
        attempt = 0;
      } catch (error) {
        deps.logger.warn(
          { err: describeErrorForLog(error), queued: queue.length },
          'realtime: publisher connection failed; retrying',
        );
        await pause(Math.min(deps.reconnectDelayMs * 2 ** attempt, 5_000));
        attempt += 1;
        continue;
      }
      const payloads = nextBatch();
      try {
        await connection.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
          PG_BUS_CHANNEL,
          payloads,
        ]);
      } catch (error) {
        // Not known to be sent (a NOTIFY goes out when its statement commits): not sent again either.
        deps.logger.error(
          { err: describeErrorForLog(error), notifies: payloads.length },
          'realtime: delivery failed (the events are recorded and will be replayed on resubscribe)',
        );
      }
      warnDropped();
    }
  }

  function start() {
    if (running) return;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
    running = run().finally(() => {
      running = undefined;
      if (queue.length > 0 && !closing) {
        start();
        return;
      }
      if (!closing && client) {
        idleTimer = setTimeout(() => {
          idleTimer = undefined;
          const idle = client;
          client = undefined;
          idle?.end().catch(() => undefined);
        }, PUBLISHER_IDLE_MS);
        idleTimer.unref();
      }
    });
  }

  return {
    /** Queues serialized events (each within one NOTIFY) in this order; never throws. */
    enqueue(items: readonly string[]) {
      if (closing) {
        dropped += items.length;
        warnDropped();
        return;
      }
      for (const text of items) {
        if (queue.length >= deps.maxQueued) dropped += 1;
        else queue.push({ text, bytes: Buffer.byteLength(text, 'utf8') });
      }
      if (dropped > 0 && !running) warnDropped();
      start();
    },
    /** Sends what is queued (for at most CLOSE_DRAIN_MS), then closes the connection. */
    async close() {
      closing = true;
      closeDeadline = Date.now() + CLOSE_DRAIN_MS;
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = undefined;
      await running;
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}

/**
 * The default bus: PostgreSQL LISTEN/NOTIFY on the app's own database, no other service needed.
 * publish hands the events (after their transaction committed) to this instance's publisher
 * connection (createNotifyPublisher): never the app's pool, in order, batched. One dedicated connection
 * per instance LISTENs; it reconnects with backoff when it drops. An event too large for a NOTIFY
 * travels as {topic, seq} and the listener reads it from realtime_events. Messages are handled one
 * after another, and events of a topic are passed on in seq order (createTopicOrder).
 */
export function createPgBus(deps: {
  pool: pg.Pool;
  /** Reads a recorded event (for references to large events). */
  fetchEvent: (topic: string, seq: number) => Promise<RealtimeEvent | undefined>;
  logger: BusLogger;
  /** First reconnect delay; doubles up to 30 s (the publisher's up to 5 s). */
  reconnectDelayMs?: number;
  /** Events the publisher may queue (PG_PUBLISH_MAX_QUEUED). */
  maxQueued?: number;
  /** How long an event waits for a lower seq of its topic (TOPIC_ORDER_HOLD_MS). */
  orderHoldMs?: number;
}): RealtimeBus {
  let order: TopicOrder | undefined;
  let chain: Promise<void> = Promise.resolve();
  const publisher = createNotifyPublisher({
    connection: deps.pool.options,
    logger: deps.logger,
    maxQueued: deps.maxQueued ?? PG_PUBLISH_MAX_QUEUED,
    reconnectDelayMs: deps.reconnectDelayMs ?? 500,
  });

  async function handleOne(message: unknown): Promise<void> {
    if (!order) return;
    if (message && typeof message === 'object' && 'ref' in message) {
      const { topic, seq } = message as Reference;
      const event = await deps.fetchEvent(topic, seq);
      if (event) order.accept(event);
      else deps.logger.warn({ topic, seq }, 'realtime: referenced event not found');
      return;
    }
    const parsed = realtimeEventSchema.safeParse(message);
    if (parsed.success) order.accept(parsed.data);
    else deps.logger.warn({}, 'realtime: malformed bus message ignored');
  }

  /** A NOTIFY payload: a JSON array of events and references (or one, from an older instance). */
  async function handle(text: string | undefined): Promise<void> {
    if (!text || !order) return;
    const message = JSON.parse(text) as unknown;
    for (const item of Array.isArray(message) ? message : [message]) await handleOne(item);
  }

  const listener = createPgListener({
    connection: deps.pool.options,
    name: 'realtime',
    channels: [PG_BUS_CHANNEL],
    logger: deps.logger,
    reconnectDelayMs: deps.reconnectDelayMs,
    onNotification: (_channel, payload) => {
      chain = chain
        .then(() => handle(payload))
        .catch((error: unknown) =>
          deps.logger.error({ err: describeErrorForLog(error) }, 'realtime: bus message failed'),
        );
    },
    // Events were missed while the listener was away: waiting for them would only delay the next ones.
    onReconnected: () => {
      chain = chain.then(() => order?.reset());
    },
  });

  return {
    publish(events) {
      const items = events.map((event) => {
        const text = JSON.stringify(event);
        return Buffer.byteLength(text, 'utf8') > PG_NOTIFY_MAX_BYTES - 2
          ? JSON.stringify({ topic: event.topic, seq: event.seq, ref: true } satisfies Reference)
          : text;
      });
      publisher.enqueue(items);
    },
    async subscribe(onEvent) {
      order = createTopicOrder(onEvent, { holdMs: deps.orderHoldMs });
      await listener.start();
    },
    seen(topic, seq) {
      order?.seen(topic, seq);
    },
    async close() {
      await publisher.close();
      await listener.close();
      await chain;
      order?.reset();
    },
  };
}
