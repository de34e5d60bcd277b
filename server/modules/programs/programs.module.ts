import type { HttpApp, ModuleDeps } from '#server/http/route';
import { createProgramsRepository } from './programs.repository';
import { programsRoutes } from './programs.routes';
import { createProgramsService, type ProgramsService } from './programs.service';

export type ProgramsModuleDeps = ModuleDeps<typeof createProgramsService>;

/** The programs module: its repository, service and routes. */
export function registerPrograms(app: HttpApp, deps: ProgramsModuleDeps): ProgramsService {
  const { route, ...serviceDeps } = deps;
  const programs = createProgramsService({ ...serviceDeps, repository: createProgramsRepository() });
  programsRoutes(app, route, programs);
  return programs;
}
