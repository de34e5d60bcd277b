import {
  adminActivityLoggedSchema,
  adminCoachesResponseSchema,
  adminMeResponseSchema,
  auditLogResponseSchema,
  endUserSessionsResponseSchema,
  logAdminActivityBodySchema,
  securityEventsResponseSchema,
  setAdminRoleBodySchema,
  setAdminRoleResponseSchema,
  userIdParamsSchema,
} from './admin';
import { endpointGroup } from './endpoint';

const endpoint = endpointGroup('Admin');
const anyAdminEndpoint = endpoint.as({ admin: 'any' });
const superAdminEndpoint = endpoint.as({ admin: 'super_admin' });
const viewCoachesEndpoint = endpoint.as({ admin: 'view_coaches' });
const viewUserReportsEndpoint = endpoint.as({ admin: 'view_user_reports' });

/**
 * Admin APIs (SPEC §6). Each names the permission it needs; every one needs an active admin with a
 * second factor in this session (403 for anyone else, then 403 INSUFFICIENT_AAL, then 403 without the
 * permission). Every view and change is recorded in the audit log.
 */
export const adminApi = {
  me: anyAdminEndpoint({
    method: 'GET',
    path: '/api/admin/me',
    summary: "The caller's admin role and its permissions",
    responses: { 200: adminMeResponseSchema },
  }),
  coaches: viewCoachesEndpoint({
    method: 'GET',
    path: '/api/admin/coaches',
    summary: 'Coaches, newest first',
    responses: { 200: adminCoachesResponseSchema },
  }),
  auditLog: superAdminEndpoint({
    method: 'GET',
    path: '/api/admin/audit-log',
    summary: 'The newest admin audit log entries',
    responses: { 200: auditLogResponseSchema },
  }),
  securityEvents: viewUserReportsEndpoint({
    method: 'GET',
    path: '/api/admin/security-events',
    summary: 'The newest security events',
    responses: { 200: securityEventsResponseSchema },
  }),
  setAdminRole: superAdminEndpoint({
    method: 'POST',
    path: '/api/admin/admin-users',
    summary: "Grant, change or deactivate another person's admin role",
    body: setAdminRoleBodySchema,
    responses: { 200: setAdminRoleResponseSchema },
  }),
  endUserSessions: superAdminEndpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/sign-out',
    summary: 'End every session of a person at once (e.g. after an account takeover)',
    params: userIdParamsSchema,
    responses: { 200: endUserSessionsResponseSchema },
  }),
  logActivity: anyAdminEndpoint({
    method: 'POST',
    path: '/api/rpc/log_admin_activity',
    summary: 'An admin screen records an action (stored as self-reported)',
    body: logAdminActivityBodySchema,
    responses: { 200: adminActivityLoggedSchema },
  }),
} as const;
