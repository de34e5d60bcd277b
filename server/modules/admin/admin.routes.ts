import { adminApi as endpoints } from '#contracts/admin.api';
import type { HttpApp, Route } from '#server/http/route';
import type { AdminService } from './admin.service';

/** Admin APIs (contracts/admin.api.ts): the access rule names each one's permission; one service call each. */
export function adminRoutes(app: HttpApp, route: Route, admin: AdminService) {
  route(app, endpoints.me, async ({ caller }) => admin.me(caller.admin));
  route(app, endpoints.coaches, async ({ caller, request }) => admin.listCoaches(caller.admin, request.id));
  route(app, endpoints.auditLog, async ({ caller, request }) => admin.listAuditLog(caller.admin, request.id));
  route(app, endpoints.securityEvents, async ({ caller, request }) =>
    admin.listSecurityEvents(caller.admin, request.id),
  );
  route(app, endpoints.setAdminRole, async ({ caller, body, request }) =>
    admin.setAdminRole(
      caller.admin,
      { email: body.email, adminRole: body.admin_role, isActive: body.is_active },
      request.id,
    ),
  );
  route(app, endpoints.endUserSessions, async ({ caller, params, request }) => ({
    ended_sessions: await admin.endUserSessions(caller.admin, params.userId, request.id),
  }));
  route(app, endpoints.logActivity, async ({ caller, body, request }) => {
    await admin.recordBrowserActivity(caller.admin, body, request.id);
    return { logged: true as const };
  });
}
