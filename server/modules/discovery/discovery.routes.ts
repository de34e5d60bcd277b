import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryCountsResponseSchema,
  coachSearchQuerySchema,
  coachSearchResponseSchema,
  recommendedCoachesResponseSchema,
} from '../../../contracts/discovery';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { DiscoveryService } from './discovery.service';

/** Coach discovery: public (SPEC §2 /discover is public in one reading; cards show public data only). */
export const discoveryRoutes: FastifyPluginAsyncZod<{
  discovery: DiscoveryService;
  guard: AuthGuard;
}> = async (app, { discovery, guard }) => {
  app.get(
    '/api/coaches',
    { schema: { querystring: coachSearchQuerySchema, response: { 200: coachSearchResponseSchema } } },
    async (request) => discovery.search(request.query),
  );

  app.get(
    '/api/coaches/categories',
    { schema: { response: { 200: categoryCountsResponseSchema } } },
    async () => discovery.categoryCounts(),
  );

  // Personalised when signed in (the client's interests), top-rated otherwise.
  app.get(
    '/api/coaches/recommended',
    { schema: { response: { 200: recommendedCoachesResponseSchema } } },
    async (request) => {
      const caller = await guard.authenticateOptional(request);
      return discovery.recommended(caller?.userId ?? null);
    },
  );
};
