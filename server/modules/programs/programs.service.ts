import { createProgramsBuilder } from './programs.builder';
import { createProgramsEnrolment } from './programs.enrolment';
import { createProgramsPublic } from './programs.public';
import { createProgramsShared, type ProgramsDeps } from './programs.shared';

export type { ProgramsDeps } from './programs.shared';

/**
 * Programs. A coach builds programs of ordered lessons; a published program is
 * public; people enrol and their progress is saved per lesson id, so reordering keeps it. Someone
 * else's draft answers NOT_FOUND like a missing program. Paid enrolment is not built yet: only free
 * programs can be published or joined (PAID_PROGRAMS_UNAVAILABLE).
 */
export function createProgramsService(deps: ProgramsDeps) {
  const shared = createProgramsShared(deps);
  return {
    ...createProgramsPublic(deps, shared),
    ...createProgramsBuilder(deps, shared),
    ...createProgramsEnrolment(deps, shared),
  };
}

export type ProgramsService = ReturnType<typeof createProgramsService>;
