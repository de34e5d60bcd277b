import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createGiftsRepository } from './gifts.repository';
import { giftsRoutes } from './gifts.routes';
import { createGiftsService, type GiftsService } from './gifts.service';

export type GiftsModuleDeps = ModuleDeps<typeof createGiftsService>;

/** The gifts module: its repository, service and routes. Answers the service (tests read it off the app). */
export function registerGifts(app: HttpApp, deps: GiftsModuleDeps): GiftsService {
  const { route, ...serviceDeps } = deps;
  const gifts = createGiftsService({ ...serviceDeps, repository: createGiftsRepository() });
  giftsRoutes(app, route, gifts);
  return gifts;
}
