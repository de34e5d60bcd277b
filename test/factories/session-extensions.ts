import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AuthSession } from '#contracts/auth';
import {
  acceptSessionExtensionResponseSchema,
  sessionExtensionSchema,
  type SessionExtension,
} from '#contracts/session-extensions';
import { acceptResponseSchema, type ChatSession } from '#contracts/sessions';
import { bearer } from '../support/auth';
import type { TestClient, TestCoach } from './people';
import { buildSessionRequestBody, postSessionRequest } from './sessions';
import type { TestAppHandle } from '../support/test-app';

/** Shared by the session-extensions integration suites: live sessions, asks, answers and money reads. */
export function extensionHelpers(t: TestAppHandle) {
  const pool = () => t.pool;

  /** A live session: the client's instant request (its price held), accepted by the coach. */
  async function liveSession(
    coach: TestCoach,
    client: TestClient,
    extra: Record<string, unknown> = {},
  ): Promise<ChatSession> {
    const requested = await postSessionRequest(
      t.app,
      client.session,
      buildSessionRequestBody(coach.id, extra),
    );
    expect(requested.statusCode, requested.body).toBe(201);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/session-requests/${requested.json<{ id: string }>().id}/accept`,
      headers: bearer(coach.session),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return acceptResponseSchema.parse(accepted.json()).session;
  }

  /** POST /api/sessions/:id/extensions with an Idempotency-Key (`null`: none). */
  const ask = (
    who: Pick<AuthSession, 'access_token'>,
    sessionId: string,
    minutes: number,
    key: string | null = randomUUID(),
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/extensions`,
      headers: { ...bearer(who), ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: { minutes },
    });

  async function asked(client: TestClient, sessionId: string, minutes = 15): Promise<SessionExtension> {
    const response = await ask(client.session, sessionId, minutes);
    expect(response.statusCode, response.body).toBe(201);
    return sessionExtensionSchema.parse(response.json());
  }

  /** POST /api/session-extensions/:id/<action> */
  const answer = (
    who: Pick<AuthSession, 'access_token'>,
    id: string,
    action: 'accept' | 'decline' | 'cancel',
  ) => t.app.inject({ method: 'POST', url: `/api/session-extensions/${id}/${action}`, headers: bearer(who) });

  async function accepted(coach: TestCoach, id: string) {
    const response = await answer(coach.session, id, 'accept');
    expect(response.statusCode, response.body).toBe(200);
    return acceptSessionExtensionResponseSchema.parse(response.json());
  }

  /** POST /api/sessions/:id/end as the coach. */
  const end = (coach: TestCoach, sessionId: string) =>
    t.app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/end`, headers: bearer(coach.session) });

  /** The ask's money hold (status, amount), or undefined. */
  async function holdOf(extensionId: string) {
    const result = await pool().query<{
      status: string;
      amount: string;
      captured_coach_amount: string | null;
    }>(
      `select status, amount, captured_coach_amount from money_holds
        where reference_type = 'session_extension' and reference_id = $1`,
      [extensionId],
    );
    const row = result.rows[0];
    return row
      ? {
          status: row.status,
          amount: Number(row.amount),
          coach: row.captured_coach_amount === null ? null : Number(row.captured_coach_amount),
        }
      : undefined;
  }

  /** The ledger postings under a reference, by kind (sorted). */
  async function postingsOf(type: 'session_extension' | 'session_request', id: string): Promise<string[]> {
    const result = await pool().query<{ kind: string }>(
      'select kind from ledger_transactions where reference_type = $1 and reference_id = $2 order by kind',
      [type, id],
    );
    return result.rows.map((row) => row.kind);
  }

  async function extensionRow(id: string) {
    const result = await pool().query<{ status: string; responded_at: Date | null }>(
      'select status, responded_at from session_extensions where id = $1',
      [id],
    );
    return result.rows[0];
  }

  async function sessionRow(id: string) {
    const result = await pool().query<{
      status: string;
      duration_minutes: number;
      payment_amount: string;
      earnings: string | null;
      completed_by: string | null;
    }>(
      'select status, duration_minutes, payment_amount, earnings, completed_by from chat_sessions where id = $1',
      [id],
    );
    const row = result.rows[0];
    if (!row) throw new Error(`no session ${id}`);
    return {
      status: row.status,
      duration: row.duration_minutes,
      payment: Number(row.payment_amount),
      earnings: row.earnings === null ? null : Number(row.earnings),
      completedBy: row.completed_by,
    };
  }

  async function ledgerConsistent() {
    const report = await t.app.ledger.service.checkInvariants(t.db);
    expect(report).toMatchObject({ ok: true, unbalancedTransactions: [], negativeAccounts: [] });
  }

  return {
    liveSession,
    ask,
    asked,
    answer,
    accepted,
    end,
    holdOf,
    postingsOf,
    extensionRow,
    sessionRow,
    ledgerConsistent,
  };
}
