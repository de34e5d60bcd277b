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

/**
 * Admin APIs (SPEC §6). Each names the permission it needs; every one needs an active admin with a
 * second factor in this session (403 for anyone else, then 403 INSUFFICIENT_AAL, then 403 without the
 * permission). Every view and change is recorded in the audit log.
 */
export const adminApi = {
  me: endpoint({
    method: 'GET',
    path: '/api/admin/me',
    summary: "The caller's admin role and its permissions",
    access: { admin: 'any' },
    responses: { 200: adminMeResponseSchema },
  }),
  coaches: endpoint({
    method: 'GET',
    path: '/api/admin/coaches',
    summary: 'Coaches, newest first',
    access: { admin: 'view_coaches' },
    responses: { 200: adminCoachesResponseSchema },
  }),
  auditLog: endpoint({
    method: 'GET',
    path: '/api/admin/audit-log',
    summary: 'The newest admin audit log entries',
    access: { admin: 'super_admin' },
    responses: { 200: auditLogResponseSchema },
  }),
  securityEvents: endpoint({
    method: 'GET',
    path: '/api/admin/security-events',
    summary: 'The newest security events',
    access: { admin: 'view_user_reports' },
    responses: { 200: securityEventsResponseSchema },
  }),
  setAdminRole: endpoint({
    method: 'POST',
    path: '/api/admin/admin-users',
    summary: "Grant, change or deactivate another person's admin role",
    access: { admin: 'super_admin' },
    body: setAdminRoleBodySchema,
    responses: { 200: setAdminRoleResponseSchema },
  }),
  endUserSessions: endpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/sign-out',
    summary: 'End every session of a person at once (e.g. after an account takeover)',
    access: { admin: 'super_admin' },
    params: userIdParamsSchema,
    responses: { 200: endUserSessionsResponseSchema },
  }),
  logActivity: endpoint({
    method: 'POST',
    path: '/api/rpc/log_admin_activity',
    summary: 'An admin screen records an action (stored as self-reported)',
    access: { admin: 'any' },
    body: logAdminActivityBodySchema,
    responses: { 200: adminActivityLoggedSchema },
  }),
} as const;
