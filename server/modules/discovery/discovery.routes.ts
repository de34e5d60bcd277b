import { discoveryApi as endpoints } from '#contracts/discovery.api';
import type { HttpApp, Route } from '#server/http/route';
import type { DiscoveryService } from './discovery.service';

/** Coach discovery (contracts/discovery.api.ts): public; cards show public data only. */
export function discoveryRoutes(app: HttpApp, route: Route, discovery: DiscoveryService) {
  route(app, endpoints.search, async ({ query }) => discovery.search(query));
  route(app, endpoints.categories, async () => discovery.categoryCounts());
  route(app, endpoints.recommended, async ({ caller }) => discovery.recommended(caller?.userId ?? null));
}
