import { programsApi as endpoints } from '#contracts/programs.api';
import type { HttpApp, Route } from '#server/http/route';
import type { ProgramsService } from './programs.service';

/** Programs (contracts/programs.api.ts): each handler is one service call. */
export function programsRoutes(app: HttpApp, route: Route, programs: ProgramsService) {
  route(app, endpoints.listPublic, async ({ params }) => ({
    programs: await programs.listPublic(params.coachId),
  }));
  route(app, endpoints.getPublic, async ({ caller, params }) =>
    programs.getPublic(params.id, caller?.userId ?? null),
  );

  route(app, endpoints.listMine, async ({ caller }) => ({
    programs: await programs.listMine(caller.userId),
  }));
  route(app, endpoints.create, async ({ caller, body }) => programs.create(caller.userId, body));
  route(app, endpoints.getOwned, async ({ caller, params }) => programs.getOwned(caller.userId, params.id));
  route(app, endpoints.update, async ({ caller, params, body }) =>
    programs.update(caller.userId, params.id, body),
  );
  route(app, endpoints.remove, async ({ caller, params }) => {
    await programs.remove(caller.userId, params.id);
    return { deleted: true as const };
  });
  route(app, endpoints.publish, async ({ caller, params }) => programs.publish(caller.userId, params.id));
  route(app, endpoints.unpublish, async ({ caller, params }) => programs.unpublish(caller.userId, params.id));
  route(app, endpoints.addLesson, async ({ caller, params, body }) =>
    programs.addLesson(caller.userId, params.id, body),
  );
  route(app, endpoints.reorderLessons, async ({ caller, params, body }) =>
    programs.reorderLessons(caller.userId, params.id, body.lesson_ids),
  );
  route(app, endpoints.updateLesson, async ({ caller, params, body }) =>
    programs.updateLesson(caller.userId, params.id, params.lessonId, body),
  );
  route(app, endpoints.deleteLesson, async ({ caller, params }) =>
    programs.deleteLesson(caller.userId, params.id, params.lessonId),
  );

  route(app, endpoints.listEnrolled, async ({ caller }) => ({
    enrolments: await programs.listEnrolled(caller.userId),
  }));
  route(app, endpoints.enroll, async ({ caller, params }) => ({
    progress: await programs.enroll(caller.userId, params.id),
  }));
  route(app, endpoints.getLesson, async ({ caller, params }) =>
    programs.getLesson(caller.userId, params.id, params.lessonNumber),
  );
  route(app, endpoints.completeLesson, async ({ caller, params }) => ({
    progress: await programs.completeLesson(caller.userId, params.id, params.lessonNumber),
  }));
}
