import { z } from 'zod';
import {
  ADMIN_ACTION_MESSAGES,
  ADMIN_ACTION_TYPES,
  ADMIN_ACTIONS,
  ADMIN_TARGET_TYPES,
  isAdminActionType,
} from '#domain/auth/admin-actions';
import { ADMIN_PERMISSIONS, ADMIN_ROLES } from '#domain/auth/permissions';

export const adminMeResponseSchema = z.object({
  user_id: z.string(),
  admin_role: z.enum(ADMIN_ROLES),
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actor_user_id: z.string(),
  admin_role: z.enum(ADMIN_ROLES),
  action_type: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  request_id: z.string().nullable(),
  created_at: z.string(),
});
export const auditLogResponseSchema = z.object({ entries: z.array(auditEntrySchema) });

export const securityEventSchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  event_type: z.string(),
  severity: z.string(),
  event_details: z.record(z.string(), z.unknown()),
  client_reported: z.boolean(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export const securityEventsResponseSchema = z.object({ events: z.array(securityEventSchema) });

export const adminCoachSchema = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  created_at: z.string(),
});
export const adminCoachesResponseSchema = z.object({ coaches: z.array(adminCoachSchema) });

export const setAdminRoleBodySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  admin_role: z.enum(ADMIN_ROLES),
  is_active: z.boolean().default(true),
});
export const setAdminRoleResponseSchema = z.object({
  user_id: z.string(),
  admin_role: z.enum(ADMIN_ROLES),
  is_active: z.boolean(),
});

/**
 * SPEC §7 log_admin_activity, callable by admin screens for actions that happen in the browser: only
 * the known admin actions (domain/auth/admin-actions.ts), each with its own target type. The row is
 * stored as self-reported (details.self_reported: true, what was sent under details.reported_details),
 * so it is never mistaken for one the server recorded.
 */
export const logAdminActivityBodySchema = z
  .object({
    action_type: z.enum(ADMIN_ACTION_TYPES, ADMIN_ACTION_MESSAGES.unknownAction),
    target_type: z.enum(ADMIN_TARGET_TYPES),
    target_id: z.string().max(200).nullable().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((body) => ADMIN_ACTIONS[body.action_type] === body.target_type, {
    path: ['target_type'],
    error: (issue) => {
      const action = (issue.input as { action_type?: unknown } | undefined)?.action_type;
      return typeof action === 'string' && isAdminActionType(action)
        ? ADMIN_ACTION_MESSAGES.wrongTarget(action)
        : undefined;
    },
  });

export const userIdParamsSchema = z.object({ userId: z.string().uuid() });

/** POST /api/admin/users/:userId/sign-out: how many sessions were ended. */
export const endUserSessionsResponseSchema = z.object({ ended_sessions: z.number().int() });

/** POST /api/rpc/log_admin_activity. */
export const adminActivityLoggedSchema = z.object({ logged: z.literal(true) });

export type AdminMeResponse = z.infer<typeof adminMeResponseSchema>;
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
export type SecurityEventsResponse = z.infer<typeof securityEventsResponseSchema>;
export type AdminCoachesResponse = z.infer<typeof adminCoachesResponseSchema>;
