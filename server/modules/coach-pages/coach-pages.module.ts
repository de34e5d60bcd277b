import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createCoachPagesRepository } from './coach-pages.repository';
import { coachPagesRoutes } from './coach-pages.routes';
import { createCoachPagesService, type CoachPagesService } from './coach-pages.service';

export type CoachPagesModuleDeps = ModuleDeps<typeof createCoachPagesService>;

/** The coach-pages module: its repository, service and routes. */
export function registerCoachPages(app: HttpApp, deps: CoachPagesModuleDeps): CoachPagesService {
  const { route, ...serviceDeps } = deps;
  const coachPages = createCoachPagesService({ ...serviceDeps, repository: createCoachPagesRepository() });
  coachPagesRoutes(app, route, coachPages);
  return coachPages;
}
