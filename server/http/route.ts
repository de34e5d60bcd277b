import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Access, EndpointDefinition, ResponseOf, ValidatedInputOf } from '#contracts/endpoint';
import type { AdminRole } from '#domain/auth/permissions';
import type { RealtimeEvent } from '#contracts/realtime';
import { AppError } from '#domain/errors/app-error';
import type { DbExecutor } from '../db/client';
import type { AuthContext, AuthGuard } from '../plugins/auth-guard';
import { idempotencyKeyFrom } from './idempotency-key';

/** The Fastify instance modules register on (buildApp's: pino logger, zod type provider). */
export type HttpApp = FastifyInstance<Server, IncomingMessage, ServerResponse, Logger, ZodTypeProvider>;

/**
 * Registers routes in their own encapsulated scope (Fastify's plugin), for what must not leak to the
 * rest of the app: a raw-body content-type parser, another error format (GoTrue's under /auth/v1).
 */
export async function inScope(app: HttpApp, register: (scope: HttpApp) => void | Promise<void>) {
  const plugin: FastifyPluginAsync<Record<never, never>, Server, ZodTypeProvider, Logger> = async (scope) => {
    await register(scope);
  };
  await app.register(plugin);
}

/** An active admin as the admin module's `authorize` answers it. */
export type AdminCaller = { userId: string; adminRole: AdminRole };

/** The caller a handler gets, by the endpoint's access rule. */
export type CallerOf<A extends Access> = A extends 'public'
  ? null
  : A extends 'optional'
    ? AuthContext | null
    : A extends { admin: unknown }
      ? AuthContext & { admin: AdminCaller }
      : AuthContext;

export type HandlerContext<E extends EndpointDefinition> = ValidatedInputOf<E> & {
  caller: CallerOf<E['access']>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Idempotent endpoints run inside the idempotency key's transaction: write with this executor. */
  tx: E['idempotent'] extends true ? DbExecutor : undefined;
  /** Realtime events the work recorded: delivered once it committed, before the answer is sent. */
  emit: (events: readonly RealtimeEvent[]) => void;
};

/** A handler answers the body (validated by the endpoint's response schema), or sends the reply itself. */
export type Handler<E extends EndpointDefinition> = (
  context: HandlerContext<E>,
) => Promise<ResponseOf<E> | FastifyReply>;

/** Route options that are not part of the contract (rate limits, body limits). */
export type RouteExtras = Pick<RouteShorthandOptions, 'config' | 'bodyLimit'>;

export type RouterDeps = {
  guard: AuthGuard;
  /** Whether the person holds a role (active or not). */
  holdsRole: (userId: string, role: 'client' | 'coach') => Promise<boolean>;
  /** The admin module's check: active admin, second factor, permission (undefined: any admin). */
  authorizeAdmin: (caller: AuthContext, permission: string | undefined) => Promise<AdminCaller>;
  /** Runs `work` in one transaction keyed by an Idempotency-Key (the idempotency module). */
  runIdempotent: (
    request: { userId: string; key: string; methodPath: string; body: unknown },
    work: (tx: DbExecutor) => Promise<{ status: number; body: unknown }>,
  ) => Promise<{ status: number; body: unknown; replayed: boolean }>;
  deliver: (events: readonly RealtimeEvent[]) => Promise<void>;
};

declare module 'fastify' {
  // Declaration merging with Fastify's own type needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** Who calls, as the endpoint's access rule established it (null when nobody needs to). */
    caller: AuthContext | (AuthContext & { admin: AdminCaller }) | null;
  }
}

/** What the OpenAPI document says about who may call (server/http/openapi.ts). */
export const SECURITY_OF_ACCESS = (access: Access) => (access === 'public' ? [] : [{ bearer: [] }]);

