import type {
  AdminApplication,
  AdminApplicationList,
  Application,
  ApplicationBody,
  ApplicationStatus,
  MyApplicationResponse,
} from '#contracts/applications';
import { ADMIN_APPLICATIONS_PAGE_LIMIT } from '#contracts/applications';
import { NOTIFICATION_TEXTS } from '#contracts/notifications';
import type { RealtimeEvent } from '#contracts/realtime';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import type { ActiveAdmin, AdminService } from '../admin/admin.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { renderEmail } from '../outbox/email-templates';
import type { OutboxService } from '../outbox/outbox.service';
import type { ProfilesService } from '../profiles/profiles.service';
import type { RolesService } from '../roles/roles.service';
import {
  ONE_PENDING_INDEX,
  type AdminApplicationRow,
  type ApplicationRow,
  type ApplicationsRepository,
} from './applications.repository';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toApplication(row: ApplicationRow): Application {
  return {
    id: row.id,
    user_id: row.userId,
    status: row.status as ApplicationStatus,
    experience: row.experience,
    years_experience: row.yearsExperience,
    categories: row.categories,
    credentials: row.credentials,
    bio: row.bio,
    intended_text_price: row.intendedTextPrice,
    intended_audio_price: row.intendedAudioPrice,
    intended_video_price: row.intendedVideoPrice,
    rejection_reason: row.rejectionReason,
    reviewed_at: iso(row.reviewedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The applicant's name: the profile's, else the one given at sign-up. */
function applicantName(row: AdminApplicationRow): string | null {
  if (row.applicantFullName?.trim()) return row.applicantFullName.trim();
  const fromMetadata = row.applicantMetadata.full_name ?? row.applicantMetadata.name;
  return typeof fromMetadata === 'string' && fromMetadata.trim() ? fromMetadata.trim() : null;
}

function toAdminApplication(row: AdminApplicationRow): AdminApplication {
  const { application } = row;
  return {
    ...toApplication(application),
    applicant: {
      user_id: application.userId,
      full_name: applicantName(row),
      email: row.applicantEmail,
      avatar_url: row.applicantAvatarUrl,
    },
    reviewer: application.reviewedBy
      ? { user_id: application.reviewedBy, full_name: row.reviewerFullName }
      : null,
  };
}

/** SQLSTATE 23505 on the one-pending-application index (two submissions racing). */
function isPendingDuplicate(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === '23505' && candidate.constraint === ONE_PENDING_INDEX) return true;
  }
  return false;
}

/** A decided application's outcome: the admin's view, and the applicant's event (delivered after commit). */
export type ApplicationDecision = { body: AdminApplication; events: RealtimeEvent[] };

/**
 * Coach applications: apply, see one's status, and the admin review (manage_applications).
 * A decision is one transaction: the compare-and-set on the row, on approval the coach role, the
 * profile prefill and the coach_welcome email, the audit row, and the applicant's notification
 * (application_decided: approved -> the coach home, rejected -> the application's status).
 */
export function createApplicationsService(deps: {
  db: Database;
  repository: ApplicationsRepository;
  admin: AdminService;
  roles: RolesService;
  profiles: ProfilesService;
  outbox: OutboxService;
  notifications: Pick<NotificationsService, 'notify'>;
  clock: Clock;
  publicUrl: string;
}) {
  const { db, repository, clock } = deps;

  /** The applicant hears of the decision in its transaction. */
  function tellApplicant(tx: DbExecutor, row: ApplicationRow): Promise<RealtimeEvent[]> {
    const base = { userId: row.userId, type: 'application_decided' as const };
    if (row.status === 'approved')
      return deps.notifications.notify(tx, {
        ...base,
        title: NOTIFICATION_TEXTS.applicationApproved.title,
        message: NOTIFICATION_TEXTS.applicationApproved.message,
        actionText: NOTIFICATION_TEXTS.applicationApproved.action,
        actionUrl: '/portal',
      });
    return deps.notifications.notify(tx, {
      ...base,
      title: NOTIFICATION_TEXTS.applicationRejected.title,
      message: NOTIFICATION_TEXTS.applicationRejected.message(row.rejectionReason ?? ''),
      actionText: NOTIFICATION_TEXTS.applicationRejected.action,
      actionUrl: '/coach-application',
    });
  }

  async function mine(executor: DbExecutor, userId: string): Promise<MyApplicationResponse> {
    const rows = await repository.findByUser(executor, userId);
    const latest = rows[0];
    return {
      status: latest ? (latest.status as ApplicationStatus) : 'none',
      rejection_reason: latest?.status === 'rejected' ? latest.rejectionReason : null,
      application: latest ? toApplication(latest) : null,
      history: rows.map(toApplication),
    };
  }

  /** The row after a lost compare-and-set: not there at all, or decided by someone else. */
  async function explainLostDecision(id: string): Promise<never> {
    const row = await repository.findForAdmin(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'This application does not exist (any more).');
    throw new AppError(
      'APPLICATION_ALREADY_REVIEWED',
      `This application was already ${row.application.status}. Refresh the list to see its outcome.`,
    );
  }

  /**
   * An admin's decision on a pending application: the compare-and-set, what the decision adds
   * (`andThen`: its audit row, …) and the applicant's notification commit together; a lost race is
   * explained, a won one answers the row and the applicant's event.
   */
  async function decide(
    admin: ActiveAdmin,
    id: string,
    decision: { status: 'approved' | 'rejected'; rejectionReason: string | null },
    andThen: (tx: DbExecutor, row: ApplicationRow) => Promise<void>,
  ): Promise<ApplicationDecision> {
    const events = await db.transaction(async (tx) => {
      const row = await repository.decideIfPending(tx, id, {
        ...decision,
        reviewedBy: admin.userId,
        reviewedAt: clock.now(),
      });
      if (!row) return null;
      await andThen(tx, row);
      return tellApplicant(tx, row);
    });
    if (!events) return explainLostDecision(id);
    const row = await repository.findForAdmin(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return { body: toAdminApplication(row), events };
  }

  return {
    getMine: (userId: string) => mine(db, userId),

    /** Whether the person has an approved application (listed in discovery, may go online). */
    isApprovedCoach: (userId: string) => repository.hasStatus(db, userId, 'approved'),

    async apply(userId: string, body: ApplicationBody): Promise<MyApplicationResponse> {
      try {
        return await db.transaction(async (tx) => {
          if (await repository.hasStatus(tx, userId, 'approved'))
            throw new AppError('ALREADY_APPROVED_COACH');
          if (await repository.hasStatus(tx, userId, 'pending')) throw new AppError('APPLICATION_PENDING');
          const now = clock.now();
          await repository.insert(tx, {
            userId,
            experience: body.experience,
            yearsExperience: body.years_experience ?? null,
            categories: body.categories,
            credentials: body.credentials ?? '',
            bio: body.bio,
            intendedTextPrice: body.intended_text_price ?? null,
            intendedAudioPrice: body.intended_audio_price ?? null,
            intendedVideoPrice: body.intended_video_price ?? null,
            createdAt: now,
            updatedAt: now,
          });
          return mine(tx, userId);
        });
      } catch (error) {
        // Two submissions at once: the partial unique index lets exactly one through.
        if (isPendingDuplicate(error)) throw new AppError('APPLICATION_PENDING');
        throw error;
      }
    },

    async list(
      admin: ActiveAdmin,
      status: ApplicationStatus,
      requestId: string,
    ): Promise<AdminApplicationList> {
      const [rows, counts] = await Promise.all([
        repository.listByStatus(db, status, ADMIN_APPLICATIONS_PAGE_LIMIT),
        repository.countByStatus(db),
      ]);
      await deps.admin.logActivity(db, admin, {
        actionType: 'view_coach_applications',
        targetType: 'coach_application',
        details: { status, listed: rows.length },
        requestId,
      });
      return { applications: rows.map(toAdminApplication), counts };
    },

    async get(admin: ActiveAdmin, id: string, requestId: string): Promise<AdminApplication> {
      const row = await repository.findForAdmin(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'This application does not exist (any more).');
      await deps.admin.logActivity(db, admin, {
        actionType: 'view_coach_application',
        targetType: 'coach_application',
        targetId: id,
        requestId,
      });
      return toAdminApplication(row);
    },

    /**
     * Approves a pending application: the coach role, the profile prefill (empty fields only), the
     * audit row and the coach_welcome email commit together, or none of them does.
     */
    async approve(admin: ActiveAdmin, id: string, requestId: string): Promise<ApplicationDecision> {
      return decide(admin, id, { status: 'approved', rejectionReason: null }, async (tx, row) => {
        await deps.roles.grantRole(tx, row.userId, 'coach');
        await deps.profiles.prefillFromCoachApplication(tx, row.userId, {
          bio: row.bio,
          experience: row.experience,
          yearsExperience: row.yearsExperience,
          categories: row.categories,
          textPrice: row.intendedTextPrice,
          audioPrice: row.intendedAudioPrice,
          videoPrice: row.intendedVideoPrice,
        });
        await deps.admin.logActivity(tx, admin, {
          actionType: 'coach_application.approved',
          targetType: 'coach_application',
          targetId: row.id,
          details: { applicant_user_id: row.userId, categories: row.categories },
          requestId,
        });
        const applicant = await repository.findForAdmin(tx, row.id);
        const email = applicant?.applicantEmail;
        if (applicant && email) {
          const data = {
            coachName: applicantName(applicant) ?? 'Coach',
            dashboardUrl: `${deps.publicUrl}/portal`,
          };
          await deps.outbox.enqueue(tx, {
            channel: 'email',
            recipient: email,
            template: 'coach_welcome',
            ...renderEmail('coach_welcome', data),
            data,
          });
        }
      });
    },

    /** Rejects a pending application with a reason the applicant sees; they may apply again. */
    async reject(
      admin: ActiveAdmin,
      id: string,
      reason: string,
      requestId: string,
    ): Promise<ApplicationDecision> {
      return decide(admin, id, { status: 'rejected', rejectionReason: reason }, async (tx, row) => {
        await deps.admin.logActivity(tx, admin, {
          actionType: 'coach_application.rejected',
          targetType: 'coach_application',
          targetId: row.id,
          details: { applicant_user_id: row.userId, reason },
          requestId,
        });
      });
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
