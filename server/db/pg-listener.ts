import pg from 'pg';
import { describeErrorForLog } from '#server/plugins/log-safety';

/** A warning from the listener (a dropped connection), for the app's log. */
export type ListenerLogger = { warn: (details: Record<string, unknown>, message: string) => void };

/**
 * One connection of its own that LISTENs on `channels` (not the pool's: a LISTEN lasts as long as its
 * connection) and hands every notification to `onNotification` in arrival order. It reconnects with
 * backoff when it drops (from `reconnectDelayMs`, doubling up to 30 s). Notifications sent while it was
 * away are lost: `onLost` runs when it drops, `onReconnected` once it listens again.
 */
export function createPgListener(deps: {
  connection: pg.ClientConfig;
  /** Names the connection (pg_stat_activity) and prefixes the log lines. */
  name: string;
  channels: readonly string[];
  logger: ListenerLogger;
  reconnectDelayMs?: number;
  onNotification: (channel: string, payload: string | undefined) => void;
  onLost?: () => void;
  onReconnected?: () => void;
}) {
  const firstDelay = deps.reconnectDelayMs ?? 500;
  let listener: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let lost = false;

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    const delay = Math.min(firstDelay * 2 ** attempt, 30_000);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().catch((error: unknown) => {
        deps.logger.warn(
          { err: describeErrorForLog(error) },
          `${deps.name}: LISTEN connection failed; retrying`,
        );
        scheduleReconnect();
      });
    }, delay);
    reconnectTimer.unref();
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({ ...deps.connection, application_name: `wellspring-${deps.name}` });
    let dropped = false;
    const onDrop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (listener === client) listener = undefined;
      client.end().catch(() => undefined);
      if (!closed) {
        lost = true;
        deps.onLost?.();
        deps.logger.warn(
          { err: error ? error.message : 'connection ended' },
          `${deps.name}: LISTEN connection lost`,
        );
        scheduleReconnect();
      }
    };
    client.on('error', onDrop);
    client.on('end', () => onDrop());
    client.on('notification', (message) => {
      if (deps.channels.includes(message.channel)) deps.onNotification(message.channel, message.payload);
    });
    await client.connect();
    if (closed) {
      await client.end();
      return;
    }
    for (const channel of deps.channels) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    listener = client;
    attempt = 0;
    if (lost) {
      lost = false;
      deps.onReconnected?.();
    }
  }

  return {
    /**
     * Connects and listens. When that fails it throws, and keeps trying in the background (as after a
     * drop: `onReconnected` runs once it listens).
     */
    async start() {
      try {
        await connect();
      } catch (error) {
        lost = true;
        scheduleReconnect();
        throw error;
      }
    },
    /** Whether it is listening now (notifications are not being missed). */
    listening: () => listener !== undefined,
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

export type PgListener = ReturnType<typeof createPgListener>;
