import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminApplicationListSchema,
  adminApplicationSchema,
  myApplicationResponseSchema,
  type ApplicationBodyInput,
} from '#contracts/applications';
import type { AuthSession } from '#contracts/auth';
import { meResponseSchema } from '#contracts/auth';
import { NOTIFICATION_TEXTS } from '#contracts/notifications';
import { ownProfileSchema } from '#contracts/profiles';
import { adminAuditLog, coachApplications, coachDirectory } from '#server/db/schema/index';
import type { Role } from '#domain/auth/roles';
import { createManualClock } from '#domain/clock';
import { insertAdmin } from '#test/factories/admin';
import { bearer, errorOf, outboxFor, signUpWithRole, uniqueEmail } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';
import { createApplicationsRepository } from './applications.repository';
import { createApplicationsService } from './applications.service';
import {
  notificationsOf as notificationsOfPerson,
  notificationCreatedEvents,
} from '#test/support/notifications';

const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
let manager: AuthSession;
let managerId: string;
let superAdmin: AuthSession;

const VALID: ApplicationBodyInput = {
  experience: '  Six years of coaching people through burnout at a hospital wellness programme.  ',
  years_experience: 6,
  categories: ['burnout', 'stress'],
  credentials: 'ICF Associate Certified Coach',
  bio: 'I help tired people find their footing again.',
  intended_text_price: 2500,
  intended_audio_price: null,
  intended_video_price: 4500,
};

beforeAll(async () => {
  const admin = await insertAdmin(t.app, t.db, t.clock.now(), 'coach_manager');
  manager = admin.session;
  managerId = admin.userId;
  superAdmin = (await insertAdmin(t.app, t.db, t.clock.now(), 'super_admin')).session;
});

async function person(fullName: string, role?: Role) {
  const email = uniqueEmail();
  const session = await signUpWithRole(t.app, role ?? null, { fullName, email });
  return { session, email, userId: session.user.id };
}

const apply = (session: AuthSession, payload: object = VALID) =>
  t.app.inject({ method: 'POST', url: '/api/coach-applications', headers: bearer(session), payload });
const mine = async (session: AuthSession) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/coach-applications/me',
    headers: bearer(session),
  });
  expect(response.statusCode).toBe(200);
  return myApplicationResponseSchema.parse(response.json());
};
const approve = (session: AuthSession, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/coach-applications/${id}/approve`,
    headers: bearer(session),
  });
const reject = (session: AuthSession, id: string, reason: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/coach-applications/${id}/reject`,
    headers: bearer(session),
    payload: { reason },
  });
