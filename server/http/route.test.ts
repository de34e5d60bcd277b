import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '#contracts/endpoint';
import type { AuthGuard } from '../plugins/auth-guard';
import { errorHandlerPlugin } from '../plugins/error-handler';
import { createRouter, type HttpApp } from './route';

const caller = { userId: 'u1', sessionId: 's1', aal: 'aal1', amr: [], email: null, guest: false } as const;

/** A Fastify app with the router and stand-ins for the guard and the services; its log lines are kept. */
async function appWithRouter() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const app = Fastify({ loggerInstance: logger }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  const delivered: unknown[] = [];
  const route = createRouter({
    guard: {
      authenticate: async () => caller,
      authenticateOptional: async () => null,
    } as unknown as AuthGuard,
    holdsRole: async (_userId, role) => role === 'client',
    authorizeAdmin: async () => ({ userId: 'u1', adminRole: 'super_admin' }),
    runIdempotent: async (_request, work) => ({ ...(await work({} as never)), replayed: false }),
    deliver: async (events) => void delivered.push(...events),
  });
  return { app: app as unknown as HttpApp, route, lines, delivered };
}

describe('route(): endpoints registered from their definitions', () => {
  it('a handler that sends its own 204 answers once (no "already sent" error) and events still go out', async () => {
    const { app, route, lines, delivered } = await appWithRouter();
    const signOut = defineEndpoint({
      method: 'POST',
      path: '/x/logout',
      summary: 'test',
      tag: 'test',
      access: 'signed-in',
      responses: { 204: null },
    });
    route(app, signOut, async ({ reply, emit }) => {
      emit([{ topic: 'user:u1', seq: 1, type: 't', payload: {} } as never]);
      return reply.code(204).send();
    });
    const response = await app.inject({ method: 'POST', url: '/x/logout' });
    expect(response.statusCode).toBe(204);
    expect(delivered).toHaveLength(1);
    expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([]);
    await app.close();
  });

  it('answers the declared success status and refuses a caller without the role before reading the body', async () => {
    const { app, route } = await appWithRouter();
    const create = defineEndpoint({
      method: 'POST',
      path: '/x/things',
      summary: 'test',
      tag: 'test',
      access: { role: 'coach', forbidden: 'Only coaches.' },
      body: z.object({ name: z.string() }),
      responses: { 201: z.object({ name: z.string() }) },
    });
    route(app, create, async ({ body }) => ({ name: body.name }));
    const refused = await app.inject({ method: 'POST', url: '/x/things', payload: { wrong: 1 } });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Only coaches.');
    await app.close();

    const asClient = await appWithRouter();
    const open = defineEndpoint({ ...create, access: { role: 'client', forbidden: 'Only clients.' } });
    asClient.route(asClient.app, open, async ({ body }) => ({ name: body.name }));
    const created = await asClient.app.inject({ method: 'POST', url: '/x/things', payload: { name: 'a' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ name: 'a' });
    await asClient.app.close();
  });
});
