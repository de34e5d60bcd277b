import { rolesApi as endpoints } from '#contracts/roles.api';
import type { HttpApp, Route } from '#server/http/route';
import type { RolesService } from './roles.service';

/** Roles (contracts/roles.api.ts): each handler is one service call. */
export function rolesRoutes(app: HttpApp, route: Route, roles: RolesService) {
  route(app, endpoints.me, async ({ caller }) => roles.me(caller));
  route(app, endpoints.setLastActiveRole, async ({ caller, body }) =>
    roles.setLastActiveRole(caller, body.role_name),
  );
  route(app, endpoints.autoAssignRole, async ({ caller, body }) =>
    roles.assignAutomaticRole(caller, {
      asParam: body.as ?? null,
      signupFlag: body.signup,
      onAuthPage: body.on_auth_page,
    }),
  );
}
