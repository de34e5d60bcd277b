import pg from 'pg';
import { realtimeEventSchema, type RealtimeEvent } from '../../../contracts/realtime';
import type { BusLogger, RealtimeBus } from './bus';

export const PG_BUS_CHANNEL = 'realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; above this only a reference is sent. */
export const PG_NOTIFY_MAX_BYTES = 7000;

type Reference = { topic: string; seq: number; ref: true };

/**
 * The default bus: PostgreSQL LISTEN/NOTIFY on the app's own database, no other service needed.
 * publish = pg_notify through the pool (after the event's transaction committed). One dedicated
 * connection per instance LISTENs; it reconnects with backoff when it drops. An event too large for a
 * NOTIFY travels as {topic, seq} and the listener reads it from realtime_events. Messages are handled
 * one after another, so events reach the sockets in the order they were notified.
 */
export function createPgBus(deps: {
  pool: pg.Pool;
  /** Reads a recorded event (for references to large events). */
  fetchEvent: (topic: string, seq: number) => Promise<RealtimeEvent | undefined>;
  logger: BusLogger;
  /** First reconnect delay; doubles up to 30 s. */
  reconnectDelayMs?: number;
}): RealtimeBus {
  let listener: pg.Client | undefined;
  let handler: ((event: RealtimeEvent) => void) | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let chain: Promise<void> = Promise.resolve();

  async function handle(text: string | undefined): Promise<void> {
    if (!text || !handler) return;
    const message = JSON.parse(text) as RealtimeEvent | Reference;
    if ('ref' in message) {
      const event = await deps.fetchEvent(message.topic, message.seq);
      if (event) handler(event);
      else
        deps.logger.warn({ topic: message.topic, seq: message.seq }, 'realtime: referenced event not found');
      return;
    }
    const parsed = realtimeEventSchema.safeParse(message);
    if (parsed.success) handler(parsed.data);
    else deps.logger.warn({}, 'realtime: malformed bus message ignored');
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    const delay = Math.min((deps.reconnectDelayMs ?? 500) * 2 ** attempt, 30_000);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().catch((error: unknown) => {
        deps.logger.warn({ err: String(error) }, 'realtime: LISTEN connection failed; retrying');
        scheduleReconnect();
      });
    }, delay);
    reconnectTimer.unref();
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({ ...deps.pool.options, application_name: 'wellspring-realtime' });
    let dropped = false;
    const onDrop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (listener === client) listener = undefined;
      client.end().catch(() => undefined);
      if (!closed) {
        deps.logger.warn(
          { err: error ? error.message : 'connection ended' },
          'realtime: LISTEN connection lost',
        );
        scheduleReconnect();
      }
    };
    client.on('error', onDrop);
    client.on('end', () => onDrop());
    client.on('notification', (message) => {
      if (message.channel !== PG_BUS_CHANNEL) return;
      chain = chain
        .then(() => handle(message.payload))
        .catch((error: unknown) => deps.logger.error({ err: String(error) }, 'realtime: bus message failed'));
    });
    await client.connect();
    if (closed) {
      await client.end();
      return;
    }
    await client.query(`listen ${PG_BUS_CHANNEL}`);
    listener = client;
    attempt = 0;
  }

  return {
    async publish(event) {
      let text = JSON.stringify(event);
      if (Buffer.byteLength(text, 'utf8') > PG_NOTIFY_MAX_BYTES) {
        text = JSON.stringify({ topic: event.topic, seq: event.seq, ref: true } satisfies Reference);
      }
      await deps.pool.query('select pg_notify($1, $2)', [PG_BUS_CHANNEL, text]);
    },
    async subscribe(onEvent) {
      handler = onEvent;
      await connect();
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
      await chain;
    },
  };
}
