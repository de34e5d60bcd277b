import { Redis } from 'ioredis';
import { realtimeEventSchema } from '../../../contracts/realtime';
import type { BusLogger, RealtimeBus } from './bus';

export const REDIS_BUS_CHANNEL = 'wellspring:realtime';

/**
 * The bus for larger deployments (REDIS_URL): Redis pub/sub, one publishing and one subscribed
 * connection per instance. ioredis reconnects and resubscribes by itself. Connections open on first
 * use, so an app that never publishes or listens (app.inject tests) opens none.
 */
export function createRedisBus(deps: { url: string; logger: BusLogger }): RealtimeBus {
  const options = { lazyConnect: true, maxRetriesPerRequest: 2 } as const;
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  const watch = (client: Redis, role: string) =>
    client.on('error', (error: Error) =>
      deps.logger.warn({ err: error.message, role }, 'realtime: Redis connection error'),
    );

  return {
    async publish(event) {
      publisher ??= watch(new Redis(deps.url, options), 'publisher');
      await publisher.publish(REDIS_BUS_CHANNEL, JSON.stringify(event));
    },
    async subscribe(handler) {
      const client = watch(new Redis(deps.url, options), 'subscriber');
      subscriber = client;
      client.on('message', (channel: string, text: string) => {
        if (channel !== REDIS_BUS_CHANNEL) return;
        let parsed;
        try {
          parsed = realtimeEventSchema.safeParse(JSON.parse(text));
        } catch {
          parsed = undefined;
        }
        if (parsed?.success) handler(parsed.data);
        else deps.logger.warn({}, 'realtime: malformed bus message ignored');
      });
      await client.connect();
      await client.subscribe(REDIS_BUS_CHANNEL);
    },
    async close() {
      const clients = [publisher, subscriber].filter((client) => client !== undefined);
      publisher = undefined;
      subscriber = undefined;
      await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
}
