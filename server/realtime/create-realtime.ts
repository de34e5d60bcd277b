import type { Clock } from '#domain/clock';
import type { Database } from '../db/client';
import type { HttpApp } from '../http/route';
import type { BusLogger, RealtimeBus } from './bus/bus';
import { createRealtimeBus } from './bus/create-bus';
import { createRealtimeGateway, type GatewayOptions, type RealtimeGateway } from './gateway';
import { createRealtimeRepository } from './realtime.repository';
import { createRealtimeService, type RealtimeService } from './realtime.service';

/**
 * Realtime (docs/decisions/003-realtime.md): modules record events in their transactions and deliver
 * them after commit; the bus carries them to every instance (Redis when configured, else PostgreSQL).
 */
export function createRealtime(deps: {
  redisUrl: string | undefined;
  db: Database;
  clock: Clock;
  logger: BusLogger;
}) {
  const repository = createRealtimeRepository();
  const bus = createRealtimeBus({ redisUrl: deps.redisUrl, db: deps.db, repository, logger: deps.logger });
  const realtime = createRealtimeService({
    db: deps.db,
    repository,
    bus,
    clock: deps.clock,
    logger: deps.logger,
  });
  return { realtime, bus };
}

/**
 * Attaches the socket gateway to the HTTP server once it listens (app.inject tests open no socket or
 * LISTEN), feeds it what the bus carries, and closes both with the app.
 */
export function attachRealtimeGateway(
  app: HttpApp,
  bus: RealtimeBus,
  options: Omit<GatewayOptions, 'server'>,
): void {
  app.decorate('realtimeGateway', null as RealtimeGateway | null);
  app.addHook('onListen', async () => {
    if (app.realtimeGateway) return;
    const gateway = createRealtimeGateway({ server: app.server, ...options });
    app.realtimeGateway = gateway;
    await bus.subscribe((event) => gateway.emitLocal(event));
  });
  app.addHook('preClose', async () => {
    app.realtimeGateway?.close();
  });
  app.addHook('onClose', async () => {
    await bus.close();
  });
}

declare module 'fastify' {
  // Declaration merging with Fastify's own type needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Realtime events: record(tx, …) in a transaction, deliver(events) after commit (decision 003). */
    realtime: RealtimeService;
    /** The socket gateway, once the server listens (null under app.inject). */
    realtimeGateway: RealtimeGateway | null;
  }
}
