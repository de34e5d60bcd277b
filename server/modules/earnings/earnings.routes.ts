import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { earningsQuerySchema, earningsSchema } from '../../../contracts/earnings';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { EarningsService } from './earnings.service';

/**
 * The calling coach's earnings (issue #5, point 8; /revenue and /manage-revenue). There is no way to
 * name another coach: every route reads the caller's own ledger accounts and sessions.
 */
export const earningsRoutes: FastifyPluginAsyncZod<{ earnings: EarningsService; guard: AuthGuard }> = async (
  app,
  { earnings, guard },
) => {
  app.get(
    '/api/earnings',
    { schema: { querystring: earningsQuerySchema, response: { 200: earningsSchema } } },
    async (request) => {
      const { userId } = await guard.authenticate(request);
      return earnings.summary(userId, request.query);
    },
  );

  app.get('/api/earnings/export.csv', async (request, reply) => {
    const { userId } = await guard.authenticate(request);
    const { filename, body } = await earnings.exportCsv(userId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
};

declare module 'fastify' {
  // Declaration merging with Fastify's own type needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Coach earnings: server/main.ts runs `releaseDue` from the earnings release job. */
    earnings: EarningsService;
  }
}
