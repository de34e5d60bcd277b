import { describeErrorForLog } from '#server/plugins/log-safety';
import { Redis } from 'ioredis';
import { realtimeEventSchema } from '#contracts/realtime';
import type { BusLogger, RealtimeBus } from './bus';
import { createTopicOrder, type TopicOrder } from './topic-order';

export const REDIS_BUS_CHANNEL = 'wellspring:realtime';

/**
 * The bus for larger deployments (REDIS_URL): Redis pub/sub, one publishing and one subscribed
 * connection per instance. ioredis reconnects and resubscribes by itself, and queues commands (in
 * order) while it connects. Connections open on first use, so an app that never publishes or listens
 * (app.inject tests) opens none. Received events pass through createTopicOrder (seq order per topic).
 */
export function createRedisBus(deps: { url: string; logger: BusLogger }): RealtimeBus {
  const options = { lazyConnect: true, maxRetriesPerRequest: 2 } as const;
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  let order: TopicOrder | undefined;
  const watch = (client: Redis, role: string) =>
    client.on('error', (error: Error) =>
      deps.logger.warn({ err: describeErrorForLog(error), role }, 'realtime: Redis connection error'),
    );

  return {
    publish(events) {
      if (events.length === 0) return;
      publisher ??= watch(new Redis(deps.url, options), 'publisher');
      const pipeline = publisher.pipeline();
      for (const event of events) pipeline.publish(REDIS_BUS_CHANNEL, JSON.stringify(event));
      pipeline
        .exec()
        .catch((error: unknown) =>
          deps.logger.error(
            { err: describeErrorForLog(error), events: events.length },
            'realtime: delivery failed (the events are recorded and will be replayed on resubscribe)',
          ),
        );
    },
    seen(topic, seq) {
      order?.seen(topic, seq);
    },
    async subscribe(handler) {
      const client = watch(new Redis(deps.url, options), 'subscriber');
      subscriber = client;
      order = createTopicOrder(handler);
      const current = order;
      let ready = false;
      // After a reconnect events were missed: waiting for them would only delay the next ones.
      client.on('ready', () => {
        if (ready) current.reset();
        ready = true;
      });
      client.on('message', (channel: string, text: string) => {
        if (channel !== REDIS_BUS_CHANNEL) return;
        let parsed;
        try {
          parsed = realtimeEventSchema.safeParse(JSON.parse(text));
        } catch {
          parsed = undefined;
        }
        if (parsed?.success) current.accept(parsed.data);
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
