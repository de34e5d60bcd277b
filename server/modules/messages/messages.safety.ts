import { SAFETY_TEXTS, type BlockedPerson, type ReportInput } from '#contracts/messages';
import { AppError } from '#domain/errors/app-error';
import type { ActiveAdmin } from '../admin/admin.service';
import { notFound, toMessage, type MessagesDeps } from './messages.shared';

/**
 * Safety (#17): a person blocks someone they share a conversation, request or session with (either
 * side's block stops both directions, history kept); a party reports a conversation or a message; the
 * moderators read the reports.
 */
export function createSafetyUseCases(deps: MessagesDeps) {
  const { db, repository, safety, clock } = deps;

  /** The people `userId` blocked, newest first. */
  async function blocked(userId: string): Promise<{ blocked: BlockedPerson[] }> {
    const rows = await safety.blockedBy(db, userId);
    return {
      blocked: rows.map((row) => ({
        user_id: row.userId,
        name: row.fullName?.trim() || 'Wellspring member',
        avatar_url: row.avatarUrl,
        blocked_at: row.createdAt.toISOString(),
      })),
    };
  }

  return {
    blocked,

    /** Blocks someone the caller shares a conversation, request or session with (404 otherwise). */
    async block(userId: string, otherId: string): Promise<{ blocked: BlockedPerson; created: boolean }> {
      if (otherId === userId) throw new AppError('VALIDATION_ERROR', SAFETY_TEXTS.ownBlock);
      if (!(await safety.shareHistory(db, userId, otherId)))
        throw new AppError('NOT_FOUND', SAFETY_TEXTS.blockNotFound);
      const created = await safety.block(db, userId, otherId, clock.now());
      const person = (await blocked(userId)).blocked.find((row) => row.user_id === otherId);
      if (!person) throw new Error('a block vanished right after it was written');
      return { blocked: person, created };
    },

    async unblock(userId: string, otherId: string): Promise<void> {
      await safety.unblock(db, userId, otherId);
    },

    /** A party reports the conversation or one of its messages; kept for the moderators. */
    async report(userId: string, id: string, input: ReportInput) {
      const found = await repository.findForParty(db, id, userId);
      if (!found) throw notFound();
      const conversation = found.conversation;
      if (input.message_id) {
        const message = await repository.findMessage(db, input.message_id);
        if (message?.conversationId !== id)
          throw new AppError('NOT_FOUND', 'This message could not be found.');
      }
      const row = await safety.insertReport(db, {
        reporterId: userId,
        conversationId: id,
        messageId: input.message_id ?? null,
        reportedUserId: conversation.coachId === userId ? conversation.clientId : conversation.coachId,
        reason: input.reason,
        details: input.details || null,
        createdAt: clock.now(),
      });
      return {
        report: { id: row.id, reason: row.reason, created_at: row.createdAt.toISOString() },
        message: SAFETY_TEXTS.reported,
      };
    },

    /** For moderators (view_user_reports): the newest reports; the view is audit-logged. */
    async listReports(admin: ActiveAdmin, requestId: string) {
      await deps.admin.logActivity(db, admin, {
        actionType: 'view_message_reports',
        targetType: 'message_reports',
        requestId,
      });
      const rows = await safety.listReports(db, 200);
      return {
        reports: rows.map(({ report, message }) => ({
          id: report.id,
          reason: report.reason,
          details: report.details,
          created_at: report.createdAt.toISOString(),
          conversation_id: report.conversationId,
          reporter_id: report.reporterId,
          reported_user_id: report.reportedUserId,
          message: message ? toMessage(message) : null,
        })),
      };
    },
  };
}