const list = async (session: AuthSession, status: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/coach-applications?status=${status}`,
    headers: bearer(session),
  });
  expect(response.statusCode).toBe(200);
  return adminApplicationListSchema.parse(response.json());
};
async function appliedId(session: AuthSession, payload: object = VALID) {
  const response = await apply(session, payload);
  expect(response.statusCode, response.body).toBe(201);
  const id = myApplicationResponseSchema.parse(response.json()).application?.id;
  if (!id) throw new Error('no application id');
  return id;
}
/** The person's notifications, newest first, and the notification.created events on their topic. */
const notificationsOf = (session: AuthSession) => notificationsOfPerson(t, session);
const createdEventsOf = (userId: string) => notificationCreatedEvents(t, userId);
const auditOf = (targetId: string) =>
  t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));

describe('applying (POST /api/coach-applications, GET /api/coach-applications/me)', () => {
  it('needs a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/coach-applications/me' })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'POST', url: '/api/coach-applications', payload: VALID });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
  });

  it("answers 'none' before the first application", async () => {
    const { session } = await person('Nora None', 'client');
    expect(await mine(session)).toEqual({
      status: 'none',
      rejection_reason: null,
      application: null,
      history: [],
    });
  });

  it('stores a pending application with trimmed texts and the rates in cents', async () => {
    const { session, userId } = await person('Priya Patel', 'client');
    const response = await apply(session);
    expect(response.statusCode).toBe(201);
    const body = myApplicationResponseSchema.parse(response.json());
    expect(body.status).toBe('pending');
    expect(body.rejection_reason).toBeNull();
    expect(body.application).toMatchObject({
      user_id: userId,
      status: 'pending',
      experience: 'Six years of coaching people through burnout at a hospital wellness programme.',
      years_experience: 6,
      categories: ['burnout', 'stress'],
      credentials: 'ICF Associate Certified Coach',
      bio: 'I help tired people find their footing again.',
      intended_text_price: 2500,
      intended_audio_price: null,
      intended_video_price: 4500,
      reviewed_at: null,
    });
    expect(body.history).toHaveLength(1);
    expect(await mine(session)).toEqual(body);
  });

  it('refuses what is missing or out of bounds, naming each field with a message to act on', async () => {
    const { session } = await person('Val Idation', 'client');
    const cases: [object, string, string][] = [
      [{ ...VALID, experience: '   ' }, 'body.experience', 'Tell us about your coaching experience.'],
      [{ ...VALID, bio: '' }, 'body.bio', 'Write a short bio clients will read.'],
      [{ ...VALID, categories: [] }, 'body.categories', 'Pick at least one category you coach in.'],
      [
        { ...VALID, categories: ['sleep', 'yoga', 'grief', 'habits', 'career', 'life'] },
        'body.categories',
        'Pick at most 5 categories.',
      ],
      [{ ...VALID, categories: ['astrology'] }, 'body.categories.0', 'Pick categories from the list.'],
      [{ ...VALID, categories: ['sleep', 'sleep'] }, 'body.categories', 'Each category can be picked once.'],
      [{ ...VALID, intended_text_price: 50 }, 'body.intended_text_price', 'Enter a rate between'],
      [{ ...VALID, intended_audio_price: 30.5 }, 'body.intended_audio_price', 'Enter a rate between'],
      [{ ...VALID, years_experience: -1 }, 'body.years_experience', 'Enter a whole number of years'],
      [{ ...VALID, bio: 'x'.repeat(3_001) }, 'body.bio', 'Keep your bio under 3,000 characters.'],
    ];
    for (const [payload, path, message] of cases) {
      const response = await apply(session, payload);
      expect(response.statusCode, path).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details, path).toEqual(
        expect.arrayContaining([{ path, message: expect.stringContaining(message) as string }]),
      );
    }
    const unknownKey = await apply(session, { ...VALID, status: 'approved' });
    expect(unknownKey.statusCode).toBe(400);
    expect((await mine(session)).status).toBe('none');
  });

  it('refuses a second application while one is pending, also when both arrive at once', async () => {
    const { session } = await person('Dee Duplicate', 'client');
    const [first, second] = await Promise.all([apply(session), apply(session)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(errorOf(loser)).toMatchObject({
      code: 'APPLICATION_PENDING',
      message: expect.stringContaining('already being reviewed') as string,
    });
    const again = await apply(session);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('APPLICATION_PENDING');
    expect((await mine(session)).history).toHaveLength(1);
  });
});

describe('review (admin, manage_applications)', () => {
  it('lists pending applications oldest first, with the applicant and the counts', async () => {
    const { session, email, userId } = await person('Lina Listed', 'client');
    const id = await appliedId(session);
    const pending = await list(manager, 'pending');
    const item = pending.applications.find((entry) => entry.id === id);
    expect(item).toMatchObject({
      status: 'pending',
      categories: ['burnout', 'stress'],
      applicant: { user_id: userId, full_name: 'Lina Listed', email, avatar_url: null },
      reviewer: null,
    });
    expect(pending.counts.pending).toBe(pending.applications.length);
    const created = pending.applications.map((entry) => entry.created_at);
    expect(created).toEqual([...created].sort());
    expect((await list(manager, 'approved')).applications.some((entry) => entry.id === id)).toBe(false);

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/admin/coach-applications/${id}`,
      headers: bearer(manager),
    });
    expect(one.statusCode).toBe(200);
    expect(adminApplicationSchema.parse(one.json())).toEqual(item);
  });

  it('approval grants the coach role, fills the empty profile fields, audits and sends coach_welcome', async () => {
    const { session, email, userId } = await person('Amara Okafor', 'client');
    // A field the person already wrote is kept.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/profiles/me',
      headers: bearer(session),
      payload: { short_bio: 'My own words.' },
    });
    expect(patched.statusCode).toBe(200);
    const id = await appliedId(session);

    const response = await approve(manager, id);
    expect(response.statusCode, response.body).toBe(200);
    const decided = adminApplicationSchema.parse(response.json());
    expect(decided).toMatchObject({
      status: 'approved',
      rejection_reason: null,
      reviewer: { user_id: managerId },
    });
    expect(decided.reviewed_at).toBe(t.clock.now().toISOString());

    const me = meResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session) })).json(),
    );
    expect([...me.roles].sort()).toEqual(['client', 'coach']);
    // The active role is left as it was.
    expect(me.active_role).toBe('client');

    const profile = ownProfileSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/profiles/me', headers: bearer(session) })).json(),
    );
    expect(profile).toMatchObject({
      short_bio: 'My own words.',
      about_me: 'I help tired people find their footing again.',
      work_experience: 'Six years of coaching people through burnout at a hospital wellness programme.',
      years_experience: 6,
      on_demand_text_price: 2500,
      on_demand_audio_price: null,
      on_demand_video_price: 4500,
      categories: ['burnout', 'stress'],
    });

    const audit = await auditOf(id);
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actorUserId: managerId,
          adminRole: 'coach_manager',
          actionType: 'coach_application.approved',
          targetType: 'coach_application',
          targetId: id,
          details: { applicant_user_id: userId, categories: ['burnout', 'stress'] },
        }),
      ]),
    );

    const [welcome, ...more] = await outboxFor(t.db, email, 'coach_welcome');
    expect(more).toEqual([]);
    expect(welcome).toMatchObject({
      channel: 'email',
      template: 'coach_welcome',
      status: 'pending',
      data: { coachName: 'Amara Okafor', dashboardUrl: `${t.config.publicUrl}/portal` },
    });
    expect(welcome?.bodyText).toContain('Amara Okafor');
    expect(welcome?.bodyText).toContain(`${t.config.publicUrl}/portal`);

    // The applicant sees the outcome; an approved coach has nothing to apply for.
    const status = await mine(session);
    expect(status).toMatchObject({ status: 'approved', rejection_reason: null });
    const again = await apply(session);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('ALREADY_APPROVED_COACH');

    // Approval is what lists a coach in discovery (kept by the database triggers).
    const listed = await t.db
      .select({ coachId: coachDirectory.coachId })
      .from(coachDirectory)
      .where(eq(coachDirectory.coachId, userId));
    expect(listed).toHaveLength(1);

    // A second decision on the same application loses.
    const twice = await approve(superAdmin, id);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toMatchObject({
      code: 'APPLICATION_ALREADY_REVIEWED',
      message: expect.stringContaining('already approved') as string,
    });
    expect((await reject(superAdmin, id, 'Too late')).statusCode).toBe(409);
  });

  it('isApprovedCoach follows the approval', async () => {
    const service = createApplicationsService({
      db: t.db,
      repository: createApplicationsRepository(),
      clock: createManualClock('2026-11-21T09:00:00Z'),
      publicUrl: t.config.publicUrl,
      // Not used by isApprovedCoach.
      admin: undefined as never,
      roles: undefined as never,
      profiles: undefined as never,
      outbox: undefined as never,
      notifications: undefined as never,
    });
    const { session, userId } = await person('Ivo Isapproved', 'coach');
    const id = await appliedId(session);
    expect(await service.isApprovedCoach(userId)).toBe(false);
    expect((await approve(manager, id)).statusCode).toBe(200);
    expect(await service.isApprovedCoach(userId)).toBe(true);
  });

  it('rejection needs a reason; the applicant sees it, keeps no coach listing and may apply again', async () => {
    const { session, email, userId } = await person('Ren Rejected', 'coach');
    const id = await appliedId(session);

    for (const reason of ['', '   ', undefined, 'x'.repeat(1_001)]) {
      const response = await reject(manager, id, reason);
      expect(response.statusCode, String(reason)).toBe(400);
      expect(errorOf(response).details?.[0]?.path).toBe('body.reason');
    }
    expect((await mine(session)).status).toBe('pending');

    const response = await reject(manager, id, '  Please add your certification details.  ');
    expect(response.statusCode).toBe(200);
    expect(adminApplicationSchema.parse(response.json())).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Please add your certification details.',
    });

    expect(await mine(session)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Please add your certification details.',
    });
    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({
      actionType: 'coach_application.rejected',
      targetType: 'coach_application',
      details: { applicant_user_id: userId, reason: 'Please add your certification details.' },
    });
    expect(await outboxFor(t.db, email, 'coach_welcome')).toEqual([]);
    const listed = await t.db.select().from(coachDirectory).where(eq(coachDirectory.coachId, userId));
    expect(listed).toEqual([]);

    // Apply again (a moment later): a new pending application; the old one stays in the history.
    t.clock.advance(1_000);
    const secondId = await appliedId(session, { ...VALID, credentials: 'ICF ACC, certificate no. 1234' });
    expect(secondId).not.toBe(id);
    const after = await mine(session);
    expect(after.status).toBe('pending');
    expect(after.rejection_reason).toBeNull();
    expect(after.history.map((entry) => entry.id)).toEqual([secondId, id]);
    expect(after.history[1]?.rejection_reason).toBe('Please add your certification details.');
  });

  it('an approve racing a reject leaves exactly one outcome', async () => {
    const { session, email } = await person('Rita Race', 'client');
    const id = await appliedId(session);
    const [approved, rejected] = await Promise.all([approve(manager, id), reject(superAdmin, id, 'Not yet')]);
    const statuses = [approved.statusCode, rejected.statusCode];
    expect([...statuses].sort()).toEqual([200, 409]);
    const loser = approved.statusCode === 409 ? approved : rejected;
    expect(errorOf(loser).code).toBe('APPLICATION_ALREADY_REVIEWED');

    const winner = approved.statusCode === 200 ? 'approved' : 'rejected';
    const [row] = await t.db.select().from(coachApplications).where(eq(coachApplications.id, id));
    expect(row?.status).toBe(winner);
    const decisions = (await auditOf(id)).filter((entry) =>
      entry.actionType.startsWith('coach_application.'),
    );
    expect(decisions.map((entry) => entry.actionType)).toEqual([`coach_application.${winner}`]);
    expect(await outboxFor(t.db, email, 'coach_welcome')).toHaveLength(winner === 'approved' ? 1 : 0);
  });

  it('two approvals at once: one wins, one welcome email', async () => {
    const { session, email } = await person('Theo Twice', 'client');
    const id = await appliedId(session);
    const results = await Promise.all([approve(manager, id), approve(superAdmin, id)]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await outboxFor(t.db, email, 'coach_welcome')).toHaveLength(1);
    const approvals = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, id), eq(adminAuditLog.actionType, 'coach_application.approved')));
    expect(approvals).toHaveLength(1);
  });

  it('refuses people without manage_applications, and admins without the second factor', async () => {
    const { session } = await person('Cole Client', 'client');
    const id = await appliedId(session);
    const financial = (await insertAdmin(t.app, t.db, t.clock.now(), 'financial_admin')).session;
    const managerAal1 = (await insertAdmin(t.app, t.db, t.clock.now(), 'coach_manager', { aal2: false }))
      .session;

    for (const [caller, code] of [
      [session, 'FORBIDDEN'],
      [financial, 'FORBIDDEN'],
      [managerAal1, 'INSUFFICIENT_AAL'],
    ] as const) {
      for (const response of [
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/coach-applications',
          headers: bearer(caller),
        }),
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/coach-applications/${id}`,
          headers: bearer(caller),
        }),
        await approve(caller, id),
        await reject(caller, id, 'No'),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(errorOf(response).code).toBe(code);
      }
    }
    expect((await mine(session)).status).toBe('pending');
    expect(await auditOf(id)).toEqual([]);
  });

  it('answers 404 for an unknown application and 400 for a malformed id', async () => {
    const unknown = '6f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    expect((await approve(manager, unknown)).statusCode).toBe(404);
    expect((await reject(manager, unknown, 'Reason')).statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/coach-applications/not-a-uuid',
      headers: bearer(manager),
    });
    expect(malformed.statusCode).toBe(400);
    const badStatus = await t.app.inject({
      method: 'GET',
      url: '/api/admin/coach-applications?status=archived',
      headers: bearer(manager),
    });
    expect(badStatus.statusCode).toBe(400);
  });
});

describe('the applicant is told of the decision (application_decided)', () => {
  it('approved: the coach_welcome words and the way to the coach home, on their own topic', async () => {
    const { session, userId } = await person('Nadia Notified', 'client');
    const id = await appliedId(session);
    expect(await notificationsOf(session)).toEqual([]);
    expect((await approve(manager, id)).statusCode).toBe(200);

    const notifications = await notificationsOf(session);
    expect(notifications).toMatchObject([
      {
        type: 'application_decided',
        title: NOTIFICATION_TEXTS.applicationApproved.title,
        message: NOTIFICATION_TEXTS.applicationApproved.message,
        action_text: NOTIFICATION_TEXTS.applicationApproved.action,
        action_url: '/portal',
        read_at: null,
      },
    ]);
    expect(await createdEventsOf(userId)).toEqual([{ notification: notifications[0] }]);
    // The admin who decided is told nothing.
    expect(await notificationsOf(manager)).toEqual([]);
  });

  it('rejected: the reviewer’s reason and the way to the application’s status', async () => {
    const { session, userId } = await person('Rory Reason', 'client');
    const id = await appliedId(session);
    expect((await reject(manager, id, 'Please add your certification details')).statusCode).toBe(200);

    const notifications = await notificationsOf(session);
    expect(notifications).toMatchObject([
      {
        type: 'application_decided',
        title: 'Your application was not approved',
        message: 'The reviewer wrote: Please add your certification details. You can apply again.',
        action_url: '/coach-application',
      },
    ]);
    expect(await createdEventsOf(userId)).toEqual([{ notification: notifications[0] }]);
  });

  it('an approve racing a reject tells the applicant once, of the outcome that won', async () => {
    const { session } = await person('Tess Told', 'client');
    const id = await appliedId(session);
    const [approved] = await Promise.all([approve(manager, id), reject(superAdmin, id, 'Not yet')]);
    const notifications = await notificationsOf(session);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]?.action_url).toBe(approved.statusCode === 200 ? '/portal' : '/coach-application');
  });
});
