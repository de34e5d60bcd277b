import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSIONS,
  ADMIN_ROLES,
  hasPermission,
  type AdminPermission,
} from '#domain/auth/permissions';
import { ADMIN_ACTION_MESSAGES, ADMIN_ACTION_TYPES } from '#domain/auth/admin-actions';
import { insertAdmin } from '#test/factories/admin';
import { bearer, errorOf, signUp } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';
import { adminAuditLog } from '#server/db/schema/index';

/** The admin API that exercises each permission (super_admin-only actions are checked separately). */
const ENDPOINT_BY_PERMISSION: Partial<Record<AdminPermission, string>> = {
  view_coaches: '/api/admin/coaches',
  view_user_reports: '/api/admin/security-events',
};

describe('admin permissions (SPEC §6)', () => {
  const t = useTestApp();
  let now: Date;
  beforeAll(() => {
    now = t.clock.now();
  });

  it('gives each admin role exactly its permissions: 4 roles × 10 permissions', () => {
    const expected: Record<string, AdminPermission[]> = {
      super_admin: [...ADMIN_PERMISSIONS],
      coach_manager: ['view_coaches', 'manage_applications', 'view_coach_stats'],
      financial_admin: ['view_revenue', 'manage_payouts', 'view_financial_reports', 'view_platform_revenue'],
      community_moderator: ['moderate_posts', 'manage_community', 'view_user_reports'],
    };
    for (const role of ADMIN_ROLES) {
      for (const permission of ADMIN_PERMISSIONS) {
        expect(hasPermission(role, permission), `${role} × ${permission}`).toBe(
          expected[role]?.includes(permission),
        );
      }
    }
  });

  it('enforces the permissions on the server for every admin API, and writes one audit row per allowed action', async () => {
    for (const role of ADMIN_ROLES) {
      const admin = await insertAdmin(t.app, t.db, now, role);
      const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(admin.session) });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ admin_role: role });

      for (const [permission, url] of Object.entries(ENDPOINT_BY_PERMISSION)) {
        const before = await t.db
          .select({ count: sql<number>`count(*)::int` })
          .from(adminAuditLog)
          .where(eq(adminAuditLog.actorUserId, admin.userId));
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { ...bearer(admin.session), 'x-request-id': `req-${role}-${permission}` },
        });
        const allowed = hasPermission(role, permission as AdminPermission);
        expect(response.statusCode, `${role} GET ${url}`).toBe(allowed ? 200 : 403);
        const after = await t.db
          .select({ count: sql<number>`count(*)::int` })
          .from(adminAuditLog)
          .where(eq(adminAuditLog.actorUserId, admin.userId));
        expect((after[0]?.count ?? 0) - (before[0]?.count ?? 0), `${role} audit rows for ${url}`).toBe(
          allowed ? 1 : 0,
        );
        if (allowed) {
          const [row] = await t.db
            .select()
            .from(adminAuditLog)
            .where(eq(adminAuditLog.requestId, `req-${role}-${permission}`));
          expect(row).toMatchObject({
            actorUserId: admin.userId,
            adminRole: role,
            targetType: expect.any(String),
            actionType: expect.any(String),
          });
        }
      }

      const auditLog = await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit-log',
        headers: bearer(admin.session),
      });
      expect(auditLog.statusCode, `${role} audit log`).toBe(role === 'super_admin' ? 200 : 403);
    }
  });

  it('refuses non-admins, inactive admins and admins without a verified second factor', async () => {
    const { session: client } = await signUp(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(client) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);

    const inactive = await insertAdmin(t.app, t.db, now, 'super_admin', { isActive: false });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/coaches', headers: bearer(inactive.session) }))
        .statusCode,
    ).toBe(403);

    const aal1 = await insertAdmin(t.app, t.db, now, 'super_admin', { aal2: false });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/coaches',
      headers: bearer(aal1.session),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'INSUFFICIENT_AAL' } });
  });

  it('lets a super_admin grant admin roles and end a person’s sessions, both audited', async () => {
    const boss = await insertAdmin(t.app, t.db, now, 'super_admin');
    const target = await signUp(t.app);
    const granted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-users',
      headers: bearer(boss.session),
      payload: { email: target.email, admin_role: 'financial_admin' },
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ admin_role: 'financial_admin', is_active: true });

    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${target.session.user.id}/sign-out`,
      headers: bearer(boss.session),
    });
    expect(ended.json()).toEqual({ ended_sessions: 1 });
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(target.session) }))
        .statusCode,
    ).toBe(403); // GoTrue's session_not_found

    const rows = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.actorUserId, boss.userId));
    expect(rows.map((row) => row.actionType).sort()).toEqual(['end_user_sessions', 'set_admin_role']);

    const moderator = await insertAdmin(t.app, t.db, now, 'community_moderator');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-users',
      headers: bearer(moderator.session),
      payload: { email: target.email, admin_role: 'super_admin' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('log_admin_activity takes only the known actions with their target type, and marks the row self-reported', async () => {
    const finance = await insertAdmin(t.app, t.db, now, 'financial_admin');
    const log = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/rpc/log_admin_activity',
        headers: { ...bearer(finance.session), 'x-request-id': `req-log-${Math.random()}` },
        payload,
      });
    const rowsOf = () =>
      t.db.select().from(adminAuditLog).where(eq(adminAuditLog.actorUserId, finance.userId));
    const before = (await rowsOf()).length;

    // The probe's free-form rows: an invented action, a known action on the wrong kind of target.
    const invented = await log({
      action_type: 'deleted_everything',
      target_type: 'database',
      target_id: 'x',
    });
    expect(invented.statusCode).toBe(400);
    expect(errorOf(invented).details).toContainEqual({
      path: 'body.action_type',
      message: ADMIN_ACTION_MESSAGES.unknownAction,
    });
    const wrongTarget = await log({ action_type: 'approve_withdrawal', target_type: 'user', target_id: 'x' });
    expect(wrongTarget.statusCode).toBe(400);
    expect(errorOf(wrongTarget).details).toEqual([
      { path: 'body.target_type', message: 'approve_withdrawal acts on a withdrawal.' },
    ]);
    expect((await rowsOf()).length).toBe(before);

    // A known action is recorded for the caller, marked self-reported; what was sent cannot unmark it.
    const targetId = '6a0f5c8e-3d1b-4a57-9a4e-2f8b7c6d5e4f';
    const known = await log({
      action_type: 'approve_withdrawal',
      target_type: 'withdrawal',
      target_id: targetId,
      details: { self_reported: false, note: 'from the queue screen' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ logged: true });
    const rows = await rowsOf();
    expect(rows).toHaveLength(before + 1);
    expect(rows.find((row) => row.actionType === 'approve_withdrawal')).toMatchObject({
      actorUserId: finance.userId,
      adminRole: 'financial_admin',
      actionType: 'approve_withdrawal',
      targetType: 'withdrawal',
      targetId,
      details: {
        self_reported: true,
        reported_by: 'browser',
        reported_details: { self_reported: false, note: 'from the queue screen' },
      },
    });
    // Every action the server records is in the list the RPC accepts.
    expect(ADMIN_ACTION_TYPES).toContain('coach_application.approved');
  });

  it('keeps the audit log append-only: the database refuses UPDATE and DELETE', async () => {
    const [row] = await t.db.select().from(adminAuditLog).limit(1);
    expect(row).toBeDefined();
    await expect(
      t.db
        .update(adminAuditLog)
        .set({ actionType: 'rewritten' })
        .where(eq(adminAuditLog.id, row?.id ?? '')),
    ).rejects.toThrow();
    await expect(t.db.delete(adminAuditLog).where(eq(adminAuditLog.id, row?.id ?? ''))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate admin_audit_log`)).rejects.toThrow();
  });
});
