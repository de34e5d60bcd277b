import {
  ADMIN_ROLES,
  hasPermission,
  permissionsOf,
  type AdminPermission,
  type AdminRole,
} from '#domain/auth/permissions';
import type {
  AdminCoachesResponse,
  AdminMeResponse,
  AuditLogResponse,
  SecurityEventsResponse,
} from '#contracts/admin';
import type { AdminActionType, AdminTargetType } from '#domain/auth/admin-actions';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import type { SessionService } from '../auth/sessions/session.service';
import type { AdminRepository } from './admin.repository';

export type AdminCaller = { userId: string; aal: 'aal1' | 'aal2' };
export type ActiveAdmin = { userId: string; adminRole: AdminRole };

/**
 * SPEC §6: admins are rows of admin_users with is_active true; each admin role has exactly the listed
 * permissions (super_admin all). Every admin API passes through `authorize`, which also requires a
 * verified second factor in the session; every admin action writes one append-only audit row.
 */
export function createAdminService(deps: {
  db: Database;
  repository: AdminRepository;
  sessions: SessionService;
  clock: Clock;
}) {
  const { db, repository } = deps;

  return {
    async findAdmin(userId: string) {
      const row = await repository.findAdmin(db, userId);
      if (!row) return null;
      return {
        admin_role: row.adminRole,
        permissions: [...permissionsOf(row.adminRole)],
        is_active: row.isActive,
      };
    },

    /** The caller as an active admin holding `permission` (any admin when omitted), with aal2. */
    async authorize(caller: AdminCaller, permission?: AdminPermission | 'super_admin'): Promise<ActiveAdmin> {
      const row = await repository.findAdmin(db, caller.userId);
      if (!row || !row.isActive) throw new AppError('FORBIDDEN');
      if (caller.aal !== 'aal2')
        throw new AppError(
          'INSUFFICIENT_AAL',
          'Administration needs your authenticator app: confirm with a code to continue.',
        );
      const allowed =
        permission === undefined
          ? true
          : permission === 'super_admin'
            ? row.adminRole === 'super_admin'
            : hasPermission(row.adminRole, permission);
      if (!allowed) throw new AppError('FORBIDDEN');
      return { userId: row.userId, adminRole: row.adminRole };
    },

    /** log_admin_activity: one audit row per admin action (actor, role, action, target, details, request id). */
    async logActivity(
      executor: DbExecutor,
      admin: ActiveAdmin,
      action: {
        actionType: AdminActionType;
        targetType: AdminTargetType;
        targetId?: string | null;
        details?: Record<string, unknown>;
        requestId: string;
      },
    ) {
      await repository.insertAuditEntry(executor, {
        actorUserId: admin.userId,
        adminRole: admin.adminRole,
        actionType: action.actionType,
        targetType: action.targetType,
        targetId: action.targetId ?? null,
        details: action.details ?? {},
        requestId: action.requestId,
        createdAt: deps.clock.now(),
      });
    },

    /** GET /api/admin/me: the caller's admin role and what it may do. */
    me(admin: ActiveAdmin): AdminMeResponse {
      return {
        user_id: admin.userId,
        admin_role: admin.adminRole,
        permissions: [...permissionsOf(admin.adminRole)],
      };
    },

    async listAuditLog(admin: ActiveAdmin, requestId: string): Promise<AuditLogResponse> {
      await this.logActivity(db, admin, { actionType: 'view_audit_log', targetType: 'audit_log', requestId });
      const entries = await repository.findAuditEntries(db, 200);
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

    async listSecurityEvents(admin: ActiveAdmin, requestId: string): Promise<SecurityEventsResponse> {
      await this.logActivity(db, admin, {
        actionType: 'view_security_events',
        targetType: 'security_events',
        requestId,
      });
      const events = await repository.findSecurityEvents(db, 200);
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

    async listCoaches(admin: ActiveAdmin, requestId: string): Promise<AdminCoachesResponse> {
      await this.logActivity(db, admin, { actionType: 'view_coaches', targetType: 'coaches', requestId });
      const coaches = await repository.findCoaches(db, 200);
      return {
        coaches: coaches.map((coach) => ({
          user_id: coach.userId,
          email: coach.email,
          full_name: coach.fullName,
          created_at: coach.createdAt.toISOString(),
        })),
      };
    },

    /** Ends every session of a person at once (ASVS 7.4.5), e.g. after a reported account takeover. */
    async endUserSessions(admin: ActiveAdmin, userId: string, requestId: string) {
      return db.transaction(async (tx) => {
        const ended = await deps.sessions.endAllForUser(tx, userId, 'ended_by_admin');
        await this.logActivity(tx, admin, {
          actionType: 'end_user_sessions',
          targetType: 'user',
          targetId: userId,
          details: { ended_sessions: ended.length },
          requestId,
        });
        return ended.length;
      });
    },

    /**
     * SPEC §7 log_admin_activity called from an admin screen: a known action (the schema checked it and
     * its target type), attributed to the caller and marked self-reported; what the browser sent about
     * it stays apart, under reported_details, so it can never pass for what the server recorded.
     */
    async recordBrowserActivity(
      admin: ActiveAdmin,
      body: {
        action_type: AdminActionType;
        target_type: AdminTargetType;
        target_id?: string | null;
        details?: Record<string, unknown>;
      },
      requestId: string,
    ) {
      await this.logActivity(db, admin, {
        actionType: body.action_type,
        targetType: body.target_type,
        targetId: body.target_id ?? null,
        details: { self_reported: true, reported_by: 'browser', reported_details: body.details ?? {} },
        requestId,
      });
    },

    /** super_admin grants (or changes, or deactivates) another person's admin role. */
    async setAdminRole(
      admin: ActiveAdmin,
      input: { email: string; adminRole: AdminRole; isActive: boolean },
      requestId: string,
    ) {
      if (!ADMIN_ROLES.includes(input.adminRole)) throw new AppError('VALIDATION_ERROR');
      return db.transaction(async (tx) => {
        const target = await repository.findUserByEmail(tx, input.email);
        if (!target) throw new AppError('NOT_FOUND', 'No account uses this email address.');
        if (target.id === admin.userId)
          throw new AppError('CONFLICT', 'You cannot change your own admin role.');
        await repository.upsertAdmin(tx, {
          userId: target.id,
          adminRole: input.adminRole,
          isActive: input.isActive,
          createdAt: deps.clock.now(),
        });
        await this.logActivity(tx, admin, {
          actionType: 'set_admin_role',
          targetType: 'user',
          targetId: target.id,
          details: { admin_role: input.adminRole, is_active: input.isActive },
          requestId,
        });
        return { user_id: target.id, admin_role: input.adminRole, is_active: input.isActive };
      });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