function successStatuses(endpoint: EndpointDefinition): number[] {
  return Object.keys(endpoint.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
    .sort((a, b) => a - b);
}

/**
 * Registers endpoints on a Fastify instance. The access rule runs as the route's preParsing hook, so a
 * caller who may not use the endpoint is refused before its input is even read; idempotent endpoints
 * run the handler inside the key's transaction; events the handler emits are delivered after commit.
 */
/** `emit` of a handler's context, bound to the request's event list. */
function collect(this: RealtimeEvent[], recorded: readonly RealtimeEvent[]) {
  this.push(...recorded);
}

export function createRouter(deps: RouterDeps) {
  async function establishCaller(access: Access, request: FastifyRequest) {
    if (access === 'public') return null;
    if (access === 'optional') return deps.guard.authenticateOptional(request);
    const caller = await deps.guard.authenticate(request);
    if (access === 'signed-in') return caller;
    if (access === 'aal2') {
      if (caller.aal !== 'aal2') throw new AppError('INSUFFICIENT_AAL');
      return caller;
    }
    if ('role' in access) {
      if (!(await deps.holdsRole(caller.userId, access.role)))
        throw new AppError('FORBIDDEN', access.forbidden);
      if (access.aal2 !== undefined && caller.aal !== 'aal2')
        throw new AppError('INSUFFICIENT_AAL', access.aal2);
      return caller;
    }
    const admin = await deps.authorizeAdmin(caller, access.admin === 'any' ? undefined : access.admin);
    return { ...caller, admin };
  }

  return function route<const E extends EndpointDefinition>(
    app: HttpApp,
    endpoint: E,
    ...args: [handler: Handler<E>] | [extras: RouteExtras, handler: Handler<E>]
  ): void {
    const [extras, handler] = args.length === 1 ? [{}, args[0]] : args;
    const statuses = successStatuses(endpoint);
    const status = statuses[0] ?? 200;
    const declared = Object.keys(endpoint.responses).map(Number);
    const responseSchema = endpoint.responses[status];
    app.route({
      ...extras,
      method: endpoint.method,
      url: endpoint.path,
      schema: {
        summary: endpoint.summary,
        tags: [endpoint.tag],
        security: SECURITY_OF_ACCESS(endpoint.access),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: Object.fromEntries(
          Object.entries(endpoint.responses).filter(
            (entry): entry is [string, z.ZodType] => entry[1] !== null,
          ),
        ),
      },
      // After the onRequest hooks (the rate limit counts every call, refused or not), before the body
      // is even read: a caller who may not use the endpoint never gets an input error. A public
      // endpoint has nobody to establish (no hook: one promise less on the paths probes poll).
      ...(endpoint.access === 'public'
        ? {}
        : {
            preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
              request.caller = await establishCaller(endpoint.access, request);
              return payload;
            },
          }),
      handler: async (request, reply) => {
        if (endpoint.access === 'public') request.caller = null;
        const events: RealtimeEvent[] = [];
        const context = {
          params: request.params,
          query: request.query,
          body: request.body,
          caller: request.caller,
          request,
          reply,
          tx: undefined,
          // Bound, not a new arrow: the dev runtime (tsx) names every function literal it creates.
          emit: collect.bind(events),
        } as unknown as HandlerContext<E>;

        if (endpoint.idempotent) {
          const caller = request.caller;
          if (!caller)
            throw new Error(`${endpoint.method} ${endpoint.path} is idempotent but open to anybody`);
          const key = idempotencyKeyFrom(request.headers);
          const result = await deps.runIdempotent(
            {
              userId: caller.userId,
              key,
              methodPath: `${request.method} ${request.url.split('?')[0] ?? ''}`,
              body: request.body ?? null,
            },
            async (tx) => ({ status, body: await handler({ ...context, tx } as HandlerContext<E>) }),
          );
          await deps.deliver(events);
          if (result.replayed) reply.header('idempotency-replayed', 'true');
          return reply
            .code(result.status)
            .send(responseSchema ? responseSchema.parse(result.body) : undefined);
        }

        // A reply is thenable (it resolves once sent), so `await` never yields the reply itself: a handler
        // that answered on its own (a redirect, a file, a 204) is recognised by the reply being sent.
        const answer = await handler(context);
        if (events.length > 0) await deps.deliver(events);
        if (reply.sent) return reply;
        // The declared success status, unless the handler chose another declared one.
        if (!declared.includes(reply.statusCode)) reply.code(status);
        return responseSchema === null ? reply.send() : answer;
      },
    });
  };
}

export type Route = ReturnType<typeof createRouter>;

/**
 * Registers `endpoint` (a POST on an `:id`) in a scope of its own whose preHandler runs
 * `authorize(caller, :id)` first: who may call is decided before the Idempotency-Key is read (404/403/409,
 * not 400). A preHandler runs after the access rule and the input's validation.
 */
export async function routeAuthorizedFirst<const E extends EndpointDefinition>(
  app: HttpApp,
  route: Route,
  endpoint: E,
  authorize: (userId: string, id: string) => Promise<unknown>,
  handler: Handler<E>,
): Promise<void> {
  await app.register(async (scope: HttpApp) => {
    scope.addHook('preHandler', async (request) => {
      if (!request.caller)
        throw new Error(`${endpoint.method} ${endpoint.path} is for signed-in callers only`);
      await authorize(request.caller.userId, (request.params as { id: string }).id);
    });
    route(scope, endpoint, handler);
  });
}

/**
 * What a module's register call takes: the deps of its service but those the module makes itself
 * (`Made`: its repository, and what it wires from other modules' services), and the router.
 */
export type ModuleDeps<
  CreateService extends (deps: never) => unknown,
  Made extends string = 'repository',
> = Omit<Parameters<CreateService>[0], Made> & { route: Route };

/** A handler's answer for a change's outcome: its events emitted (delivered after commit), its body. */
export function answerOutcome<T>(
  emit: (events: readonly RealtimeEvent[]) => void,
  outcome: { body: T; events: readonly RealtimeEvent[] },
): T {
  emit(outcome.events);
  return outcome.body;
}

/**
 * The handler of an endpoint whose one service call is the caller's change to the item of `:id`
 * (accept, decline, cancel): the change's outcome answered by answerOutcome.
 */
export function answerChangeById<T>(
  change: (userId: string, id: string) => Promise<{ body: T; events: readonly RealtimeEvent[] }>,
) {
  return async ({
    caller,
    params,
    emit,
  }: {
    caller: AuthContext;
    params: { id: string };
    emit: (events: readonly RealtimeEvent[]) => void;
  }) => answerOutcome(emit, await change(caller.userId, params.id));
}
