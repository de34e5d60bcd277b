import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCoachesResponseSchema,
  adminMeResponseSchema,
  auditLogResponseSchema,
  logAdminActivityBodySchema,
  securityEventsResponseSchema,
  setAdminRoleBodySchema,
  setAdminRoleResponseSchema,
  userIdParamsSchema,
} from '../../../contracts/admin';
import { permissionsOf, type AdminPermission } from '../../../domain/auth/permissions';
import type { AuthGuard } from '../../plugins/auth-guard';
import type { AdminService } from './admin.service';

/** Admin APIs. Each one names the permission it needs (SPEC §6); authorize() also demands aal2. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService; guard: AuthGuard }> = async (
  app,
  { admin, guard },
) => {
  const authorize = async (request: FastifyRequest, permission?: AdminPermission | 'super_admin') =>
    admin.authorize(await guard.authenticate(request), permission);

  app.get('/api/admin/me', { schema: { response: { 200: adminMeResponseSchema } } }, async (request) => {
    const caller = await authorize(request);
    return {
      user_id: caller.userId,
      admin_role: caller.adminRole,
      permissions: [...permissionsOf(caller.adminRole)],
    };
  });

  app.get(
    '/api/admin/coaches',
    { schema: { response: { 200: adminCoachesResponseSchema } } },
    async (request) => {
      const caller = await authorize(request, 'view_coaches');
      const coaches = await admin.listCoaches(caller, request.id);
      return {
        coaches: coaches.map((coach) => ({
          user_id: coach.userId,
          email: coach.email,
          full_name: coach.fullName,
          created_at: coach.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/api/admin/audit-log',
    { schema: { response: { 200: auditLogResponseSchema } } },
    async (request) => {
      const caller = await authorize(request, 'super_admin');
      const entries = await admin.listAuditLog(caller, request.id);
      return {
        entries: entries.map((entry) => ({
          id: entry.id,
          actor_user_id: entry.actorUserId,
          admin_role: entry.adminRole,
          action_type: entry.actionType,
          target_type: entry.targetType,
          target_id: entry.targetId,
          details: entry.details,
          request_id: entry.requestId,
          created_at: entry.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/api/admin/security-events',
    { schema: { response: { 200: securityEventsResponseSchema } } },
    async (request) => {
      const caller = await authorize(request, 'view_user_reports');
      const events = await admin.listSecurityEvents(caller, request.id);
      return {
        events: events.map((event) => ({
          id: event.id,
          user_id: event.userId,
          event_type: event.eventType,
          severity: event.severity,
          event_details: event.eventDetails,
          client_reported: event.clientReported,
          ip: event.ip,
          created_at: event.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/api/admin/admin-users',
    { schema: { body: setAdminRoleBodySchema, response: { 200: setAdminRoleResponseSchema } } },
    async (request) => {
      const caller = await authorize(request, 'super_admin');
      const { email, admin_role, is_active } = request.body;
      return admin.setAdminRole(caller, { email, adminRole: admin_role, isActive: is_active }, request.id);
    },
  );

  app.post(
    '/api/admin/users/:userId/sign-out',
    {
      schema: {
        params: userIdParamsSchema,
        response: { 200: z.object({ ended_sessions: z.number().int() }) },
      },
    },
    async (request) => {
      const caller = await authorize(request, 'super_admin');
      return { ended_sessions: await admin.endUserSessions(caller, request.params.userId, request.id) };
    },
  );

  app.post(
    '/api/rpc/log_admin_activity',
    {
      schema: { body: logAdminActivityBodySchema, response: { 200: z.object({ logged: z.literal(true) }) } },
    },
    async (request) => {
      const caller = await authorize(request);
      await admin.recordBrowserActivity(caller, request.body, request.id);
      return { logged: true as const };
    },
  );
};
