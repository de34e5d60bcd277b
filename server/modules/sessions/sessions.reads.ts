import { SESSION_LIST_PAGE_SIZE, type ChatSession, type SessionList } from '#contracts/sessions';
import { AppError } from '#domain/errors/app-error';
import type { ChatSessionViewRow } from './sessions.repository';
import { toChatSession, type SessionsDeps, type SessionsShared } from './sessions.shared';

/** What a party reads: their sessions, their live one, one session. */
export function createSessionsReads(deps: SessionsDeps, shared: SessionsShared) {
  const { db, repository, clock } = deps;
  const { roleIn } = shared;

  return {
    /** GET /api/sessions: the coach's (coach role required, 5 per page) or the client's (20 per page). */
    async list(
      userId: string,
      query: { as: 'coach' | 'client'; status?: 'active' | 'completed' | undefined; page: number },
    ): Promise<SessionList> {
      const now = clock.now();
      const pageSize = SESSION_LIST_PAGE_SIZE[query.as];
      const input = { status: query.status, now, limit: pageSize, offset: (query.page - 1) * pageSize };
      let result: { rows: ChatSessionViewRow[]; total: number };
      if (query.as === 'coach') {
        if (!(await repository.holdsCoachRole(db, userId)))
          throw new AppError(
            'FORBIDDEN',
            'Only coaches have coach sessions. Switch to your client sessions.',
          );
        result = await repository.listForCoach(db, { ...input, coachId: userId });
      } else {
        result = await repository.listForClient(db, { ...input, userId });
      }
      return {
        sessions: result.rows.map((row) => toChatSession(row, query.as, now)),
        total: result.total,
        page: query.page,
        page_size: pageSize,
      };
    },

    /**
     * GET /api/sessions/active: the person's live session (either party), newest, or null. For a
     * guest (`guest: true`, the guard's AuthContext.guest) the session its link joined, as 'guest'.
     */
    async active(userId: string, options: { guest?: boolean } = {}): Promise<ChatSession | null> {
      const now = clock.now();
      if (options.guest) {
        const joined = await repository.findLiveAsGuest(db, userId, now);
        return joined ? toChatSession(joined, 'guest', now) : null;
      }
      const row = await repository.findLive(db, userId, now);
      return row ? toChatSession(row, row.coachId === userId ? 'coach' : 'client', now) : null;
    },

    /**
     * GET /api/sessions/:id: its parties only (the client by id or confirmed email); 404 otherwise.
     * With `guests: true` (the room's screen, chat, presence) also a guest of the session, as 'guest';
     * without it (reviews, follow-ups, the call's ICE servers) a guest is nobody: 404.
     */
    async get(userId: string, id: string, options: { guests?: boolean } = {}): Promise<ChatSession> {
      const row = await repository.findViewById(db, id);
      const viewer = row ? await roleIn(db, row, userId, options.guests ?? false) : null;
      if (!row || !viewer) throw new AppError('NOT_FOUND', 'This session could not be found.');
      return toChatSession(row, viewer, clock.now());
    },
  };
}
